import type { RewardBonusTerms, RewardBonusTermsWrite, RewardPayAs } from '@sea/contracts';
import { AppError } from '../../lib/errors.ts';

/**
 * The wagering terms of a reward paid as bonus money, as the modules that hold them store them: the same four
 * columns on member_rewards, cashback_programmes and activity_offers (migration 0215). One place converts them
 * from a request and back to the contracts' shape, so every programme reads and writes them alike.
 */
export interface BonusTerms {
  multiplier: number;
  maxConversion: bigint | null;
  maxStake: bigint | null;
  expiryDays: number;
}

export interface BonusTermColumns {
  bonus_multiplier: number | null;
  bonus_max_conversion: bigint | null;
  bonus_max_stake: bigint | null;
  bonus_expiry_days: number | null;
}

/** The columns of these terms (all null: paid as cash). */
export function termColumns(t: BonusTerms | null): BonusTermColumns {
  return {
    bonus_multiplier: t?.multiplier ?? null,
    bonus_max_conversion: t?.maxConversion ?? null,
    bonus_max_stake: t?.maxStake ?? null,
    bonus_expiry_days: t?.expiryDays ?? null,
  };
}

/** The terms a row holds (null: cash). */
export function termsOf(row: BonusTermColumns): BonusTerms | null {
  if (row.bonus_multiplier === null || row.bonus_expiry_days === null) return null;
  return {
    multiplier: row.bonus_multiplier,
    maxConversion: row.bonus_max_conversion,
    maxStake: row.bonus_max_stake,
    expiryDays: row.bonus_expiry_days,
  };
}

/**
 * A request's pay-as choice as terms (null: cash; the contract's refine has made sure bonus has its terms). Terms
 * that could never pay anything are refused here (validation_failed with the field): a maximum conversion of 0.
 */
export function termsFromRequest(b: {
  payAs: RewardPayAs;
  bonusTerms: RewardBonusTermsWrite | null;
}): BonusTerms | null {
  if (b.payAs !== 'bonus' || !b.bonusTerms) return null;
  const t = b.bonusTerms;
  if (t.maxConversion !== null && BigInt(t.maxConversion) === 0n)
    throw new AppError('validation_failed', 'A maximum conversion of 0 would never pay; leave it empty for no cap.', {
      in: 'body',
      fields: [
        {
          field: 'bonusTerms.maxConversion',
          reason: 'pays_nothing',
          message: 'A maximum conversion of 0 would never pay; leave it empty for no cap.',
        },
      ],
    });
  return {
    multiplier: t.multiplier,
    maxConversion: t.maxConversion === null ? null : BigInt(t.maxConversion),
    maxStake: t.maxStake === null ? null : BigInt(t.maxStake),
    expiryDays: t.expiryDays,
  };
}

export function presentTerms(t: BonusTerms | null): RewardBonusTerms | null {
  if (!t) return null;
  return {
    multiplier: t.multiplier,
    maxConversion: t.maxConversion === null ? null : String(t.maxConversion),
    maxStake: t.maxStake === null ? null : String(t.maxStake),
    expiryDays: t.expiryDays,
  };
}

/** The pay-as fields of an editor's response. */
export const presentPayment = (row: BonusTermColumns) => {
  const t = termsOf(row);
  return { payAs: (t ? 'bonus' : 'cash') as RewardPayAs, bonusTerms: presentTerms(t) };
};
