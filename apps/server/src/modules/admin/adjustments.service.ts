import { type Adjustment, type AdjustmentCreateRequest, parseAmount } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { memberMain, systemAccount } from '../ledger/ledger.service.ts';
import type { MembersRepository } from '../members/members.repository.ts';
import type { Merchant } from '../merchants/merchants.types.ts';
import { recordAdminAction } from './admin-audit.ts';
import type { AdjustmentRow, AdjustmentsRepository } from './adjustments.repository.ts';

/** Who acts: the admin of the route context. */
interface Actor {
  id: bigint;
  merchantId: bigint;
}

/** Ledger idempotency of an approved adjustment: derived from its id, so it can post at most once. */
export const adjustmentKey = (id: bigint) => `adjustment:${id}`;

function present(merchant: Merchant, r: AdjustmentRow, memberAccount: string): Adjustment {
  return {
    id: String(r.id),
    memberId: String(r.member_id),
    memberAccount,
    direction: r.direction,
    amount: String(r.amount),
    currency: r.currency,
    exponent: merchant.currencyExponent,
    reason: r.reason,
    status: r.status,
    requestedBy: String(r.requested_by),
    decidedBy: r.decided_by === null ? null : String(r.decided_by),
    decidedAt: r.decided_at?.toISOString() ?? null,
    journalId: r.journal_id === null ? null : String(r.journal_id),
    createdAt: r.created_at.toISOString(),
  };
}

/**
 * Manual credits and debits of a member's main wallet under four-eyes control: one admin requests (no money
 * moves), a different admin approves (the ledger post, the status change and the audit record commit together).
 */
export function createAdjustmentsService(deps: {
  db: Kysely<DB>;
  repo: AdjustmentsRepository;
  members: Pick<MembersRepository, 'findByAccount'>;
  ledger: Pick<LedgerService, 'postOrThrow'>;
  clock: () => Date;
}) {
  const { db, repo } = deps;

  function amountOf(merchant: Merchant, text: string): bigint {
    let minor: bigint;
    try {
      minor = parseAmount(text, merchant.currencyExponent);
    } catch {
      throw new AppError('amount_invalid');
    }
    if (minor <= 0n) throw new AppError('amount_invalid');
    return minor;
  }

  /** Locks the pending request for a decision; refuses other merchants' ids and settled requests. */
  async function pendingForUpdate(merchant: Merchant, id: bigint, trx: Kysely<DB>): Promise<AdjustmentRow> {
    const row = await repo.findForUpdate(merchant.id, id, trx);
    if (!row) throw new AppError('not_found', 'No such adjustment.');
    if (row.status !== 'pending')
      throw new AppError('state_invalid', `This adjustment is already ${row.status}.`, { status: row.status });
    return row;
  }

  return {
    /** A pending request. Replaying the same requestId with the same content returns the first request. */
    async request(merchant: Merchant, admin: Actor, body: AdjustmentCreateRequest, ip: string): Promise<Adjustment> {
      const amount = amountOf(merchant, body.amount);
      const member = await deps.members.findByAccount(merchant.id, body.memberAccount);
      if (!member) {
        throw new AppError('validation_failed', undefined, {
          in: 'body',
          fields: [{ field: 'memberAccount', reason: 'not_found', message: 'No member with this account' }],
        });
      }
      const { row } = await db.transaction().execute(async (trx) => {
        const r = await repo.insertOnce(
          {
            merchantId: merchant.id,
            memberId: member.id,
            direction: body.direction,
            amount,
            currency: merchant.currency,
            reason: body.reason,
            requestId: body.requestId,
            requestedBy: admin.id,
          },
          trx,
        );
        if (!r.created) {
          const same =
            r.row.member_id === member.id &&
            r.row.direction === body.direction &&
            r.row.amount === amount &&
            r.row.reason === body.reason &&
            r.row.requested_by === admin.id;
          if (!same) throw new AppError('idempotency_conflict');
          return r;
        }
        await recordAdminAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'adjustment.request',
          targetType: 'adjustment',
          targetId: r.row.id,
          detail: {
            memberId: member.id,
            memberAccount: member.account,
            direction: body.direction,
            amount,
            currency: merchant.currency,
            reason: body.reason,
            requestId: body.requestId,
          },
          ip,
        });
        return r;
      });
      return present(merchant, row, member.account);
    },

    /**
     * Posts the adjustment. A different admin than the requester; exactly once (row lock + ledger key
     * adjustment:<id>). A debit larger than the balance fails with insufficient_funds and leaves it pending.
     */
    async approve(merchant: Merchant, admin: Actor, id: bigint, ip: string): Promise<Adjustment> {
      const row = await db.transaction().execute(async (trx) => {
        const pending = await pendingForUpdate(merchant, id, trx);
        if (pending.requested_by === admin.id) throw new AppError('second_approval_required');
        const main = memberMain(pending.member_id);
        const system = systemAccount('adjustments', pending.member_id);
        const posted = await deps.ledger.postOrThrow(
          {
            merchantId: merchant.id,
            currency: pending.currency,
            scope: 'admin_adjustment',
            key: adjustmentKey(pending.id),
            kind: 'adjustment',
            memberId: pending.member_id,
            ref: { adjustmentId: String(pending.id), direction: pending.direction },
            legs: [
              pending.direction === 'credit'
                ? { debit: system, credit: main, amount: pending.amount, code: 'adjustment' }
                : { debit: main, credit: system, amount: pending.amount, code: 'adjustment' },
            ],
          },
          trx,
        );
        const decided = await repo.decide(
          pending.id,
          { status: 'approved', decidedBy: admin.id, decidedAt: deps.clock(), journalId: posted.journalId },
          trx,
        );
        await recordAdminAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'adjustment.approve',
          targetType: 'adjustment',
          targetId: pending.id,
          detail: {
            memberId: pending.member_id,
            direction: pending.direction,
            amount: pending.amount,
            journalId: posted.journalId,
            balanceAfter: posted.balances[main]?.balance ?? null,
            requestedBy: pending.requested_by,
          },
          ip,
        });
        return decided;
      });
      return present(merchant, row, await repo.memberAccountOf(row.member_id));
    },

    /** Closes a pending request without moving money (any admin of the merchant, including the requester). */
    async reject(
      merchant: Merchant,
      admin: Actor,
      id: bigint,
      reason: string | undefined,
      ip: string,
    ): Promise<Adjustment> {
      const row = await db.transaction().execute(async (trx) => {
        const pending = await pendingForUpdate(merchant, id, trx);
        const decided = await repo.decide(
          pending.id,
          { status: 'rejected', decidedBy: admin.id, decidedAt: deps.clock(), journalId: null },
          trx,
        );
        await recordAdminAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'adjustment.reject',
          targetType: 'adjustment',
          targetId: pending.id,
          detail: {
            memberId: pending.member_id,
            direction: pending.direction,
            amount: pending.amount,
            reason: reason ?? null,
            requestedBy: pending.requested_by,
          },
          ip,
        });
        return decided;
      });
      return present(merchant, row, await repo.memberAccountOf(row.member_id));
    },

    async list(
      merchant: Merchant,
      q: { status?: 'pending' | 'approved' | 'rejected'; pageNo: number; pageSize: number },
    ) {
      const { total, rows } = await repo.list(merchant.id, q);
      return { total, items: rows.map((r) => present(merchant, r, r.member_account)) };
    },
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
