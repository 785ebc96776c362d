import {
  type AdminRgHelp,
  type AdminRgHelpRequest,
  type AdminRgView,
  RG_LIMIT_KINDS,
  RG_PERIODS,
  type RgBreakRequest,
  type RgHelp,
  type RgLimitKind,
  type RgPeriod,
  type RgSessionRequest,
  type RgStatus,
} from '@sea/contracts';
import type { Merchant } from '../../http/principals.ts';
import type { AnyDb } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { amountFromText } from '../../lib/money.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { AdminModule } from '../admin/index.ts';
import type { AuthModule } from '../auth/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { RgLimitRow, RgMemberRow, RgRepository } from './rg.repository.ts';
import { breakEnd, effectiveLimit, limitChange, windowStarts } from './rg.rules.ts';
import type { RgStoredKind, RgStoredPeriod } from './rg.tables.ts';

type MerchantRef = Pick<Merchant, 'id' | 'timezone'>;
type Usage = Record<RgLimitKind, Record<RgPeriod, bigint>> & { session: { net: bigint; wagered: bigint } };
interface Actor {
  actor: 'member' | 'staff';
  adminId: bigint | null;
  ip?: string;
}

const blockError = (row: Pick<RgMemberRow, 'block_kind' | 'blocked_until'>) => {
  const until = row.blocked_until!.toISOString();
  return row.block_kind === 'self_exclusion'
    ? new AppError('rg_self_excluded', `You have excluded yourself from play until ${until}.`, { until })
    : new AppError('rg_time_out', `You are taking a break from play until ${until}.`, { until });
};

export function createRgService(deps: {
  repo: RgRepository;
  ledger: Pick<LedgerModule, 'totalsSince'>;
  members: Pick<MembersModule, 'findById'>;
  auth: Pick<AuthModule, 'endSessionsIn'>;
  audit: Pick<AdminModule, 'recordAction' | 'staffUsernames'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  clock: () => Date;
}) {
  const { repo, clock } = deps;
  const blocked = (row: RgMemberRow | undefined, now: Date) =>
    row?.blocked_until && row.blocked_until > now ? row : undefined;

  /** Deposits, stakes and losses per window (and since the session start) from the member's ledger entries. */
  async function usage(
    merchant: MerchantRef,
    memberId: bigint,
    sessionStart: Date | null,
    exec?: AnyDb,
  ): Promise<Usage> {
    const now = clock();
    const starts = windowStarts(now, merchant.timezone);
    const since = [starts.day, starts.week, starts.month, sessionStart ?? now];
    const t = await deps.ledger.totalsSince(
      { merchantId: merchant.id, memberId, codes: ['deposit', 'bet', 'win'], since },
      exec,
    );
    const pos = (v: bigint) => (v > 0n ? v : 0n);
    const per = (f: (i: number) => bigint) =>
      Object.fromEntries(RG_PERIODS.map((p, i) => [p, f(i)])) as Record<RgPeriod, bigint>;
    return {
      deposit: per((i) => pos(t.deposit![i]!)),
      wager: per((i) => pos(-t.bet![i]!)),
      loss: per((i) => pos(-(t.bet![i]! + t.win![i]!))),
      session: { net: sessionStart ? t.bet![3]! + t.win![3]! : 0n, wagered: sessionStart ? pos(-t.bet![3]!) : 0n },
    };
  }

  const limitOf = (rows: RgLimitRow[], kind: RgStoredKind, period: RgStoredPeriod) =>
    rows.find((r) => r.kind === kind && r.period === period);

  /**
   * The refusal of a stake of `amount` (null: allowed), read under the member's row lock in `exec`: a break, the
   * session time limit, the wager limit (stakes + this one), the loss limit (losses + this stake, which can be lost).
   */
  async function stakeRefusal(
    exec: AnyDb,
    merchant: MerchantRef,
    memberId: bigint,
    amount: bigint,
  ): Promise<AppError | null> {
    const row = await repo.lockExisting(exec, memberId);
    if (!row) return null;
    const now = clock();
    const b = blocked(row, now);
    if (b) return blockError(b);
    const limits = await repo.limits(memberId, exec);
    const session = effectiveLimit(limitOf(limits, 'session', 'session'), now).amount;
    if (
      session !== null &&
      row.session_started_at &&
      now.getTime() - row.session_started_at.getTime() >= Number(session) * 60_000
    )
      return new AppError('rg_session_limit');
    const active = limits.filter((l) => l.kind === 'wager' || l.kind === 'loss');
    const caps = active.map((l) => ({ l, amount: effectiveLimit(l, now).amount })).filter((c) => c.amount !== null);
    if (caps.length === 0 || amount <= 0n) return null;
    const used = await usage(merchant, memberId, null, exec);
    for (const { l, amount: cap } of caps) {
      const kind = l.kind as 'wager' | 'loss';
      if (used[kind][l.period as RgPeriod] + amount > cap!)
        return new AppError(kind === 'wager' ? 'rg_wager_limit' : 'rg_loss_limit', undefined, {
          period: l.period,
          limit: cap!.toString(),
          used: used[kind][l.period as RgPeriod].toString(),
        });
    }
    return null;
  }

  /** The refusal of a deposit of `amount`, with `pending` more already requested, under the lock in `exec`. */
  async function depositRefusal(
    exec: AnyDb,
    merchant: MerchantRef,
    memberId: bigint,
    amount: bigint,
    pending: () => Promise<bigint>,
  ): Promise<AppError | null> {
    const row = await repo.lockExisting(exec, memberId);
    if (!row) return null;
    const now = clock();
    const b = blocked(row, now);
    if (b) return blockError(b);
    const limits = await repo.limits(memberId, exec);
    const caps = limits
      .filter((l) => l.kind === 'deposit')
      .map((l) => ({ period: l.period as RgPeriod, amount: effectiveLimit(l, now).amount }))
      .filter((c) => c.amount !== null);
    if (caps.length === 0) return null;
    const used = await usage(merchant, memberId, null, exec);
    const waiting = await pending();
    for (const c of caps)
      if (used.deposit[c.period] + waiting + amount > c.amount!)
        return new AppError('rg_deposit_limit', undefined, {
          period: c.period,
          limit: c.amount!.toString(),
          used: (used.deposit[c.period] + waiting).toString(),
        });
    return null;
  }

  async function status(merchant: Merchant, memberId: bigint): Promise<RgStatus> {
    const now = clock();
    const [row, limits] = await Promise.all([repo.member(memberId), repo.limits(memberId)]);
    const used = await usage(merchant, memberId, row?.session_started_at ?? null);
    const session = effectiveLimit(limitOf(limits, 'session', 'session'), now);
    const b = blocked(row, now);
    return {
      currency: merchant.currency,
      exponent: merchant.currencyExponent,
      limits: RG_LIMIT_KINDS.flatMap((kind) =>
        RG_PERIODS.map((period) => {
          const e = effectiveLimit(limitOf(limits, kind, period), now);
          return {
            kind,
            period,
            amount: e.amount?.toString() ?? null,
            used: used[kind][period].toString(),
            pending: e.pending && {
              amount: e.pending.amount?.toString() ?? null,
              effectiveAt: e.pending.effectiveAt.toISOString(),
            },
          };
        }),
      ),
      sessionLimit: {
        minutes: session.amount === null ? null : Number(session.amount),
        pending: session.pending && {
          minutes: session.pending.amount === null ? null : Number(session.pending.amount),
          effectiveAt: session.pending.effectiveAt.toISOString(),
        },
      },
      realityCheckMinutes: row?.reality_check_minutes ?? 60,
      session: {
        startedAt: row?.session_started_at?.toISOString() ?? null,
        net: used.session.net.toString(),
        wagered: used.session.wagered.toString(),
      },
      block: b ? { kind: b.block_kind!, until: b.blocked_until!.toISOString() } : null,
    };
  }

  /** One change under the member's lock, its log line (and the staff audit record) in the same transaction. */
  function change<T>(
    merchant: Merchant,
    memberId: bigint,
    who: Actor,
    apply: (
      trx: AnyDb,
      row: RgMemberRow,
      now: Date,
    ) => Promise<{ action: string; detail: Record<string, unknown>; out: T }>,
  ): Promise<T> {
    return repo.transaction(async (trx) => {
      const now = clock();
      const row = await repo.lockMember(trx, merchant.id, memberId);
      const { action, detail, out } = await apply(trx, row, now);
      await repo.addEvent(trx, { merchantId: merchant.id, memberId, ...who, action, detail, at: now });
      if (who.actor === 'staff')
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: who.adminId,
          action: `rg.${action}`,
          targetType: 'member',
          targetId: memberId,
          detail,
          ip: who.ip,
        });
      return out;
    });
  }

  async function setLimit(
    merchant: Merchant,
    memberId: bigint,
    kind: RgStoredKind,
    period: RgStoredPeriod,
    wanted: bigint | null,
    who: Actor,
  ): Promise<void> {
    await change(merchant, memberId, who, async (trx, _row, now) => {
      const stored = limitOf(await repo.limits(memberId, trx), kind, period);
      const current = effectiveLimit(stored, now).amount;
      const next = limitChange(current, wanted, now);
      if (who.actor === 'staff' && next.applied === 'later') throw new AppError('rg_staff_raise_refused');
      await repo.saveLimit(trx, { merchantId: merchant.id, memberId, kind, period, ...next, now });
      return {
        action: 'limit.set',
        detail: {
          kind,
          period,
          from: current,
          to: wanted,
          applies: next.applied,
          ...(next.pendingAt && { effectiveAt: next.pendingAt.toISOString() }),
        },
        out: undefined,
      };
    });
  }

  async function startBreak(
    merchant: Merchant,
    memberId: bigint,
    req: Pick<RgBreakRequest, 'kind' | 'duration'>,
    who: Actor,
    note?: string,
  ): Promise<{ until: string }> {
    return change(merchant, memberId, who, async (trx, row, now) => {
      const until = breakEnd(req.duration, now);
      // Never shortened: a break already under way that ends later stays (a longer one replaces it).
      const b = blocked(row, now);
      if (b && b.blocked_until! >= until) throw new AppError('rg_break_locked');
      const kind = b?.block_kind === 'self_exclusion' ? 'self_exclusion' : req.kind;
      await repo.setBlock(trx, memberId, kind, until, now);
      await deps.auth.endSessionsIn(trx, memberId);
      return {
        action: `${req.kind}.start`,
        detail: { duration: req.duration, until: until.toISOString(), ...(note && { note }) },
        out: { until: until.toISOString() },
      };
    });
  }

  return {
    status,
    stakeRefusal,
    depositRefusal,

    /** The refusal of a stake thrown before any work (our games: a clear error before a round is recorded). */
    precheckStake: (merchant: MerchantRef, memberId: bigint, amount: bigint): Promise<void> =>
      repo.transaction(async (trx) => {
        const e = await stakeRefusal(trx, merchant, memberId, amount);
        if (e) throw e;
      }),

    /** Throws the refusal of a stake (our games and the lottery: inside the bet's transaction). */
    async assertStake(exec: AnyDb, merchant: MerchantRef, memberId: bigint, amount: bigint): Promise<void> {
      const e = await stakeRefusal(exec, merchant, memberId, amount);
      if (e) throw e;
    },

    async assertDeposit(
      exec: AnyDb,
      merchant: MerchantRef,
      memberId: bigint,
      amount: bigint,
      pending: () => Promise<bigint> = () => Promise.resolve(0n),
    ): Promise<void> {
      const e = await depositRefusal(exec, merchant, memberId, amount, pending);
      if (e) throw e;
    },

    /** Before a session is granted: a break refuses the login (its end date in the message); else the session starts. */
    async beforeLogin(merchantId: bigint, memberId: bigint): Promise<void> {
      const now = clock();
      const b = blocked(await repo.member(memberId), now);
      if (b) throw blockError(b);
      await repo.sessionStarted(merchantId, memberId, now);
    },

    /** Members on a break now, as a subquery of member_id (marketing: message segments leave them out). */
    blockedSubquery: (merchantId: bigint) => repo.blockedSubquery(merchantId, clock()),

    /** Of these members, the ones on a break now (marketing messages and bonuses skip them). */
    blockedAmong: (merchantId: bigint, memberIds: bigint[]) => repo.blockedAmong(merchantId, memberIds, clock()),

    /** The member's break as an error (rg_self_excluded / rg_time_out), undefined when none: a bonus is not paid. */
    async blockRefusal(memberId: bigint, exec?: AnyDb): Promise<AppError | undefined> {
      const b = blocked(await repo.member(memberId, exec), clock());
      return b ? blockError(b) : undefined;
    },

    async isBlocked(merchantId: bigint, memberId: bigint): Promise<boolean> {
      return (await repo.blockedAmong(merchantId, [memberId], clock())).size > 0;
    },

    memberSetLimit: (
      merchant: Merchant,
      memberId: bigint,
      kind: RgLimitKind,
      period: RgPeriod,
      amount: string | null,
    ) =>
      setLimit(
        merchant,
        memberId,
        kind,
        period,
        amount === null ? null : amountFromText(amount, merchant.currencyExponent),
        { actor: 'member', adminId: null },
      ),

    async memberSession(merchant: Merchant, memberId: bigint, req: RgSessionRequest): Promise<void> {
      if (req.sessionLimitMinutes !== undefined)
        await setLimit(
          merchant,
          memberId,
          'session',
          'session',
          req.sessionLimitMinutes === null ? null : BigInt(req.sessionLimitMinutes),
          { actor: 'member', adminId: null },
        );
      const minutes = req.realityCheckMinutes;
      if (minutes !== undefined)
        await change(merchant, memberId, { actor: 'member', adminId: null }, async (trx, row, now) => {
          await repo.setRealityCheck(trx, memberId, minutes, now);
          return {
            action: 'reality_check.set',
            detail: { from: row.reality_check_minutes, to: minutes },
            out: undefined,
          };
        });
    },

    /** A time-out or self-exclusion by the member: the password confirms it; every session ends at once. */
    async memberBreak(merchant: Merchant, memberId: bigint, req: RgBreakRequest): Promise<{ until: string }> {
      const member = await deps.members.findById(merchant.id, memberId);
      if (!member || !(await deps.hasher.verify(member.password_hash, req.password)))
        throw new AppError('in_incorrect_password', 'The password is not correct.');
      return startBreak(merchant, memberId, req, { actor: 'member', adminId: null });
    },

    async staffView(merchant: Merchant, memberId: bigint): Promise<AdminRgView> {
      const [s, events] = await Promise.all([status(merchant, memberId), repo.events(merchant.id, memberId, 200)]);
      const names = await deps.audit.staffUsernames(events.flatMap((e) => (e.admin_id === null ? [] : [e.admin_id])));
      return {
        ...s,
        events: events.map((e) => ({
          id: String(e.id),
          actor: e.actor,
          staff: e.admin_id === null ? null : (names.get(e.admin_id) ?? null),
          action: e.action,
          detail: (typeof e.detail === 'string' ? JSON.parse(e.detail) : e.detail) as Record<string, unknown>,
          createdAt: e.created_at.toISOString(),
        })),
      };
    },

    /** Staff lower (or set) a limit on the member's request; a raise is refused (rg_staff_raise_refused). */
    staffLimit: (
      merchant: Merchant,
      admin: { id: bigint; ip?: string },
      memberId: bigint,
      req: { kind: RgLimitKind; period: RgPeriod; amount: string },
    ) =>
      setLimit(merchant, memberId, req.kind, req.period, amountFromText(req.amount, merchant.currencyExponent), {
        actor: 'staff',
        adminId: admin.id,
        ip: admin.ip,
      }),

    staffBreak: (
      merchant: Merchant,
      admin: { id: bigint; ip?: string },
      memberId: bigint,
      req: Pick<RgBreakRequest, 'kind' | 'duration'> & { note: string },
    ) => startBreak(merchant, memberId, req, { actor: 'staff', adminId: admin.id, ip: admin.ip }, req.note),

    /** The page's help contacts in the reader's language, else the merchant's default language; null: none written. */
    async help(merchant: Merchant, language: string | undefined): Promise<RgHelp> {
      const texts = await repo.helpTexts(merchant.id);
      return { text: (language && texts[language]) || texts[merchant.defaultLanguage] || null };
    },

    /** Back office: the help texts and the merchant's languages. */
    async staffHelp(merchant: Merchant): Promise<AdminRgHelp> {
      return { texts: await repo.helpTexts(merchant.id), languages: merchant.languages };
    },

    /** Back office: replaces the help texts (only the merchant's languages; empty ones dropped), audited. */
    async setHelp(merchant: Merchant, admin: { id: bigint; ip?: string }, req: AdminRgHelpRequest) {
      const unknown = Object.keys(req.texts).filter((l) => !merchant.languages.includes(l));
      if (unknown.length)
        throw new AppError('validation_failed', 'Write the help only in the site’s languages.', {
          in: 'body',
          fields: unknown.map((l) => ({
            field: `texts.${l}`,
            reason: 'invalid',
            message: 'Not one of the site’s languages.',
          })),
        });
      const texts = Object.fromEntries(Object.entries(req.texts).filter(([, t]) => t.length > 0));
      await repo.transaction(async (trx) => {
        await repo.setHelpTexts(trx, merchant.id, texts);
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'rg.help',
          targetType: 'site',
          targetId: 'rg-help',
          detail: { languages: Object.keys(texts) },
          ip: admin.ip,
        });
      });
      return { texts, languages: merchant.languages };
    },

    /** Lifting or shortening a break: refused for everyone, staff included (AGCO 2.14). */
    async liftBreak(): Promise<never> {
      throw new AppError('rg_break_locked');
    },
  };
}

export type RgService = ReturnType<typeof createRgService>;
