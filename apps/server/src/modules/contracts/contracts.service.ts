import type {
  ContractDecision,
  ContractList,
  ContractOfferRequest,
  ContractSettlementList,
  ContractView,
  PendingContracts,
  AdminSettlementList,
} from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { amountFromText } from '../../lib/money.ts';
import { isAgentType, type MembersModule } from '../members/index.ts';
import {
  CONTRACT_TYPES,
  type ContractType,
  exceedsUpline,
  type Period,
  periodOfType,
  type Tier,
} from './contract-rules.ts';
import {
  type Actor,
  assertDirectDownline,
  assertMayOffer,
  assertOfferedTo,
  assertParty,
  assertTiersValid,
  assertWithinUpline,
} from './contracts.policy.ts';
import type { Contract, ContractsRepository } from './contracts.repository.ts';
import type { ContractsTables, SettlementStatus } from './contracts.tables.ts';

type Member = Pick<AuthenticatedMember, 'memberId' | 'type'>;
type Db = Kysely<ContractsTables>;

const actorOf = (merchant: Merchant, member: Member): Actor => ({
  memberId: member.memberId,
  isAgent: isAgentType(merchant, member.type),
});

/** "0.8" (percent, ≤ 2 decimals) → 80 basis points. */
export function percentToBp(text: string): number {
  const [whole, frac = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export interface ContractTerms {
  type: ContractType;
  period?: Period;
  cumulative?: boolean;
  minSingleBet?: bigint;
  tiers: Tier[];
}

/** The request's terms in minor units and basis points (amounts in the merchant's exponent). */
export function termsOf(merchant: Merchant, req: ContractOfferRequest): ContractTerms {
  const amount = (t: string | undefined) =>
    t === undefined ? 0n : amountFromText(t, merchant.currencyExponent, { allowZero: true });
  return {
    type: req.type,
    period: req.period,
    cumulative: req.cumulative,
    minSingleBet: amount(req.minSingleBet),
    tiers: req.tiers.map((t) => ({
      minValidBet: amount(t.minValidBet),
      minActive: t.minActive,
      minProfit: amount(t.minProfit),
      rateBp: percentToBp(t.rate),
      lossRateBp: t.lossRate === undefined ? null : percentToBp(t.lossRate),
    })),
  };
}

export function createContractsService(deps: {
  db: Db;
  repo: ContractsRepository;
  members: Pick<MembersModule, 'findByAccount' | 'findById' | 'accountsOf'>;
  clock: () => Date;
  /** A contract was offered to `agentId` (after its commit; pushed to the agent's sockets). */
  onOffer?: (agentId: bigint, offer: { contractId: string; type: string }) => void;
}) {
  const { db, repo, members, clock } = deps;

  async function present(merchant: Merchant, rows: Contract[]): Promise<ContractView[]> {
    const ids = rows.flatMap((r) => (r.upline_id === null ? [r.agent_id] : [r.agent_id, r.upline_id]));
    const accounts = await members.accountsOf(merchant.id, ids);
    return rows.map((r) => ({
      id: String(r.id),
      type: r.type,
      period: r.period,
      cumulative: r.cumulative,
      minSingleBet: String(r.min_single_bet),
      status: r.status,
      uplineAccount: r.upline_id === null ? null : (accounts.get(r.upline_id) ?? ''),
      agentAccount: accounts.get(r.agent_id) ?? '',
      tiers: r.tiers.map((t, i) => ({
        level: i + 1,
        minValidBet: String(t.minValidBet),
        minActive: t.minActive,
        minProfit: String(t.minProfit),
        rateBp: t.rateBp,
        lossRateBp: t.lossRateBp,
      })),
      createdAt: r.created_at.toISOString(),
      decidedAt: r.decided_at?.toISOString() ?? null,
      endedAt: r.ended_at?.toISOString() ?? null,
      endReason: r.end_reason,
      currency: merchant.currency,
      exponent: merchant.currencyExponent,
    }));
  }
  /** A member's id by account (null: no such member here). */
  const agentIdOf = async (merchant: Merchant, account: string) =>
    (await members.findByAccount(merchant.id, account))?.id ?? null;
  const currencyOf = (merchant: Merchant) => ({ currency: merchant.currency, exponent: merchant.currencyExponent });
  const presentOne = async (merchant: Merchant, row: Contract) => (await present(merchant, [row]))[0]!;

  /** Normalises and checks terms; the period follows the type (dividends choose theirs). */
  function checkedTerms(terms: ContractTerms) {
    assertTiersValid(terms.type, terms.tiers);
    if (terms.type !== 'dividend' && (terms.period !== undefined || terms.cumulative))
      throw new AppError('contract_tiers_invalid', 'Only dividends have a period to choose and a cumulative mode.');
    if (terms.type !== 'realtime_salary' && (terms.minSingleBet ?? 0n) !== 0n)
      throw new AppError('contract_tiers_invalid', 'Only real-time salary has a minimum single bet.');
    return {
      type: terms.type,
      period: periodOfType(terms.type, terms.period),
      cumulative: terms.cumulative ?? false,
      min_single_bet: terms.minSingleBet ?? 0n,
    };
  }

  async function insertOffer(
    merchant: Merchant,
    uplineId: bigint | null,
    agentId: bigint,
    terms: ContractTerms,
    audit?: (trx: Db, row: Contract) => Promise<void>,
  ) {
    const c = checkedTerms(terms);
    const row = await db.transaction().execute(async (trx) => {
      if (uplineId !== null)
        assertWithinUpline(terms.tiers, await repo.activeOf(trx, merchant.id, uplineId, terms.type));
      const inserted = await repo.insert(
        trx,
        { merchant_id: merchant.id, upline_id: uplineId, agent_id: agentId, ...c },
        terms.tiers,
      );
      if (inserted && audit) await audit(trx, inserted);
      return inserted;
    });
    if (!row) throw new AppError('contract_pending_exists');
    deps.onOffer?.(agentId, { contractId: String(row.id), type: terms.type });
    return row;
  }

  /**
   * Invalidates every contract of `type` that `agentId` offered (active or pending) and the subtrees below
   * them — a lower contract needs an upper one. With `within`, only those whose tiers it no longer covers
   * (and their subtrees). Returns the invalidated ids.
   */
  async function cascade(trx: Db, merchantId: bigint, agentId: bigint, type: ContractType, within?: Tier[]) {
    const out: bigint[] = [];
    const now = clock();
    const subs = await repo.offeredBy(trx, merchantId, agentId, type, ['active', 'pending']);
    for (const s of subs) {
      if (within && exceedsUpline(s.tiers, within) === null) continue;
      const reason = within ? 'upline_rate_lowered' : 'upline_contract_ended';
      const moved = await repo.transition(trx, s.id, ['active', 'pending'], 'invalid', {
        ended_at: now,
        end_reason: reason,
      });
      if (!moved) continue;
      out.push(s.id, ...(await cascade(trx, merchantId, s.agent_id, type)));
    }
    return out;
  }

  async function settlementPage(
    merchant: Merchant,
    filter: { agentId?: bigint; type?: ContractType; status?: SettlementStatus },
    q: { pageNo: number; pageSize: number },
  ) {
    const { rows, total } = await repo.settlementsOf(merchant.id, filter, {
      offset: (q.pageNo - 1) * q.pageSize,
      limit: q.pageSize,
    });
    const accounts = await members.accountsOf(
      merchant.id,
      rows.flatMap((r) => (r.payer_id === null ? [r.agent_id] : [r.agent_id, r.payer_id])),
    );
    return {
      list: rows.map((r) => ({
        id: String(r.id),
        contractId: String(r.contract_id),
        type: r.type,
        periodStart: r.period_start.toISOString(),
        periodEnd: r.period_end.toISOString(),
        validBet: String(r.valid_bet),
        profit: String(r.profit),
        activeMembers: r.active_members,
        tier: r.tier,
        rateBp: r.rate_bp,
        amount: String(r.amount),
        status: r.status,
        agentAccount: accounts.get(r.agent_id) ?? '',
        payerAccount: r.payer_id === null ? null : (accounts.get(r.payer_id) ?? ''),
      })),
      total,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
      currency: merchant.currency,
      exponent: merchant.currencyExponent,
    };
  }

  return {
    /** An agent offers a contract to a direct downline, within its own contract of the type. */
    async offer(merchant: Merchant, member: Member, req: ContractOfferRequest): Promise<ContractView> {
      const actor = actorOf(merchant, member);
      assertMayOffer(actor);
      const terms = termsOf(merchant, req);
      assertTiersValid(terms.type, terms.tiers); // before anything about the target is read
      const target = await members.findByAccount(merchant.id, req.downlineAccount);
      assertDirectDownline(actor, target);
      return presentOne(merchant, await insertOffer(merchant, actor.memberId, target.id, terms));
    },

    /** The contract types the member has or had (the agent centre's settlement record pages). */
    async typesHeld(merchant: Merchant, member: Member): Promise<{ types: ContractType[] }> {
      const held = new Set(await repo.typesHeldBy(merchant.id, member.memberId));
      return { types: CONTRACT_TYPES.filter((t) => held.has(t)) };
    },

    /** The house offers a top-level agent (no upline) a contract, paid from the agent_payouts account. */
    async offerFromHouse(
      merchant: Merchant,
      agentId: bigint,
      terms: ContractTerms,
      /** Writes the operator's audit record in the offer's transaction. */
      audit?: (trx: Db, row: Contract) => Promise<void>,
    ): Promise<ContractView> {
      const target = await members.findById(merchant.id, agentId);
      if (!target || target.upline_id !== null || !isAgentType(merchant, target.type))
        throw new AppError('contract_not_direct_downline', 'The house contracts only with top-level agents.');
      return presentOne(merchant, await insertOffer(merchant, null, agentId, terms, audit));
    },

    /**
     * The offered agent accepts: its previous contract of the type ends (replaced), the offer becomes active,
     * and its own sub-contracts the new terms no longer cover are invalidated with their subtrees.
     */
    async accept(merchant: Merchant, member: Member, id: bigint): Promise<ContractDecision> {
      const actor = actorOf(merchant, member);
      const { row, invalidated } = await db.transaction().execute(async (trx) => {
        const c = await repo.find(trx, merchant.id, id, true);
        assertOfferedTo(actor, c);
        if (c.status !== 'pending') throw new AppError('state_invalid', undefined, { status: c.status });
        if (c.upline_id !== null)
          assertWithinUpline(c.tiers, await repo.activeOf(trx, merchant.id, c.upline_id, c.type));
        const now = clock();
        const previous = await repo.activeOf(trx, merchant.id, actor.memberId, c.type);
        if (previous)
          await repo.transition(trx, previous.id, ['active'], 'terminated', { ended_at: now, end_reason: 'replaced' });
        const accepted = await repo.transition(trx, c.id, ['pending'], 'active', { decided_at: now, accepted_at: now });
        if (!accepted) throw new AppError('state_invalid');
        const invalidated = await cascade(trx, merchant.id, actor.memberId, c.type, c.tiers);
        return { row: { ...accepted, tiers: c.tiers }, invalidated };
      });
      return { contract: await presentOne(merchant, row), invalidated: invalidated.map(String) };
    },

    async reject(merchant: Merchant, member: Member, id: bigint): Promise<ContractDecision> {
      const actor = actorOf(merchant, member);
      const c = await repo.find(db, merchant.id, id);
      assertOfferedTo(actor, c);
      const moved = await repo.transition(db, id, ['pending'], 'rejected', { decided_at: clock() });
      if (!moved) throw new AppError('state_invalid', undefined, { status: c.status });
      return { contract: await presentOne(merchant, { ...moved, tiers: c.tiers }), invalidated: [] };
    },

    /**
     * Either party ends an active contract (the subtree below it is invalidated: a lower contract needs an
     * upper one); the offerer takes back a pending offer (withdrawn), the agent's terminate of one rejects it.
     */
    async terminate(merchant: Merchant, member: Member, id: bigint): Promise<ContractDecision> {
      const actor = actorOf(merchant, member);
      const { row, invalidated } = await db.transaction().execute(async (trx) => {
        const c = await repo.find(trx, merchant.id, id, true);
        assertParty(actor, c);
        const now = clock();
        const byAgent = c.agent_id === actor.memberId;
        if (c.status === 'pending') {
          const moved = await repo.transition(trx, id, ['pending'], byAgent ? 'rejected' : 'withdrawn', {
            decided_at: now,
          });
          return { row: { ...moved!, tiers: c.tiers }, invalidated: [] };
        }
        if (c.status !== 'active') throw new AppError('state_invalid', undefined, { status: c.status });
        const moved = await repo.transition(trx, id, ['active'], 'terminated', {
          ended_at: now,
          end_reason: byAgent ? 'terminated_by_agent' : 'terminated_by_upline',
        });
        const invalidated = await cascade(trx, merchant.id, c.agent_id, c.type);
        return { row: { ...moved!, tiers: c.tiers }, invalidated };
      });
      return { contract: await presentOne(merchant, row), invalidated: invalidated.map(String) };
    },

    async list(
      merchant: Merchant,
      member: Member,
      q: {
        role: 'offered' | 'received';
        type?: ContractType;
        status?: Contract['status'];
        pageNo: number;
        pageSize: number;
      },
    ): Promise<ContractList> {
      const { rows, total } = await repo.list(
        merchant.id,
        {
          ...(q.role === 'offered' ? { uplineId: member.memberId } : { agentId: member.memberId }),
          type: q.type,
          status: q.status,
        },
        { offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
      );
      return { list: await present(merchant, rows), total, pageNo: q.pageNo, pageSize: q.pageSize };
    },

    /** The offers waiting for this member (the contract popup) and the spec's per-type request flags. */
    async pendingForMe(merchant: Merchant, member: Member): Promise<PendingContracts> {
      const { rows } = await repo.list(
        merchant.id,
        { agentId: member.memberId, status: 'pending' },
        { offset: 0, limit: 10 }, // one pending offer per type at most
      );
      const waiting = (type: ContractType) => rows.some((r) => r.type === type);
      return {
        list: await present(merchant, rows),
        flags: {
          dailysalreqtype: waiting('daily_wage'),
          divtypereq: waiting('dividend'),
          contracthoursalreq: waiting('hourly_salary'),
          realtimesalreqtype: waiting('realtime_salary'),
        },
      };
    },

    /** The member's own settlements (wages, salaries, dividends it received), newest first. */
    settlements: (
      merchant: Merchant,
      member: Member,
      q: { type?: ContractType; pageNo: number; pageSize: number },
    ): Promise<ContractSettlementList> => settlementPage(merchant, { agentId: member.memberId, type: q.type }, q),

    /**
     * The merchant's settlements for the back office (e.g. status insufficient_funds: what an upline could not pay),
     * optionally of one agent (by account; an unknown account has none).
     */
    async allSettlements(
      merchant: Merchant,
      q: { agent?: string; type?: ContractType; status?: SettlementStatus; pageNo: number; pageSize: number },
    ): Promise<AdminSettlementList> {
      const agentId = q.agent === undefined ? undefined : await agentIdOf(merchant, q.agent);
      if (agentId === null)
        return { list: [], total: 0, pageNo: q.pageNo, pageSize: q.pageSize, ...currencyOf(merchant) };
      return settlementPage(merchant, { agentId, type: q.type, status: q.status }, q);
    },

    /** The merchant's contracts for the back office, newest first (optionally of one agent, by account). */
    async allContracts(
      merchant: Merchant,
      q: { agent?: string; type?: ContractType; status?: Contract['status']; pageNo: number; pageSize: number },
    ): Promise<ContractList> {
      const agentId = q.agent === undefined ? undefined : await agentIdOf(merchant, q.agent);
      if (agentId === null) return { list: [], total: 0, pageNo: q.pageNo, pageSize: q.pageSize };
      const { rows, total } = await repo.list(
        merchant.id,
        { agentId, type: q.type, status: q.status },
        { offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
      );
      return { list: await present(merchant, rows), total, pageNo: q.pageNo, pageSize: q.pageSize };
    },
  };
}

export type ContractsService = ReturnType<typeof createContractsService>;
