import { MEMBER_SEARCH_COUNT_CAP, type MemberDetail, type MemberSearchQuery, type MemberSummary } from '@sea/contracts';
import type { AnyDb } from '../../db/schema.ts';
import type { AuthenticatedAdmin, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import type { AgentsModule } from '../agents/index.ts';
import type { AuthModule } from '../auth/index.ts';
import type { ContractsModule } from '../contracts/index.ts';
import type { DepositsModule } from '../deposits/index.ts';
import type { GamesModule } from '../games/index.ts';
import type { HistoryModule } from '../history/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import {
  isAgentType,
  isTrialType,
  type MemberRow,
  type MemberSearch,
  type MemberSearchRow,
  type MembersModule,
  type MemberStatus,
  normalisePoint,
} from '../members/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import type { MemberNotesRepository } from './member-notes.repository.ts';

type Members = Pick<
  MembersModule,
  'findByAccount' | 'search' | 'uplines' | 'downlineCounts' | 'setLock' | 'move' | 'findById'
>;
type Auth = Pick<
  AuthModule,
  'loginHistory' | 'liveSessions' | 'endSessions' | 'endSessionsIn' | 'resetPassword' | 'membersFromIp'
>;

/** The staff member acting, and from where (the audit record's). */
export interface Actor {
  admin: AuthenticatedAdmin;
  ip: string;
}

const mobileOf = (m: Pick<MemberRow, 'country_dialing_code' | 'mobile'>) =>
  m.mobile ? `+${m.country_dialing_code} ${m.mobile}` : null;
const statusOf = (s: MemberStatus): 'active' | 'locked' | 'closed' =>
  s === 'active' ? 'active' : s === 'closed' ? 'closed' : 'locked';
const STORED_STATUS = { active: 'active', locked: 'disabled', closed: 'closed' } as const;
const VENDOR_ACCOUNT = /^member:\d+:vendor:(.+)$/;

/**
 * The back office's members screens: search, a member's 360° view (profile, status, balances from the ledger,
 * agent line, counts) and its sub-lists through the faces that own them (ledger history, bet records, deposits,
 * withdrawals, logins), staff notes (this module's table) and the actions. Every read starts from the staff
 * member's merchant: a member of another merchant is not found. Every action writes its audit record (target:
 * the member's account) in the action's own transaction.
 */
export function createMemberAdminService(deps: {
  members: Members;
  auth: Auth;
  ledger: Pick<LedgerModule, 'memberAccounts'>;
  history: Pick<HistoryModule, 'transactions'>;
  games: Pick<GamesModule, 'betRecords'>;
  deposits: Pick<DepositsModule, 'list'>;
  withdrawals: Pick<WithdrawalsModule['withdrawals'], 'list'>;
  audit: Pick<AdminModule, 'recordAction'>;
  agents: Pick<AgentsModule, 'moveTeamFigures'>;
  contracts: Pick<ContractsModule, 'liveContractsOf'>;
  notes: MemberNotesRepository;
  db: AnyDb;
  clock: () => Date;
}) {
  const { members, auth } = deps;

  /** The member with this account in the merchant (404 otherwise, whatever other merchants hold). */
  async function memberOf(merchant: Merchant, account: string): Promise<MemberRow> {
    const row = await members.findByAccount(merchant.id, account);
    if (!row) throw new AppError('member_not_found');
    return row;
  }

  const audit = (trx: AnyDb, actor: Actor, action: string, account: string, detail: Record<string, unknown>) =>
    deps.audit.recordAction(trx, {
      merchantId: actor.admin.merchantId,
      adminId: actor.admin.id,
      action,
      targetType: 'member',
      targetId: account,
      detail: { account, ...detail },
      ip: actor.ip,
    });

  async function searchOf(merchant: Merchant, q: MemberSearchQuery): Promise<MemberSearch | null> {
    switch (q.by) {
      case 'username':
        return { by: 'username', prefix: q.q };
      case 'mobile':
        return { by: 'mobile', digits: q.q };
      case 'id':
        return { by: 'id', id: BigInt(q.q) };
      case 'ip':
        return { by: 'ids', subquery: auth.membersFromIp(merchant.id, q.q) };
      case 'affiliate':
        return { by: 'invitation', code: q.q };
      case 'agent': {
        const agent = await members.findByAccount(merchant.id, q.q);
        return agent ? { by: 'downline', agentId: agent.id } : null;
      }
    }
  }

  const summary = (merchant: Merchant, r: MemberSearchRow): MemberSummary => ({
    id: String(r.id),
    account: r.account,
    nickname: r.nickname,
    type: r.type,
    isAgent: isAgentType(merchant, r.type),
    status: statusOf(r.status),
    mobile: mobileOf(r),
    uplineAccount: r.upline_account,
    rebatePoint: normalisePoint(r.rebate_point),
    registeredAt: r.created_at.toISOString(),
    lastLoginAt: r.last_login_at?.toISOString() ?? null,
    lastLoginIp: r.last_login_ip,
  });

  async function actionResult(merchant: Merchant, id: bigint, sessionsEnded: number) {
    const row = (await members.findById(merchant.id, id))!;
    const upline = row.upline_id === null ? undefined : await members.findById(merchant.id, row.upline_id);
    return {
      account: row.account,
      status: statusOf(row.status),
      lockReason: row.lock_reason,
      uplineAccount: upline?.account ?? null,
      sessionsEnded,
    };
  }

  return {
    memberOf,

    async search(merchant: Merchant, q: MemberSearchQuery) {
      const s = await searchOf(merchant, q);
      const page = s
        ? await members.search(merchant.id, s, {
            status: q.status === undefined ? undefined : STORED_STATUS[q.status],
            offset: (q.pageNo - 1) * q.pageSize,
            limit: q.pageSize,
            countCap: MEMBER_SEARCH_COUNT_CAP,
          })
        : { rows: [], total: 0, capped: false };
      return {
        items: page.rows.map((r) => summary(merchant, r)),
        total: page.total,
        totalCapped: page.capped,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },

    /** The 360° view: profile, status, balances (the ledger's accounts of the member), agent line, counts. */
    async detail(merchant: Merchant, account: string): Promise<MemberDetail> {
      const m = await memberOf(merchant, account);
      const [accounts, uplines, team, notes, sessions] = await Promise.all([
        deps.ledger.memberAccounts(merchant.id, m.id),
        members.uplines(merchant.id, m.id),
        members.downlineCounts(merchant.id, m.id),
        deps.notes.list(merchant.id, m.id, { offset: 0, limit: 0 }),
        auth.liveSessions(m.id),
      ]);
      const wallet = (a: { balance: bigint; available: bigint } | undefined) => ({
        balance: String(a?.balance ?? 0n),
        available: String(a?.available ?? 0n),
        held: String((a?.balance ?? 0n) - (a?.available ?? 0n)),
      });
      const main = accounts.find((a) => a.code === `member:${m.id}:main`);
      const vendors = accounts.flatMap((a) => {
        const v = VENDOR_ACCOUNT.exec(a.code);
        return v ? [{ vendorCode: v[1]!, ...wallet(a) }] : [];
      });
      const now = deps.clock();
      return {
        profile: {
          id: String(m.id),
          account: m.account,
          nickname: m.nickname,
          realName: m.real_name,
          mobile: mobileOf(m),
          email: m.email,
          type: m.type,
          isAgent: isAgentType(merchant, m.type),
          isTrial: isTrialType(merchant, m.type),
          rebatePoint: normalisePoint(m.rebate_point),
          language: m.language,
          registeredAt: m.created_at.toISOString(),
          registrationIp: m.created_ip,
          invitationCode: m.invitation_code,
          affiliateCode: m.affiliate_code,
          lastLoginAt: m.last_login_at?.toISOString() ?? null,
          lastLoginIp: m.last_login_ip,
        },
        status: {
          status: statusOf(m.status),
          lockReason: m.lock_reason,
          closedAt: m.closed_at?.toISOString() ?? null,
          anonymisedAt: m.anonymised_at?.toISOString() ?? null,
          loginLockedUntil: m.locked_until && m.locked_until > now ? m.locked_until.toISOString() : null,
          mustChangePassword: m.must_change_password,
        },
        balances: {
          currency: merchant.currency,
          exponent: merchant.currencyExponent,
          main: wallet(main),
          vendors,
          total: String(accounts.reduce((sum, a) => sum + a.balance, 0n)),
        },
        agentLine: uplines.map((u) => ({ account: u.account, depth: u.depth, type: u.type })),
        counts: {
          downlines: team.downlines,
          directDownlines: team.direct,
          notes: notes.total,
          liveSessions: sessions,
        },
      };
    },

    /** The member's ledger entries and holds (the history face: type, wallet, amount, balance after, reference). */
    async journals(merchant: Merchant, account: string, q: Parameters<HistoryModule['transactions']>[2]) {
      const m = await memberOf(merchant, account);
      return deps.history.transactions(merchant, m.id, q);
    },

    /** Bet records, games and lottery (the games face's, the same as the member's own page). */
    async bets(merchant: Merchant, account: string, q: Parameters<GamesModule['betRecords']>[2]) {
      const m = await memberOf(merchant, account);
      return deps.games.betRecords(merchant, m.id, q);
    },

    async deposits(merchant: Merchant, account: string, page: { pageNo: number; pageSize: number }) {
      const m = await memberOf(merchant, account);
      return deps.deposits.list(merchant, m.id, page);
    },

    async withdrawals(merchant: Merchant, account: string, page: { pageNo: number; pageSize: number }) {
      const m = await memberOf(merchant, account);
      return deps.withdrawals.list(merchant, m.id, page);
    },

    async logins(merchant: Merchant, account: string, page: { pageNo: number; pageSize: number }) {
      const m = await memberOf(merchant, account);
      return auth.loginHistory(merchant.id, m.id, page);
    },

    async notes(merchant: Merchant, account: string, page: { pageNo: number; pageSize: number }) {
      const m = await memberOf(merchant, account);
      const { rows, total } = await deps.notes.list(merchant.id, m.id, {
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
      });
      return {
        items: rows.map((r) => ({
          id: String(r.id),
          author: r.author,
          text: r.body,
          createdAt: r.created_at.toISOString(),
        })),
        total,
        pageNo: page.pageNo,
        pageSize: page.pageSize,
      };
    },

    async addNote(merchant: Merchant, actor: Actor, account: string, text: string) {
      const m = await memberOf(merchant, account);
      const row = await deps.db.transaction().execute(async (trx) => {
        const note = await deps.notes.insert(trx, {
          merchantId: merchant.id,
          memberId: m.id,
          adminId: actor.admin.id,
          author: actor.admin.username,
          body: text,
          at: deps.clock(),
        });
        await audit(trx, actor, 'member.note', m.account, { noteId: note.id, length: text.length });
        return note;
      });
      return { id: String(row.id), author: row.author, text: row.body, createdAt: row.created_at.toISOString() };
    },

    async lock(merchant: Merchant, actor: Actor, account: string, reason: string | null) {
      const m = await memberOf(merchant, account);
      let ended = 0;
      await members.setLock(merchant.id, m.id, reason === null ? null : { reason }, async (trx) => {
        // A lock ends the sessions too: an unlock must not bring a token taken before the lock back to life.
        if (reason !== null) ended = await auth.endSessionsIn(trx, m.id);
        await audit(trx, actor, reason === null ? 'member.unlock' : 'member.lock', m.account, {
          reason,
          ...(reason !== null && { sessionsEnded: ended }),
        });
      });
      return actionResult(merchant, m.id, ended);
    },

    async endSessions(merchant: Merchant, actor: Actor, account: string) {
      const m = await memberOf(merchant, account);
      const ended = await auth.endSessions(m.id, (trx, n) =>
        audit(trx, actor, 'member.end_sessions', m.account, { sessionsEnded: n }),
      );
      return actionResult(merchant, m.id, ended);
    },

    async resetPassword(merchant: Merchant, actor: Actor, account: string) {
      const m = await memberOf(merchant, account);
      const r = await auth.resetPassword(m.id, (trx, n) =>
        audit(trx, actor, 'member.reset_password', m.account, { sessionsEnded: n }),
      );
      return { ...(await actionResult(merchant, m.id, r.sessionsEnded)), oneTimePassword: r.oneTimePassword };
    },

    async move(merchant: Merchant, actor: Actor, account: string, toAgent: string) {
      const m = await memberOf(merchant, account);
      const agent = await members.findByAccount(merchant.id, toAgent);
      if (!agent) throw new AppError('member_not_found', 'No agent with this account on this site.');
      // Read before the transaction: on the embedded database a read outside it would wait for it to end.
      const former = m.upline_id === null ? undefined : await members.findById(merchant.id, m.upline_id);
      await members.move(merchant, m.id, agent.id, {
        before: async (trx) => {
          if ((await deps.contracts.liveContractsOf(trx, merchant.id, m.id)) > 0)
            throw new AppError(
              'member_move_refused',
              'The member holds a pending or active contract with its current line: end it before the move.',
            );
          await deps.agents.moveTeamFigures(trx, merchant.id, m.id, -1);
        },
        after: async (trx) => {
          await deps.agents.moveTeamFigures(trx, merchant.id, m.id, 1);
          await audit(trx, actor, 'member.move', m.account, { from: former?.account ?? null, to: agent.account });
        },
      });
      return actionResult(merchant, m.id, 0);
    },
  };
}

export type MemberAdminService = ReturnType<typeof createMemberAdminService>;
