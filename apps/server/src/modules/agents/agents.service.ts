import type { CreateDownlineRequest, TeamFigures } from '@sea/contracts';
import type { z } from 'zod';
import type {
  agentPeriodQuery,
  createAffiliateLinkRequest,
  downlineListQuery,
  pnlQuery,
  teamBetsQuery,
  teamTransactionsQuery,
} from '@sea/contracts';
import type { AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { GamesModule } from '../games/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import {
  type AffiliateLinkRow,
  type MembersModule,
  normalisePoint,
  pointTenths,
  type TeamMemberRow,
} from '../members/index.ts';
import { agentActor, assertDirectDownline, inOwnTeam, memberIdOf, typeOfKind } from './agents.policy.ts';
import { type AgentsRepository, type Figures } from './agents.repository.ts';
import { memberOrderCache } from './member-order.ts';
import { periodOf } from './period.ts';

type Member = Pick<AuthenticatedMember, 'memberId' | 'type'>;

export const figuresOf = (f: Figures): TeamFigures => ({
  validBet: String(f.valid_bet),
  payout: String(f.payout),
  profit: String(BigInt(f.payout) - BigInt(f.stake)),
  betCount: Number(f.bet_count),
  deposits: String(f.deposits),
  withdrawals: String(f.withdrawals),
  activeMembers: Number(f.active),
});

const ZERO: Figures = {
  valid_bet: 0n,
  stake: 0n,
  payout: 0n,
  bet_count: 0n,
  deposits: 0n,
  withdrawals: 0n,
  active: 0n,
};

/** What the contracts module needs of a team over a period (valid bet, payout, profit, active members, size). */
export interface TeamPeriodStats {
  validBet: bigint;
  payout: bigint;
  /** payout − stake: the members' result (negative when the team lost). */
  profit: bigint;
  activeMembers: number;
  members: number;
}

const pageOf = (q: { pageNo: number; pageSize: number }) => ({
  offset: (q.pageNo - 1) * q.pageSize,
  limit: q.pageSize,
});

/**
 * The agent centre: team overview, downline management and registration, affiliate links, team records and the
 * reports. Every call starts with the policy (agents.policy.ts): the caller must be an agent, and any member it
 * names is looked up inside its own team; every report sums the roll-up over the team subquery of the closure
 * table, so nothing outside the caller's team is read.
 */
export function createAgentsService(deps: {
  repo: AgentsRepository;
  members: Pick<
    MembersModule,
    | 'create'
    | 'findById'
    | 'findInTeam'
    | 'teamCounts'
    | 'listTeam'
    | 'teamSubquery'
    | 'directTeamsSubquery'
    | 'accountsOf'
    | 'setRebatePoint'
    | 'setStatus'
    | 'createLink'
    | 'listLinks'
    | 'deleteLink'
  >;
  games: Pick<GamesModule, 'teamRounds' | 'roundNames'>;
  ledger: Pick<LedgerModule, 'teamEntries' | 'agentIncome'>;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  const { repo, members } = deps;
  /** The P&L per member's member orders, per (team, period, state of the cells): see repo.byMember. */
  const orders = memberOrderCache();

  /**
   * The team's figures over a period: from the team roll-up (a small read) when "active" means "has a settled
   * bet" (active_min_bet = 0, the default); when a minimum bet applies, the active count needs each member's
   * period sum, so the per-member pass over the cells counts it (exact either way).
   */
  async function teamTotals(merchantId: bigint, agentId: bigint, from: string, to: string, activeMin: bigint) {
    if (activeMin > 0n) return repo.totals(merchantId, members.teamSubquery(merchantId, agentId), from, to, activeMin);
    return (await repo.teamFigures(merchantId, agentId, from, to, 'all'))[0] ?? ZERO;
  }

  async function agentRow(merchant: Merchant, agentId: bigint) {
    const row = await members.findById(merchant.id, agentId);
    if (!row) throw new AppError('unauthorized');
    return row;
  }

  /** A team member named by id or account, found only inside the agent's team. */
  async function teamMember(merchant: Merchant, agentId: bigint, by: { id: string } | { account: string }) {
    const key = 'id' in by ? { id: memberIdOf(by.id) } : { account: by.account };
    return inOwnTeam({ merchant, agentId }, await members.findInTeam(merchant.id, agentId, key));
  }

  const present = (merchant: Merchant, r: TeamMemberRow) => ({
    id: String(r.id),
    account: r.account,
    nickname: r.nickname,
    type: r.type,
    isAgent: merchant.agentTypes.includes(r.type),
    depth: r.depth,
    uplineAccount: r.upline_account,
    rebatePoint: normalisePoint(r.rebate_point),
    status: r.status,
    teamSize: Number(r.team_size),
    createdAt: r.created_at.toISOString(),
    lastLoginAt: r.last_login_at?.toISOString() ?? null,
  });

  const presentLink = (merchant: Merchant, l: AffiliateLinkRow) => ({
    id: String(l.id),
    code: l.code,
    kind: merchant.agentTypes.includes(l.member_type) ? ('agent' as const) : ('member' as const),
    rebatePoint: normalisePoint(l.rebate_point),
    note: l.note,
    registrations: l.registrations,
    createdAt: l.created_at.toISOString(),
  });

  async function teamPeriodStats(
    merchantId: bigint,
    agentId: bigint,
    from: string,
    to: string,
  ): Promise<{ team: TeamPeriodStats; directs: (TeamPeriodStats & { memberId: bigint })[] }> {
    const { activeMinBet } = await repo.settings(merchantId);
    const [team, heads, counts, directs] = await Promise.all([
      teamTotals(merchantId, agentId, from, to, activeMinBet),
      repo.byHead(merchantId, members.directTeamsSubquery(merchantId, agentId), from, to, activeMinBet),
      members.teamCounts(merchantId, agentId, new Date(0), new Date(0)),
      members.listTeam(merchantId, agentId, { scope: 'direct', offset: 0, limit: 10_000 }),
    ]);
    const stats = (f: Figures, size: number): TeamPeriodStats => ({
      validBet: BigInt(f.valid_bet),
      payout: BigInt(f.payout),
      profit: BigInt(f.payout) - BigInt(f.stake),
      activeMembers: Number(f.active),
      members: size,
    });
    const byHead = new Map(heads.map((h) => [h.head_id, h]));
    return {
      team: stats(team, counts.members),
      directs: directs.rows.map((d) => ({
        memberId: d.id,
        ...stats(byHead.get(d.id) ?? ZERO, Number(d.team_size)),
      })),
    };
  }

  return {
    teamPeriodStats,

    async overview(merchant: Merchant, member: Member, q: z.infer<typeof agentPeriodQuery>) {
      const actor = agentActor(merchant, member);
      const p = periodOf(q, merchant.timezone, deps.clock());
      const { activeMinBet } = await repo.settings(merchant.id);
      const [figures, counts, fresh] = await Promise.all([
        teamTotals(merchant.id, actor.agentId, p.from, p.to, activeMinBet),
        members.teamCounts(merchant.id, actor.agentId, p.start, p.end),
        repo.freshAsOf(merchant.id),
      ]);
      return {
        from: p.from,
        to: p.to,
        ...figuresOf(figures),
        members: counts.members,
        directMembers: counts.direct,
        newMembers: counts.fresh,
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        freshAsOf: fresh?.toISOString() ?? null,
      };
    },

    async downlines(merchant: Merchant, member: Member, q: z.infer<typeof downlineListQuery>) {
      const actor = agentActor(merchant, member);
      const page = await members.listTeam(merchant.id, actor.agentId, {
        scope: q.scope,
        search: q.search,
        ...pageOf(q),
      });
      return {
        rows: page.rows.map((r) => present(merchant, r)),
        total: page.total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },

    async createDownline(
      merchant: Merchant,
      member: Member,
      body: CreateDownlineRequest & { kind: 'member' | 'agent'; rebatePoint: string },
      ip: string,
    ) {
      const actor = agentActor(merchant, member);
      // A password hash per account: limited per agent before any work.
      const limit = await deps.limiter.hit(`agent-downline:${merchant.id}:${actor.agentId}`, 60, 3_600_000);
      if (!limit.allowed)
        throw new AppError('too_many_requests', undefined, { retryAfterSeconds: limit.retryAfterSeconds });
      const row = await members.create({
        merchant,
        account: body.account,
        password: body.password,
        type: typeOfKind(merchant, body.kind),
        nickname: body.nickname || null,
        uplineId: actor.agentId,
        rebatePoint: body.rebatePoint,
        ip,
      });
      const agent = await agentRow(merchant, actor.agentId);
      return present(merchant, {
        ...row,
        rebate_point: String(row.rebate_point),
        depth: 1,
        upline_account: agent.account,
        team_size: 1,
      });
    },

    async setRebate(merchant: Merchant, member: Member, id: string, point: string) {
      const actor = agentActor(merchant, member);
      const target = await teamMember(merchant, actor.agentId, { id });
      assertDirectDownline(target);
      const stored = await members.setRebatePoint(merchant.id, target.id, point);
      return { id: String(target.id), rebatePoint: normalisePoint(stored) };
    },

    async setLocked(merchant: Merchant, member: Member, id: string, locked: boolean) {
      const actor = agentActor(merchant, member);
      const target = await teamMember(merchant, actor.agentId, { id });
      // A member's own closure is final: an upline neither locks nor unlocks a closed account.
      if (target.status === 'closed') throw new AppError('account_closed', 'This member closed the account.');
      await members.setStatus(merchant.id, target.id, locked ? 'disabled' : 'active');
      return { id: String(target.id), status: locked ? ('disabled' as const) : ('active' as const) };
    },

    async links(merchant: Merchant, member: Member) {
      const actor = agentActor(merchant, member);
      const [row, links] = await Promise.all([
        agentRow(merchant, actor.agentId),
        members.listLinks(merchant.id, actor.agentId),
      ]);
      return { ownCode: row.affiliate_code, links: links.map((l) => presentLink(merchant, l)) };
    },

    async createLink(merchant: Merchant, member: Member, body: z.infer<typeof createAffiliateLinkRequest>) {
      const actor = agentActor(merchant, member);
      const row = await agentRow(merchant, actor.agentId);
      const link = await members.createLink(
        merchant,
        { id: actor.agentId, rebatePoint: String(row.rebate_point) },
        { type: typeOfKind(merchant, body.kind), rebatePoint: body.rebatePoint, note: body.note || null },
      );
      return presentLink(merchant, link);
    },

    async deleteLink(merchant: Merchant, member: Member, id: string) {
      const actor = agentActor(merchant, member);
      if (!/^\d{1,18}$/.test(id)) throw new AppError('not_found', 'No such affiliate link.');
      await members.deleteLink(merchant.id, actor.agentId, BigInt(id));
      return null;
    },

    async bets(merchant: Merchant, member: Member, q: z.infer<typeof teamBetsQuery>, language?: string) {
      const actor = agentActor(merchant, member);
      const p = periodOf(q, merchant.timezone, deps.clock());
      // Self included: the agent's own bets are part of its team's records.
      const one = q.account
        ? await members.findInTeam(merchant.id, actor.agentId, { account: q.account }, 0)
        : undefined;
      if (q.account && !one) throw new AppError('not_in_team');
      const page = await deps.games.teamRounds(merchant.id, members.teamSubquery(merchant.id, actor.agentId), {
        from: p.start,
        to: p.end,
        memberId: one?.id,
        vendorCode: q.vendorCode,
        ...pageOf(q),
      });
      const [names, labels] = await Promise.all([
        members.accountsOf(
          merchant.id,
          page.rows.map((r) => r.member_id),
        ),
        deps.games.roundNames(
          merchant,
          page.rows.flatMap((r) => (r.game_id === null ? [] : [BigInt(r.game_id)])),
          language,
        ),
      ]);
      return {
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        rows: page.rows.map((r) => ({
          id: String(r.id),
          account: names.get(r.member_id) ?? '',
          vendorCode: r.vendor_code,
          vendorName: labels.vendors.get(r.vendor_code) ?? r.vendor_code,
          gameId: r.game_id === null ? null : String(r.game_id),
          gameName: (r.game_id === null ? undefined : labels.games.get(BigInt(r.game_id))) ?? r.game_name,
          category: r.category,
          roundRef: r.round_ref,
          summary: r.summary,
          status: r.status,
          stake: String(r.stake),
          payout: String(r.payout),
          startedAt: r.started_at.toISOString(),
          settledAt: r.settled_at?.toISOString() ?? null,
        })),
        total: page.total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },

    async transactions(merchant: Merchant, member: Member, q: z.infer<typeof teamTransactionsQuery>) {
      const actor = agentActor(merchant, member);
      const p = periodOf(q, merchant.timezone, deps.clock());
      const one = q.account
        ? await members.findInTeam(merchant.id, actor.agentId, { account: q.account }, 0)
        : undefined;
      if (q.account && !one) throw new AppError('not_in_team');
      const page = await deps.ledger.teamEntries(merchant.id, members.teamSubquery(merchant.id, actor.agentId), {
        from: p.start,
        to: p.end,
        memberId: one?.id,
        code: q.code,
        ...pageOf(q),
      });
      const names = await members.accountsOf(
        merchant.id,
        page.rows.map((r) => r.member_id),
      );
      return {
        rows: page.rows.map((r) => ({
          id: `${r.account_id}-${r.version}`,
          account: names.get(r.member_id) ?? '',
          code: r.code,
          amount: String(r.amount),
          balanceAfter: String(r.balance_after),
          createdAt: r.created_at.toISOString(),
        })),
        total: page.total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },

    async pnl(merchant: Merchant, member: Member, q: z.infer<typeof pnlQuery>) {
      const actor = agentActor(merchant, member);
      const p = periodOf(q, merchant.timezone, deps.clock());
      const { activeMinBet } = await repo.settings(merchant.id);
      const team = members.teamSubquery(merchant.id, actor.agentId);
      const totals = figuresOf(await teamTotals(merchant.id, actor.agentId, p.from, p.to, activeMinBet));
      if (q.by === 'level') {
        // With an account: that member's levels within the team (its own team's levels, numbered from the caller).
        const root = q.account
          ? await members.findInTeam(merchant.id, actor.agentId, { account: q.account }, 0)
          : { id: actor.agentId, depth: 0 };
        if (!root) throw new AppError('not_in_team');
        const levels =
          activeMinBet > 0n
            ? await repo.byLevel(
                merchant.id,
                root.id === actor.agentId ? team : members.teamSubquery(merchant.id, root.id),
                p.from,
                p.to,
                activeMinBet,
              )
            : (await repo.teamFigures(merchant.id, root.id, p.from, p.to, 'depth')).map((l) => ({
                ...l,
                depth: Number(l.k),
              }));
        const rows = levels.map((l) => ({
          ...figuresOf(l),
          account: null,
          memberId: null,
          depth: Number(l.depth) + Number(root.depth),
          members: Number(l.members),
        }));
        return { rows, total: rows.length, pageNo: 1, pageSize: rows.length, totals };
      }
      const one = q.account
        ? await members.findInTeam(merchant.id, actor.agentId, { account: q.account }, 0)
        : undefined;
      if (q.account && !one) throw new AppError('not_in_team');
      const page = await repo.byMember(merchant.id, team, {
        agentId: actor.agentId,
        orders,
        from: p.from,
        to: p.to,
        activeMin: activeMinBet,
        memberId: one?.id,
        ...pageOf(q),
      });
      const names = await members.accountsOf(
        merchant.id,
        page.rows.map((r) => r.member_id),
      );
      return {
        rows: page.rows.map((r) => ({
          ...figuresOf(r),
          account: names.get(r.member_id) ?? '',
          memberId: String(r.member_id),
          depth: Number(r.depth),
          members: 1,
        })),
        total: page.total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totals,
      };
    },

    async revenue(merchant: Merchant, member: Member, q: z.infer<typeof agentPeriodQuery>) {
      const actor = agentActor(merchant, member);
      const p = periodOf(q, merchant.timezone, deps.clock());
      const { activeMinBet } = await repo.settings(merchant.id);
      const team = members.teamSubquery(merchant.id, actor.agentId);
      const [days, totals] = await Promise.all([
        activeMinBet > 0n
          ? repo.byDay(merchant.id, team, p.from, p.to, activeMinBet)
          : repo
              .teamFigures(merchant.id, actor.agentId, p.from, p.to, 'day')
              .then((rows) => rows.map((r) => ({ ...r, day: String(r.k) }))),
        teamTotals(merchant.id, actor.agentId, p.from, p.to, activeMinBet),
      ]);
      return {
        from: p.from,
        to: p.to,
        days: days.map((d) => ({ day: d.day, ...figuresOf(d) })),
        totals: figuresOf(totals),
      };
    },

    async income(
      merchant: Merchant,
      member: Member,
      q: z.infer<typeof agentPeriodQuery> & { pageNo: number; pageSize: number },
    ) {
      const actor = agentActor(merchant, member);
      const p = periodOf(q, merchant.timezone, deps.clock());
      const page = await deps.ledger.agentIncome(merchant.id, actor.agentId, {
        from: p.start,
        to: p.end,
        ...pageOf(q),
      });
      return {
        rows: page.rows.map((r) => ({
          id: `${r.account_id}-${r.version}`,
          amount: String(r.amount),
          createdAt: r.created_at.toISOString(),
          ref: JSON.stringify(r.ref ?? {}),
        })),
        total: page.total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        sum: String(page.sum),
      };
    },

    /** The rebate point bounds check used by the admin API for a top-level agent. */
    capOk: (point: string, cap: string) => pointTenths(point) <= pointTenths(cap),
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
