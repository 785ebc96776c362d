import type { AnyDb } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { type LedgerModule, memberMain, systemAccount } from '../ledger/index.ts';
import type { WithdrawalRow } from './withdrawals.repository.ts';

/**
 * Every ledger movement of a withdrawal, in one place. Keys derive from the withdrawal id (scope
 * 'withdrawal'), so each step can post at most once whatever retries or races happen:
 *   hold      member main → payment clearing, pending (available drops at once, the balance does not)
 *   disburse  the hold is posted (the money leaves for good)
 *   release   the hold is voided (operator reject or member cancel: only one of them can ever happen)
 *   refund    payment clearing → member main (an operator settling a dispute)
 * Each runs inside the caller's transaction with the withdrawal's state change.
 */
export const withdrawalKeys = {
  hold: (id: bigint) => `withdrawal:${id}:hold`,
  disburse: (id: bigint) => `withdrawal:${id}:disburse`,
  release: (id: bigint) => `withdrawal:${id}:release`,
  refund: (id: bigint) => `withdrawal:${id}:refund`,
};

type Ledger = Pick<LedgerModule, 'move' | 'settleHold'>;
const SCOPE = 'withdrawal';

export function createWithdrawalPostings(ledger: Ledger) {
  const settle = async (trx: AnyDb, merchant: Merchant, row: WithdrawalRow, action: 'disburse' | 'release') => {
    const r = await ledger.settleHold(
      {
        merchant,
        scope: SCOPE,
        key: withdrawalKeys[action](row.id),
        kind: 'withdrawal',
        memberId: row.member_id,
        ref: { withdrawalId: row.id.toString(), reference: row.reference, action },
        holdId: row.hold_transfer_id!,
        action: action === 'disburse' ? 'post' : 'void',
      },
      trx,
    );
    if (!r.ok)
      throw new AppError(
        'state_invalid',
        `The hold could not be ${action === 'disburse' ? 'posted' : 'released'} (${r.error}).`,
      );
  };

  return {
    /** Holds the amount; returns the hold's transfer id (insufficient_funds when the member cannot cover it). */
    async hold(
      trx: AnyDb,
      merchant: Merchant,
      row: Pick<WithdrawalRow, 'id' | 'member_id' | 'amount' | 'reference'>,
    ): Promise<bigint> {
      const r = await ledger.move(
        {
          merchant,
          scope: SCOPE,
          key: withdrawalKeys.hold(row.id),
          kind: 'withdrawal',
          memberId: row.member_id,
          ref: { withdrawalId: row.id.toString(), reference: row.reference, action: 'hold' },
          from: memberMain(row.member_id),
          to: systemAccount('payment_clearing', row.member_id),
          amount: row.amount,
          pending: true,
        },
        trx,
      );
      if (!r.ok) throw new AppError(r.error === 'insufficient_funds' ? 'insufficient_funds' : 'state_invalid');
      return r.transferIds[0]!;
    },

    disburse: (trx: AnyDb, merchant: Merchant, row: WithdrawalRow) => settle(trx, merchant, row, 'disburse'),

    release: (trx: AnyDb, merchant: Merchant, row: WithdrawalRow) => settle(trx, merchant, row, 'release'),

    async refund(trx: AnyDb, merchant: Merchant, row: WithdrawalRow, amount: bigint): Promise<void> {
      const r = await ledger.move(
        {
          merchant,
          scope: SCOPE,
          key: withdrawalKeys.refund(row.id),
          kind: 'withdrawal_refund',
          memberId: row.member_id,
          ref: { withdrawalId: row.id.toString(), reference: row.reference, action: 'refund' },
          from: systemAccount('payment_clearing', row.member_id),
          to: memberMain(row.member_id),
          amount,
        },
        trx,
      );
      if (!r.ok) throw new AppError('state_invalid', `The refund could not be posted (${r.error}).`);
    },
  };
}

export type WithdrawalPostings = ReturnType<typeof createWithdrawalPostings>;
