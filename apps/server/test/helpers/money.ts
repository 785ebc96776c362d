import type { Modules } from '../../src/app.ts';
import { memberMain, systemAccount } from '../../src/modules/ledger/index.ts';

let fundSeq = 0;

/** Credits a member's main wallet from the merchant's adjustments account (test set-up, through the ledger). */
export async function fundMember(
  services: Pick<Modules, 'ledger'>,
  merchant: { id: bigint; currency: string },
  memberId: bigint,
  amount: bigint,
): Promise<void> {
  fundSeq += 1;
  await services.ledger.postOrThrow({
    merchantId: merchant.id,
    currency: merchant.currency,
    scope: 'test_funding',
    key: `fund:${memberId}:${fundSeq}:${Date.now()}`,
    kind: 'adjustment',
    memberId,
    legs: [{ debit: systemAccount('adjustments', memberId), credit: memberMain(memberId), amount, code: 'adjustment' }],
  });
}
