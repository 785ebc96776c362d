import type { AdminWithdrawal, WithdrawalStatus } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAdminAction } from '../admin/admin-audit.ts';
import { type LedgerService, memberMain, systemAccount } from '../ledger/ledger.service.ts';
import type { Merchant } from '../merchants/merchants.types.ts';
import { effectiveSettings, type WithdrawalSettings } from './withdrawal-settings.ts';
import { presentAdminWithdrawal } from './withdrawals.presenter.ts';
import {
  createWithdrawalsRepository,
  type WithdrawalRow,
  type WithdrawalsRepository,
} from './withdrawals.repository.ts';
import { releaseHold, toMinor, transitionRefused, withdrawalKeys } from './withdrawals.service.ts';

export interface AdminActor {
  id: bigint;
  ip?: string;
}

/**
 * Operator actions on withdrawals (admin API). Each one is a single transaction: the state transition (which
 * only one of racing actions can win), the ledger movement it implies, and the admin audit record.
 */
export function createWithdrawalOperatorService(deps: {
  db: Kysely<DB>;
  ledger: Pick<LedgerService, 'post'>;
  clock: () => Date;
}) {
  const repo = createWithdrawalsRepository(deps.db);

  async function act(
    merchant: Merchant,
    admin: AdminActor,
    action: string,
    detail: Record<string, unknown>,
    step: (r: WithdrawalsRepository, trx: Kysely<DB>, now: Date) => Promise<WithdrawalRow | undefined>,
    id: bigint,
  ): Promise<AdminWithdrawal> {
    await deps.db.transaction().execute(async (trx) => {
      const r = createWithdrawalsRepository(trx);
      const row = await step(r, trx, deps.clock());
      if (!row) return transitionRefused(r, merchant.id, id);
      await recordAdminAction(trx, {
        merchantId: merchant.id,
        adminId: admin.id,
        action,
        targetType: 'withdrawal',
        targetId: id,
        detail: { ...detail, amount: row.amount, memberId: row.member_id },
        ip: admin.ip,
      });
    });
    return getOne(merchant, id);
  }

  async function getOne(merchant: Merchant, id: bigint): Promise<AdminWithdrawal> {
    const { rows } = await repo.listForMerchant(merchant.id, { pageNo: 1, pageSize: 1, id });
    if (!rows[0]) throw new AppError('not_found', 'No such withdrawal.');
    return presentAdminWithdrawal(rows[0], merchant.currencyExponent);
  }

  return {
    getOne,

    /** The member's "not received" proof as a data URI (JPEG, re-encoded on upload), or null. */
    async proof(merchant: Merchant, id: bigint): Promise<string | null> {
      const row = await repo.proof(merchant.id, id);
      return row ? `data:image/jpeg;base64,${Buffer.from(row.content).toString('base64')}` : null;
    },

    async list(merchant: Merchant, q: { status?: WithdrawalStatus; pageNo: number; pageSize: number }) {
      const { total, rows } = await repo.listForMerchant(merchant.id, q);
      return {
        items: rows.map((r) => presentAdminWithdrawal(r, merchant.currencyExponent)),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },

    approve: (merchant: Merchant, admin: AdminActor, id: bigint) =>
      act(
        merchant,
        admin,
        'withdrawal.approve',
        {},
        (r, _trx, now) =>
          r.transition({ merchantId: merchant.id, id, from: ['requested'] }, 'approved', {
            approved_at: now,
            approved_by: admin.id,
            updated_at: now,
          }),
        id,
      ),

    /** Refused before disbursement (from the status the operator saw): the hold is released to the member. */
    reject: (
      merchant: Merchant,
      admin: AdminActor,
      id: bigint,
      reason: string,
      from: 'requested' | 'approved' = 'requested',
    ) =>
      act(
        merchant,
        admin,
        'withdrawal.reject',
        { reason, from },
        async (r, trx, now) => {
          const row = await r.transition({ merchantId: merchant.id, id, from: [from] }, 'rejected', {
            reject_reason: reason,
            closed_at: now,
            closed_by: admin.id,
            updated_at: now,
          });
          if (row) await releaseHold(deps.ledger, trx, merchant, row);
          return row;
        },
        id,
      ),

    /** The money was paid out: the hold is posted (it leaves the member for good) and the receipt window opens. */
    disburse: async (merchant: Merchant, admin: AdminActor, id: bigint) => {
      const s: WithdrawalSettings = effectiveSettings(await repo.settings(merchant.id), merchant);
      return act(
        merchant,
        admin,
        'withdrawal.disburse',
        {},
        async (r, trx, now) => {
          const due = new Date(now.getTime() + s.confirmWindowMinutes * 60_000);
          const row = await r.transition({ merchantId: merchant.id, id, from: ['approved'] }, 'disbursed', {
            disbursed_at: now,
            disbursed_by: admin.id,
            receipt_due_at: due,
            updated_at: now,
          });
          if (!row) return row;
          const posted = await deps.ledger.post(
            {
              merchantId: merchant.id,
              currency: merchant.currency,
              scope: 'withdrawal',
              key: withdrawalKeys.disburse(row.id),
              kind: 'withdrawal',
              memberId: row.member_id,
              ref: { withdrawalId: row.id.toString(), action: 'disburse' },
              resolve: [{ pendingId: row.hold_transfer_id!, action: 'post' }],
            },
            trx,
          );
          if (!posted.ok) throw new AppError('state_invalid', `The hold could not be posted (${posted.error}).`);
          return row;
        },
        id,
      );
    },

    /** Closes a dispute; a refund (≤ the withdrawal amount) is credited back to the member through the ledger. */
    resolveDispute: (merchant: Merchant, admin: AdminActor, id: bigint, refundText: string, note?: string) => {
      const refund = toMinor(refundText, merchant.currencyExponent);
      return act(
        merchant,
        admin,
        'withdrawal.resolve_dispute',
        { refund, note: note ?? null },
        async (r, trx, now) => {
          const current = await r.find(merchant.id, id);
          if (current && refund > current.amount)
            throw new AppError('amount_out_of_range', 'The refund cannot exceed the withdrawal.', {
              max: current.amount.toString(),
            });
          const row = await r.transition({ merchantId: merchant.id, id, from: ['disputed'] }, 'resolved', {
            refund_amount: refund,
            closed_at: now,
            closed_by: admin.id,
            updated_at: now,
          });
          if (!row || refund === 0n) return row;
          const credited = await deps.ledger.post(
            {
              merchantId: merchant.id,
              currency: merchant.currency,
              scope: 'withdrawal',
              key: withdrawalKeys.refund(row.id),
              kind: 'withdrawal_refund',
              memberId: row.member_id,
              ref: { withdrawalId: row.id.toString(), action: 'refund' },
              legs: [
                {
                  debit: systemAccount('payment_clearing', row.member_id),
                  credit: memberMain(row.member_id),
                  amount: refund,
                  code: 'withdrawal_refund',
                },
              ],
            },
            trx,
          );
          if (!credited.ok) throw new AppError('state_invalid', `The refund could not be posted (${credited.error}).`);
          return row;
        },
        id,
      );
    },

    async settings(merchant: Merchant): Promise<WithdrawalSettings> {
      return effectiveSettings(await repo.settings(merchant.id), merchant);
    },

    async saveSettings(
      merchant: Merchant,
      admin: AdminActor,
      v: { minAmount: string; maxAmount: string; confirmWindowMinutes: number; cancelAllowed: boolean },
    ): Promise<WithdrawalSettings> {
      const minAmount = toMinor(v.minAmount, merchant.currencyExponent);
      const maxAmount = toMinor(v.maxAmount, merchant.currencyExponent);
      if (minAmount <= 0n || maxAmount < minAmount)
        throw new AppError('amount_out_of_range', 'The minimum must be positive and not above the maximum.');
      await deps.db.transaction().execute(async (trx) => {
        await createWithdrawalsRepository(trx).saveSettings({
          merchantId: merchant.id,
          minAmount,
          maxAmount,
          confirmWindowMinutes: v.confirmWindowMinutes,
          cancelAllowed: v.cancelAllowed,
          at: deps.clock(),
        });
        await recordAdminAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'withdrawal.settings',
          targetType: 'merchant',
          targetId: merchant.id,
          detail: {
            minAmount,
            maxAmount,
            confirmWindowMinutes: v.confirmWindowMinutes,
            cancelAllowed: v.cancelAllowed,
          },
          ip: admin.ip,
        });
      });
      return effectiveSettings(await repo.settings(merchant.id), merchant);
    },
  };
}

export type WithdrawalOperatorService = ReturnType<typeof createWithdrawalOperatorService>;
