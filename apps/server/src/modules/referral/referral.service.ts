import type {
  AdminReferral,
  AdminReferralQuery,
  ReferralFlag,
  ReferralOverview,
  ReferralReviewRequest,
  ReferralSettings,
  ReferralSettingsRequest,
} from '@sea/contracts';
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthenticatedAdmin, AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import type { AuthModule } from '../auth/index.ts';
import { presentPayment, termColumns, termsFromRequest, termsOf } from '../bonus/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { RewardsModule } from '../rewards/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import { createReferralRepository, type ReferralRow, type ReferralSettingsRow } from './referral.repository.ts';
import type { ReferralTables } from './referral.tables.ts';

type Db = Kysely<ReferralTables>;

export interface ReferralDeps {
  db: Db;
  members: Pick<MembersModule, 'findById'>;
  merchants: Pick<MerchantsModule, 'findById' | 'flags' | 'setFlag'>;
  auth: Pick<AuthModule, 'devicesOf'>;
  withdrawals: Pick<WithdrawalsModule, 'bankAccountNumbers'>;
  rewards: Pick<RewardsModule, 'grantReward' | 'notifyRewards'>;
  audit: Pick<AdminModule, 'recordAction'>;
  clock: () => Date;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** "ab***z": enough for the referrer to know a friend, not enough to find the account. */
export function maskUsername(account: string): string {
  if (account.length <= 3) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

/** The merchant-local month (YYYY-MM) of an instant: what the monthly cap counts by. */
export function localMonth(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}`;
}

const presentSettings = (s: ReferralSettingsRow, enabled: boolean): ReferralSettings => ({
  enabled,
  minFirstDeposit: String(s.min_first_deposit),
  turnover: String(s.turnover),
  withinDays: s.within_days,
  referrerReward: String(s.referrer_reward),
  refereeReward: String(s.referee_reward),
  monthlyCap: s.monthly_cap,
  ...presentPayment(s),
});

/** What the demo merchant starts with (PHP, centavos): deposit ₱100, bet ₱200 within 30 days, ₱50 reward. */
export const DEMO_REFERRAL_SETTINGS = {
  min_first_deposit: 10_000n,
  turnover: 20_000n,
  within_days: 30,
  referrer_reward: 5_000n,
  referee_reward: 0n,
  monthly_cap: 20,
};

/** The outcome of a registration's referral code. */
export type ReferralCheck =
  { kind: 'off' } | { kind: 'unknown' } | { kind: 'ok'; referrerId: bigint; code: string; flags: ReferralFlag[] };

/**
 * Member referral: codes, the registration's referrer (with its self-referral flags), qualification (the consumer,
 * referral.consumer.ts, calls `settle`), the referrer's page, and the staff's settings and flagged queue.
 */
export function createReferralService(deps: ReferralDeps) {
  const { db, clock } = deps;
  const repo = createReferralRepository(db);

  async function active(merchantId: bigint): Promise<ReferralSettingsRow | undefined> {
    const [flags, settings] = await Promise.all([deps.merchants.flags(merchantId), repo.settings(merchantId)]);
    return flags.REFERRALPROMO3 ? settings : undefined;
  }

  async function codeOf(merchantId: bigint, memberId: bigint): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const have = await repo.codeOf(memberId);
      if (have) return have.code;
      try {
        await repo.insertCode(merchantId, memberId, newCode());
      } catch (e) {
        if (attempt === 4) throw e; // a code taken by another member: try another
      }
    }
    const have = await repo.codeOf(memberId);
    if (!have) throw new AppError('internal_error');
    return have.code;
  }

  /** Why a referral looks like the referrer referring themself (device, IP, payout account, the same member). */
  async function selfReferralFlags(
    merchantId: bigint,
    referrerId: bigint,
    refereeId: bigint,
    place?: { ip: string; deviceId: string | null },
  ): Promise<ReferralFlag[]> {
    const flags: ReferralFlag[] = [];
    if (referrerId === refereeId) flags.push('same_member');
    if (place) {
      const [seen, referrer] = await Promise.all([
        deps.auth.devicesOf(referrerId),
        deps.members.findById(merchantId, referrerId),
      ]);
      if (place.deviceId && seen.deviceIds.includes(place.deviceId)) flags.push('same_device');
      if (place.ip && (seen.ips.includes(place.ip) || referrer?.created_ip === place.ip)) flags.push('same_ip');
    } else {
      const [a, b] = await Promise.all([
        deps.withdrawals.bankAccountNumbers(merchantId, referrerId),
        deps.withdrawals.bankAccountNumbers(merchantId, refereeId),
      ]);
      if (a.some((n) => b.includes(n))) flags.push('same_bank_account');
    }
    return flags;
  }

  /**
   * Pays a qualified, unflagged referral (in the caller's transaction): the referrer's reward (and the referee's,
   * when set) into the reward centre, unless the referrer's monthly cap is reached (`force`: a staff approval).
   * The referrer's code row is locked first, so grants of one referrer never overrun the cap side by side. A newly
   * qualified referral waits behind the referrer's older ones held by the cap (`inTurn`: the carry-over job paying
   * the oldest), so held referrals are paid first, in the order they qualified.
   */
  async function settle(
    trx: Db,
    merchant: Merchant,
    s: ReferralSettingsRow,
    r: ReferralRow,
    at: Date,
    /** The referee's masked username (read before the transaction: PGlite runs one query at a time). */
    refereeName: string,
    force = false,
    inTurn = false,
  ): Promise<{ row: ReferralRow; paid: bigint[] }> {
    await repo.lockReferrer(trx, r.referrer_id);
    const month = localMonth(at, merchant.timezone);
    const held = async () => (await repo.waitingQualified(trx, r.referrer_id)).some((w) => w.id !== r.id);
    if (!force && ((await repo.rewardedIn(trx, r.referrer_id, month)) >= s.monthly_cap || (!inTurn && (await held()))))
      return {
        row: await repo.update(trx, r.id, { status: 'qualified', qualified_at: r.qualified_at ?? at }),
        paid: [],
      };
    const paid: bigint[] = [];
    const grant = async (memberId: bigint, key: string, amount: bigint, title: string) => {
      if (amount <= 0n) return;
      const g = {
        merchantId: merchant.id,
        memberId,
        source: 'referral' as const,
        sourceKey: key,
        amount,
        title,
        at,
        bonus: termsOf(s),
      };
      if (await deps.rewards.grantReward(trx as AnyDb, g)) paid.push(memberId);
    };
    await grant(r.referrer_id, `referrer:${r.id}`, s.referrer_reward, `Referral: ${refereeName}`);
    await grant(r.referee_id, `referee:${r.id}`, s.referee_reward, 'Referral welcome reward');
    const row = await repo.update(trx, r.id, {
      status: 'rewarded',
      qualified_at: r.qualified_at ?? at,
      rewarded_at: at,
      reward_month: month,
    });
    return { row, paid };
  }

  const notifyAll = (ids: bigint[]) => {
    for (const id of ids) void deps.rewards.notifyRewards(id).catch(() => undefined);
  };

  /**
   * The carry-over job: referrals held back by a monthly cap are paid, oldest first, in the first month whose cap
   * has room (each once: the reward keys are the referral's; the row becomes rewarded in the same transaction).
   */
  async function carryOver(): Promise<{ paid: number } | null> {
    const now = clock();
    let paid = 0;
    const notify: bigint[] = [];
    for (const w of await repo.referrersWaiting(200)) {
      const [s, merchant] = await Promise.all([active(w.merchant_id), deps.merchants.findById(w.merchant_id)]);
      if (!s || !merchant) continue;
      // The referees' names, read before the transaction (PGlite runs one query at a time).
      const names = new Map<bigint, string>();
      for (const r of await repo.waitingQualified(db, w.referrer_id))
        names.set(r.id, maskUsername((await deps.members.findById(r.merchant_id, r.referee_id))?.account ?? ''));
      await db.transaction().execute(async (trx) => {
        await repo.lockReferrer(trx, w.referrer_id);
        for (const r of await repo.waitingQualified(trx, w.referrer_id)) {
          const out = await settle(trx, merchant, s, r, now, names.get(r.id) ?? '', false, true);
          if (out.row.status !== 'rewarded') break; // this month's cap is full: the rest wait, in order
          paid++;
          notify.push(...out.paid);
        }
      });
    }
    notifyAll(notify);
    return paid ? { paid } : null;
  }

  return {
    repo,
    settle,
    carryOver,
    selfReferralFlags,
    notifyAll,
    active,

    /**
     * A registration's referral code: ignored when the programme is off, else a member's code (with the
     * self-referral flags of the registering device and IP, read before the member's transaction) or unknown.
     */
    async check(merchant: Merchant, rawCode: string, place: { ip: string; deviceId: string | null }) {
      if (!(await active(merchant.id))) return { kind: 'off' } satisfies ReferralCheck;
      const code = rawCode.trim().toUpperCase();
      const found = /^[A-Z0-9]{6,20}$/.test(code) ? await repo.byCode(merchant.id, code) : undefined;
      if (!found) return { kind: 'unknown' } satisfies ReferralCheck;
      const flags = await selfReferralFlags(merchant.id, found.member_id, 0n, place);
      return { kind: 'ok', referrerId: found.member_id, code, flags } satisfies ReferralCheck;
    },

    /** Records the new member's referrer in the registration's transaction (`trx`), flags as `check` found them. */
    async attach(
      trx: AnyDb,
      a: {
        merchant: Merchant;
        referrerId: bigint;
        refereeId: bigint;
        code: string;
        ip: string;
        deviceId: string | null;
        flags: ReferralFlag[];
      },
    ): Promise<void> {
      const flags = a.referrerId === a.refereeId ? [...a.flags, 'same_member' as const] : a.flags;
      await repo.insertReferral(tablesOf<ReferralTables>(trx), {
        merchant_id: a.merchant.id,
        referrer_id: a.referrerId,
        referee_id: a.refereeId,
        code: a.code,
        flags,
        registered_ip: a.ip.slice(0, 64),
        registered_device_id: a.deviceId,
        created_at: clock(),
      });
    },

    /** GET /wps/referral: the member's code and link, the rules, friends (masked) and rewards earned. */
    async overview(merchant: Merchant, member: AuthenticatedMember): Promise<ReferralOverview> {
      const settings = await active(merchant.id);
      if (!settings) throw new AppError('function_not_enabled');
      const [code, rows] = await Promise.all([codeOf(merchant.id, member.memberId), repo.friendsOf(member.memberId)]);
      const friends = await Promise.all(
        rows.map(async (r) => ({
          username: maskUsername((await deps.members.findById(merchant.id, r.referee_id))?.account ?? ''),
          joinedAt: r.created_at.toISOString(),
          // a rejected referral shows as flagged to the referrer: staff decided it is not a referral
          status: r.status === 'rejected' ? ('flagged' as const) : r.status,
        })),
      );
      const rewarded = rows.filter((r) => r.status === 'rewarded').length;
      const { enabled: _e, ...rules } = presentSettings(settings, true);
      return {
        enabled: true,
        code,
        link: `/?referralCode=${code}`,
        rules,
        friends,
        rewardedCount: rewarded,
        rewardsEarned: String(BigInt(rewarded) * settings.referrer_reward),
      };
    },

    async adminSettings(merchant: Merchant): Promise<ReferralSettings> {
      const [flags, s] = await Promise.all([deps.merchants.flags(merchant.id), repo.settings(merchant.id)]);
      if (!s)
        return {
          enabled: flags.REFERRALPROMO3,
          minFirstDeposit: '0',
          turnover: '0',
          withinDays: 30,
          referrerReward: '0',
          refereeReward: '0',
          monthlyCap: 10,
          payAs: 'cash',
          bonusTerms: null,
        };
      return presentSettings(s, flags.REFERRALPROMO3);
    },

    /** PUT /admin/api/referral/settings (audited); `enabled` is the REFERRALPROMO3 flag. */
    async saveSettings(merchant: Merchant, admin: AuthenticatedAdmin, b: ReferralSettingsRequest, ip: string) {
      const row = await repo.saveSettings({
        merchant_id: merchant.id,
        min_first_deposit: BigInt(b.minFirstDeposit),
        turnover: BigInt(b.turnover),
        within_days: b.withinDays,
        referrer_reward: BigInt(b.referrerReward),
        referee_reward: BigInt(b.refereeReward),
        monthly_cap: b.monthlyCap,
        ...termColumns(termsFromRequest(b)),
        updated_at: clock(),
      });
      await deps.merchants.setFlag(merchant.id, 'REFERRALPROMO3', b.enabled);
      await deps.audit.recordAction(db as AnyDb, {
        merchantId: merchant.id,
        adminId: admin.id,
        action: 'referral.settings',
        targetType: 'referral_settings',
        targetId: merchant.code,
        detail: { ...b },
        ip,
      });
      return presentSettings(row, b.enabled);
    },

    async adminList(merchant: Merchant, q: AdminReferralQuery) {
      const { rows, total } = await repo.page(merchant.id, q.view, {
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      });
      const list = await Promise.all(rows.map((r) => presentAdmin(merchant, r)));
      return { list, total, pageNo: q.pageNo, pageSize: q.pageSize };
    },

    /**
     * A flagged referral's decision (audited): approve → rewarded (the reward granted once, whatever the monthly
     * cap: staff decided), reject → rejected with the reason. Two decisions at once: the row is locked, the second
     * finds it decided (referral_not_flagged).
     */
    async review(
      merchant: Merchant,
      admin: AuthenticatedAdmin,
      id: bigint,
      b: ReferralReviewRequest,
      ip: string,
    ): Promise<AdminReferral> {
      const now = clock();
      const seen = await repo.byId(merchant.id, id);
      if (!seen) throw new AppError('referral_not_found');
      const [s, referee] = await Promise.all([
        repo.settings(merchant.id),
        deps.members.findById(merchant.id, seen.referee_id),
      ]);
      const { row, paid } = await db.transaction().execute(async (trx) => {
        const r = await repo.lockById(trx, merchant.id, id);
        if (!r) throw new AppError('referral_not_found');
        if (r.status !== 'flagged') throw new AppError('referral_not_flagged');
        const reviewed = { reviewed_by: admin.username, reviewed_at: now };
        let out: { row: ReferralRow; paid: bigint[] };
        if (b.decision === 'reject') {
          out = {
            row: await repo.update(trx, r.id, { ...reviewed, status: 'rejected', review_reason: b.reason }),
            paid: [],
          };
        } else {
          if (!s) throw new AppError('function_not_enabled');
          await repo.update(trx, r.id, { ...reviewed, review_reason: null });
          out = await settle(trx, merchant, s, { ...r, ...reviewed }, now, maskUsername(referee?.account ?? ''), true);
        }
        await deps.audit.recordAction(trx as AnyDb, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: `referral.${b.decision}`,
          targetType: 'referral',
          targetId: String(r.id),
          detail: { flags: r.flags, reason: b.decision === 'reject' ? b.reason : null },
          ip,
        });
        return out;
      });
      notifyAll(paid);
      return presentAdmin(merchant, row);
    },

    /** The demo merchant's programme (only when it has none) with the flag on. */
    async seedDemo(merchantId: bigint): Promise<void> {
      if (await repo.settings(merchantId)) return;
      await repo.saveSettings({ merchant_id: merchantId, ...DEMO_REFERRAL_SETTINGS, updated_at: clock() });
      await deps.merchants.setFlag(merchantId, 'REFERRALPROMO3', true);
    },
  };

  async function presentAdmin(merchant: Merchant, r: ReferralRow): Promise<AdminReferral> {
    const [referrer, referee] = await Promise.all([
      deps.members.findById(merchant.id, r.referrer_id),
      deps.members.findById(merchant.id, r.referee_id),
    ]);
    return {
      id: String(r.id),
      referrer: referrer?.account ?? String(r.referrer_id),
      referee: referee?.account ?? String(r.referee_id),
      status: r.status,
      flags: r.flags,
      firstDeposit: String(r.first_deposit),
      turnover: String(r.turnover),
      registeredAt: r.created_at.toISOString(),
      qualifiedAt: r.qualified_at?.toISOString() ?? null,
      reviewedBy: r.reviewed_by,
      reviewReason: r.review_reason,
    };
  }
}

export type ReferralService = ReturnType<typeof createReferralService>;
