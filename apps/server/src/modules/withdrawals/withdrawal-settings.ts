import type { Merchant } from '../../http/principals.ts';
import type { WithdrawalSettingsRow } from './withdrawals.repository.ts';

export interface WithdrawalSettings {
  minAmount: bigint;
  maxAmount: bigint;
  confirmWindowMinutes: number;
  cancelAllowed: boolean;
}

/**
 * A merchant without its own row gets these: 10 to 50,000 major units, 60 minutes to confirm receipt, and no
 * member cancellation (UK rule: a requested withdrawal cannot be reversed by the player).
 */
export function effectiveSettings(
  row: WithdrawalSettingsRow | undefined,
  merchant: Pick<Merchant, 'currencyExponent'>,
): WithdrawalSettings {
  if (row)
    return {
      minAmount: row.min_amount,
      maxAmount: row.max_amount,
      confirmWindowMinutes: row.confirm_window_minutes,
      cancelAllowed: row.cancel_allowed,
    };
  const unit = 10n ** BigInt(merchant.currencyExponent);
  return { minAmount: 10n * unit, maxAmount: 50_000n * unit, confirmWindowMinutes: 60, cancelAllowed: false };
}
