import type { AdminWithdrawal } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { reencodeImage } from '../../lib/image.ts';
import { amountFromText } from '../../lib/money.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MembersModule } from '../members/index.ts';
import { effectiveSettings, type WithdrawalSettings } from './withdrawal-settings.ts';
import type { WithdrawalPostings } from './withdrawals.ledger.ts';
import { presentAdminWithdrawal } from './withdrawals.presenter.ts';
import {
  createWithdrawalsRepository,
  type WithdrawalRow,
  type WithdrawalsRepository,
} from './withdrawals.repository.ts';
import { transitionRefused } from './withdrawals.service.ts';
import type { WithdrawalsTables } from './withdrawals.tables.ts';

export interface AdminActor {
  id: bigint;
  ip?: string;
}

/**
 * Operator actions on withdrawals (admin API). Each one is a single transaction: the state transition (which
 * only one of racing actions can win), the ledger movement it implies, and the admin audit record.
 */
export function createWithdrawalOperatorService(deps: {
  db: Kysely<WithdrawalsTables>;
  postings: WithdrawalPostings;
  audit: Pick<AdminModule, 'recordAction' | 'secondApprovalAbove'>;
  members: Pick<MembersModule, 'accountsOf'>;
  clock: () => Date;
}) {
  const recordAdminAction = deps.audit.recordAction;
  const repo = createWithdrawalsRepository(deps.db);

  async function act(
    merchant: Merchant,
    admin: AdminActor,
    action: string,
    detail: Record<string, unknown>,
    step: (r: WithdrawalsRepository, trx: Kysely<WithdrawalsTables>, now: Date) => Promise<WithdrawalRow | undefined>,
    id: bigint,
    /** When `step` changed nothing: a lesser step to try (a first approval), audited as `<action>.first`. */
    fallback?: (r: WithdrawalsRepository, now: Date) => Promise<WithdrawalRow | undefined>,
  ): Promise<AdminWithdrawal> {
    await deps.db.transaction().execute(async (trx) => {
      const r = createWithdrawalsRepository(trx);
      const now = deps.clock();
      let row = await step(r, trx, now);
      let done = action;
      if (!row && fallback) {
        row = await fallback(r, now);
        done = `${action}.first`;
      }
      if (!row) return transitionRefused(r, merchant.id, id);
      await recordAdminAction(trx, {
        merchantId: merchant.id,
        adminId: admin.id,
        action: done,
        targetType: 'withdrawal',
        targetId: row.reference,
        detail: { ...detail, amount: row.amount, memberId: row.member_id },
        ip: admin.ip,
      });
    });
    return getOne(merchant, id);
  }

  async function getOne(merchant: Merchant, id: bigint): Promise<AdminWithdrawal> {
    const { rows } = await repo.listForMerchant(merchant.id, { pageNo: 1, pageSize: 1, id });
    if (!rows[0]) throw new AppError('not_found', 'No such withdrawal.');
    const accounts = await deps.members.accountsOf(merchant.id, [rows[0].member_id]);
    return presentAdminWithdrawal(rows[0], merchant.currencyExponent, accounts.get(rows[0].member_id) ?? '');
  }

  return {
    getOne,

    /** The id behind a public reference (paths name withdrawals by reference); not_found when there is none. */
    async idOf(merchant: Merchant, reference: string): Promise<bigint> {
      const id = await repo.idByReference(merchant.id, reference);
      if (id === undefined) throw new AppError('not_found', 'No such withdrawal.');
      return id;
    },

    /** The member's "not received" proof as a data URI (JPEG, re-encoded on upload), or null. */
    async proof(merchant: Merchant, id: bigint): Promise<string | null> {
      const row = await repo.proof(merchant.id, id);
      return row ? `data:image/jpeg;base64,${Buffer.from(row.content).toString('base64')}` : null;
    },

    /** The operator's proof of the payout (bank slip) as a data URI, or null. */
    async payoutProof(merchant: Merchant, id: bigint): Promise<string | null> {
      const row = await repo.payoutProof(merchant.id, id);
      return row ? `data:image/jpeg;base64,${Buffer.from(row.content).toString('base64')}` : null;
    },

    async list(merchant: Merchant, q: Omit<Parameters<WithdrawalsRepository['listForMerchant']>[1], 'id'>) {
      const { total, rows } = await repo.listForMerchant(merchant.id, q);
      const accounts = await deps.members.accountsOf(
        merchant.id,
        rows.map((r) => r.member_id),
      );
      return {
        items: rows.map((r) => presentAdminWithdrawal(r, merchant.currencyExponent, accounts.get(r.member_id) ?? '')),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },

    /**
     * Approves a requested withdrawal. Above the merchant's second-approval threshold the first approval is only
     * recorded (the withdrawal stays requested) and a different staff member must approve it again.
     */
    async approve(merchant: Merchant, admin: AdminActor, id: bigint): Promise<AdminWithdrawal> {
      const above = await deps.audit.secondApprovalAbove(merchant.id);
      const secondApproval = above === null ? undefined : { above, approver: admin.id };
      let first = false;
      return act(
        merchant,
        admin,
        'withdrawal.approve',
        {},
        async (r, _trx, now) => {
          const row = await r.transition(
            { merchantId: merchant.id, id, from: ['requested'], secondApproval },
            'approved',
            {
              approved_at: now,
              approved_by: admin.id,
              updated_at: now,
            },
          );
          if (row || above === null) return row;
          const current = await r.find(merchant.id, id);
          if (current?.status === 'requested' && current.first_approved_by === admin.id) {
            throw new AppError('second_approval_required', 'Another staff member must approve this withdrawal too.');
          }
          first = true;
          return undefined;
        },
        id,
        // Above the threshold without a first approval: this one is the first.
        async (r, now) =>
          first ? r.firstApproval({ merchantId: merchant.id, id, above: above!, approver: admin.id, now }) : undefined,
      );
    },

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
          if (row) await deps.postings.release(trx, merchant, row);
          return row;
        },
        id,
      ),

    /**
     * The money was paid out: the hold is posted (it leaves the member for good) and the receipt window opens. The
     * operator's proof of the payment (an image: bank slip), when given, is stored re-encoded in the same transaction.
     */
    disburse: async (merchant: Merchant, admin: AdminActor, id: bigint, proofImage?: Uint8Array) => {
      const s: WithdrawalSettings = effectiveSettings(await repo.settings(merchant.id), merchant);
      // Re-encoded before the transaction: a file that is not an image is refused with nothing written.
      const proof = proofImage && (await reencodeImage(proofImage, { format: 'jpeg', maxSide: 2000 }));
      return act(
        merchant,
        admin,
        'withdrawal.disburse',
        { payoutProof: Boolean(proof) },
        async (r, trx, now) => {
          const due = new Date(now.getTime() + s.confirmWindowMinutes * 60_000);
          const row = await r.transition({ merchantId: merchant.id, id, from: ['approved'] }, 'disbursed', {
            disbursed_at: now,
            disbursed_by: admin.id,
            receipt_due_at: due,
            updated_at: now,
          });
          if (!row) return row;
          await deps.postings.disburse(trx, merchant, row);
          if (proof) await r.insertPayoutProof(row.id, proof, admin.id);
          return row;
        },
        id,
      );
    },

    /** Closes a dispute; a refund (≤ the withdrawal amount) is credited back to the member through the ledger. */
    resolveDispute: (merchant: Merchant, admin: AdminActor, id: bigint, refundText: string, note?: string) => {
      const refund = amountFromText(refundText, merchant.currencyExponent, { allowZero: true });
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
          await deps.postings.refund(trx, merchant, row, refund);
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
      const minAmount = amountFromText(v.minAmount, merchant.currencyExponent, { allowZero: true });
      const maxAmount = amountFromText(v.maxAmount, merchant.currencyExponent, { allowZero: true });
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
          targetId: merchant.code,
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
