import type { ADJUSTMENT_SORTS, Adjustment, AdjustmentCreateRequest, SortValue } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { amountFromText } from '../../lib/money.ts';
import { type LedgerModule, memberMain, systemAccount } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { AdjustmentRow, AdjustmentsRepository } from './adjustments.repository.ts';
import type { AdminTables } from './admin.tables.ts';
import type { AuditLog } from './audit.repository.ts';

/** Who acts: the admin of the route context. */
interface Actor {
  id: bigint;
  merchantId: bigint;
}

/** Ledger idempotency of an approved adjustment: derived from its id, so it can post at most once. */
export const adjustmentKey = (id: bigint) => `adjustment:${id}`;

/** Staff usernames by id (requesters and approvers are shown by username, never by internal id). */
type Usernames = ReadonlyMap<bigint, string>;

function present(merchant: Merchant, r: AdjustmentRow, memberAccount: string, names: Usernames): Adjustment {
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
    requestedByUsername: names.get(r.requested_by) ?? '',
    decidedBy: r.decided_by === null ? null : String(r.decided_by),
    decidedByUsername: r.decided_by === null ? null : (names.get(r.decided_by) ?? ''),
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
  db: Kysely<AdminTables>;
  repo: AdjustmentsRepository;
  audit: AuditLog;
  members: Pick<MembersModule, 'findByAccount' | 'accountsOf'>;
  ledger: Pick<LedgerModule, 'moveOrThrow'>;
  clock: () => Date;
}) {
  const { db, repo, audit } = deps;
  const accountOf = async (merchant: Merchant, memberId: bigint) =>
    (await deps.members.accountsOf(merchant.id, [memberId])).get(memberId) ?? '';
  const namesOf = (rows: AdjustmentRow[]) =>
    repo.usernames(rows.flatMap((r) => (r.decided_by === null ? [r.requested_by] : [r.requested_by, r.decided_by])));

  /** Locks the pending request for a decision; refuses other merchants' ids and settled requests. */
  async function pendingForUpdate(merchant: Merchant, id: bigint, trx: Kysely<AdminTables>): Promise<AdjustmentRow> {
    const row = await repo.findForUpdate(merchant.id, id, trx);
    if (!row) throw new AppError('not_found', 'No such adjustment.');
    if (row.status !== 'pending')
      throw new AppError('state_invalid', `This adjustment is already ${row.status}.`, { status: row.status });
    return row;
  }

  /** The decision on a pending request: the ledger post (approval), the status and the audit record commit together. */
  async function decide(
    merchant: Merchant,
    admin: Actor,
    id: bigint,
    ip: string,
    decision: { status: 'approved' } | { status: 'rejected'; reason: string | undefined },
  ): Promise<Adjustment> {
    const row = await db.transaction().execute(async (trx) => {
      const pending = await pendingForUpdate(merchant, id, trx);
      let journalId: bigint | null = null;
      let detail: Record<string, unknown>;
      if (decision.status === 'approved') {
        if (pending.requested_by === admin.id) throw new AppError('second_approval_required');
        const main = memberMain(pending.member_id);
        const system = systemAccount('adjustments', pending.member_id);
        const posted = await deps.ledger.moveOrThrow(
          {
            merchant: { id: merchant.id, currency: pending.currency },
            scope: 'admin_adjustment',
            key: adjustmentKey(pending.id),
            kind: 'adjustment',
            memberId: pending.member_id,
            ref: { adjustmentId: String(pending.id), direction: pending.direction },
            ...(pending.direction === 'credit' ? { from: system, to: main } : { from: main, to: system }),
            amount: pending.amount,
          },
          trx,
        );
        journalId = posted.journalId;
        detail = { journalId, balanceAfter: posted.balances[main]?.balance ?? null };
      } else {
        detail = { reason: decision.reason ?? null };
      }
      const decided = await repo.decide(
        pending.id,
        { status: decision.status, decidedBy: admin.id, decidedAt: deps.clock(), journalId },
        trx,
      );
      await audit.record(trx, {
        merchantId: merchant.id,
        adminId: admin.id,
        action: decision.status === 'approved' ? 'adjustment.approve' : 'adjustment.reject',
        targetType: 'adjustment',
        targetId: pending.id,
        detail: {
          memberId: pending.member_id,
          direction: pending.direction,
          amount: pending.amount,
          ...detail,
          requestedBy: pending.requested_by,
        },
        ip,
      });
      return decided;
    });
    return present(merchant, row, await accountOf(merchant, row.member_id), await namesOf([row]));
  }

  return {
    /** A pending request. Replaying the same requestId with the same content returns the first request. */
    async request(merchant: Merchant, admin: Actor, body: AdjustmentCreateRequest, ip: string): Promise<Adjustment> {
      const amount = amountFromText(body.amount, merchant.currencyExponent);
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
        await audit.record(trx, {
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
      return present(merchant, row, member.account, await namesOf([row]));
    },

    /**
     * Posts the adjustment. A different admin than the requester; exactly once (row lock + ledger key
     * adjustment:<id>). A debit larger than the balance fails with insufficient_funds and leaves it pending.
     */
    approve: (merchant: Merchant, admin: Actor, id: bigint, ip: string) =>
      decide(merchant, admin, id, ip, { status: 'approved' }),

    /** Closes a pending request without moving money (any admin of the merchant, including the requester). */
    reject: (merchant: Merchant, admin: Actor, id: bigint, reason: string | undefined, ip: string) =>
      decide(merchant, admin, id, ip, { status: 'rejected', reason }),

    async list(
      merchant: Merchant,
      q: {
        status?: 'pending' | 'approved' | 'rejected';
        sort?: SortValue<(typeof ADJUSTMENT_SORTS)[number]>;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const { total, rows } = await repo.list(merchant.id, q);
      const [accounts, names] = await Promise.all([
        deps.members.accountsOf(
          merchant.id,
          rows.map((r) => r.member_id),
        ),
        namesOf(rows),
      ]);
      return { total, items: rows.map((r) => present(merchant, r, accounts.get(r.member_id) ?? '', names)) };
    },
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
