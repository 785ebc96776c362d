import type {
  AdminMemberVip,
  AdminVipLevels,
  VipChange,
  VipLevelUpsertRequest,
  VipOverview,
  VipSettingsRequest,
} from '@sea/contracts';
import type { Kysely } from 'kysely';
import { tablesOf } from '../../db/schema.ts';
import type { AuthenticatedAdmin, AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import { presentPayment, termColumns, termsFromRequest, termsOf } from '../bonus/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { RewardGrant, RewardsModule } from '../rewards/index.ts';
import { bonusKeys, periodOf, previousPeriod } from './periods.ts';
import type { LevelChange, VipLevelRow, VipRepository } from './vip.repository.ts';
import type { VipBasis, VipPeriod, VipTables } from './vip.tables.ts';

type Db = Kysely<VipTables>;
export interface VipSettings {
  basis: VipBasis;
  period: VipPeriod;
}
const DEFAULT_SETTINGS: VipSettings = { basis: 'tier_points', period: 'month' };

/** The period's qualifying figure: tier points (one per whole currency unit of weighted valid bet) or deposits. */
export function qualifyingOf(
  s: VipSettings,
  totals: { weighted: bigint; deposits: bigint } | undefined,
  exponent: number,
): bigint {
  if (!totals) return 0n;
  return s.basis === 'deposit' ? totals.deposits : totals.weighted / 10n ** BigInt(exponent);
}

/** The highest level whose threshold `q` reaches (levels in order; level 0's threshold is 0). */
export function levelFor(levels: readonly Pick<VipLevelRow, 'level' | 'threshold'>[], q: bigint): number {
  let best = 0;
  for (const l of levels) if (l.threshold <= q && l.level > best) best = l.level;
  return best;
}

/** Field errors of a ladder (levels by threshold): the entry level at 0, keep requirements within thresholds. */
function checkLadder(ladder: readonly { threshold: bigint; keep_threshold: bigint }[]) {
  const fields: { field: string; reason: string; message: string }[] = [];
  ladder.forEach((l, i) => {
    if (i === 0 && l.threshold !== 0n)
      fields.push({
        field: 'threshold',
        reason: 'entry_level',
        message: 'The first level (level 0) has a threshold of 0.',
      });
    if (i > 0 && l.threshold <= ladder[i - 1]!.threshold)
      fields.push({
        field: 'threshold',
        reason: 'not_rising',
        message: `Level ${i} needs a threshold above level ${i - 1}'s (${ladder[i - 1]!.threshold}).`,
      });
    if (i > 0 && l.keep_threshold > l.threshold)
      fields.push({
        field: 'keepThreshold',
        reason: 'too_large',
        message: 'The keep requirement is at most the threshold.',
      });
  });
  if (fields.length) throw new AppError('validation_failed', fields[0]!.message, { in: 'body', fields });
}

const presentLevel = (l: VipLevelRow) => ({
  level: l.level,
  name: l.name,
  threshold: String(l.threshold),
  keepThreshold: String(l.keep_threshold),
  levelUpReward: String(l.level_up_reward),
  weeklyBonus: String(l.weekly_bonus),
  monthlyBonus: String(l.monthly_bonus),
  rebateBonusBp: l.rebate_bonus_bp,
  ...presentPayment(l),
});
const presentChange = (c: Awaited<ReturnType<VipRepository['history']>>[number]): VipChange => ({
  fromLevel: c.from_level,
  toLevel: c.to_level,
  reason: c.reason,
  qualifying: String(c.qualifying),
  createdAt: c.created_at.toISOString(),
});

export interface VipDeps {
  db: Db;
  repo: VipRepository;
  rewards: Pick<RewardsModule, 'centre'>;
  merchants: Pick<MerchantsModule, 'findById' | 'isEnabled'>;
  audit: Pick<AdminModule, 'recordAction'>;
  members: Pick<MembersModule, 'findByAccount'>;
  clock: () => Date;
}

/**
 * VIP levels: moving up at once when a period's total reaches a threshold (each level's reward granted once per
 * member, in the same transaction), down one level by the keep rule when a period ends (a job, once per member and
 * period), weekly and monthly bonuses (a job; once per member and window, by the reward's key), and the level's
 * rebate bonus for the contracts module's category rebate.
 */
export function createVipService(deps: VipDeps) {
  const { db, repo, clock } = deps;
  const settingsOf = async (merchantId: bigint, exec: Db = db): Promise<VipSettings> => {
    const s = await repo.settings(merchantId, exec);
    return s ? { basis: s.basis, period: s.period } : DEFAULT_SETTINGS;
  };

  /**
   * What moving the member up to the level the period's total reaches writes (none: no higher level): every passed
   * level's reward for the reward centre (key: the level's id, so a level pays once per member however often it is
   * reached; paid as the level says, cash or bonus), the member's new level and judged period, and the history row.
   */
  function promotionOf(
    merchant: Merchant,
    levels: VipLevelRow[],
    member: { member_id: bigint; level: number; judged_period: string | null },
    s: VipSettings,
    periodKey: string,
    q: bigint,
    at: Date,
  ): { grants: RewardGrant[]; level: number; judged: string; change: LevelChange } | null {
    const target = levelFor(levels, q);
    if (target <= member.level) return null;
    const grants = levels
      .filter((l) => l.level > member.level && l.level <= target && l.level_up_reward > 0n)
      .map((l) => ({
        merchantId: merchant.id,
        memberId: member.member_id,
        source: 'vip' as const,
        sourceKey: `level:${l.id}`,
        amount: l.level_up_reward,
        title: `VIP level-up: ${l.name}`,
        bonus: termsOf(l),
        at,
      }));
    // A level reached in this period is judged first at this period's end (not at the end of the one before).
    const before = previousPeriod(s.period, at, merchant.timezone).key;
    const judged = member.judged_period && member.judged_period > before ? member.judged_period : before;
    const change: LevelChange = {
      merchantId: merchant.id,
      memberId: member.member_id,
      from: member.level,
      to: target,
      reason: 'up',
      periodKey,
      qualifying: q,
      at,
    };
    return { grants, level: target, judged, change };
  }

  /** Moves one (locked) member up (`promotionOf`), a statement per write: the reference for `promoteMany`. */
  async function promote(
    trx: Db,
    merchant: Merchant,
    levels: VipLevelRow[],
    member: { member_id: bigint; level: number; judged_period: string | null },
    s: VipSettings,
    periodKey: string,
    q: bigint,
    at: Date,
  ): Promise<boolean> {
    const p = promotionOf(merchant, levels, member, s, periodKey, q, at);
    if (!p) return false;
    for (const g of p.grants) await deps.rewards.centre.grant(tablesOf(trx), g);
    await repo.setMember(trx, member.member_id, { level: p.level, judgedPeriod: p.judged });
    await repo.insertChange(trx, p.change);
    return true;
  }

  /**
   * `promote` for a whole batch in three statements (grants, member rows, level changes): the candidates in the
   * order `promote` would take them one at a time, each judged against the member's level after the ones before
   * (`members`: the locked rows, updated in place), so the result is the same. The members promoted.
   */
  async function promoteMany(
    trx: Db,
    members: Map<bigint, { member_id: bigint; level: number; judged_period: string | null }>,
    candidates: readonly {
      merchant: Merchant;
      levels: VipLevelRow[];
      s: VipSettings;
      memberId: bigint;
      periodKey: string;
      q: bigint;
      at: Date;
    }[],
  ): Promise<Set<bigint>> {
    const grants: RewardGrant[] = [];
    const changes: LevelChange[] = [];
    const promoted = new Set<bigint>();
    for (const c of candidates) {
      const member = members.get(c.memberId)!;
      const p = promotionOf(c.merchant, c.levels, member, c.s, c.periodKey, c.q, c.at);
      if (!p) continue;
      grants.push(...p.grants);
      changes.push(p.change);
      members.set(c.memberId, { ...member, level: p.level, judged_period: p.judged });
      promoted.add(c.memberId);
    }
    await deps.rewards.centre.grantMany(tablesOf(trx), grants);
    await repo.setMembersMany(
      trx,
      [...promoted].map((id) => {
        const m = members.get(id)!;
        return { memberId: id, level: m.level, judgedPeriod: m.judged_period };
      }),
    );
    await repo.insertChanges(trx, changes);
    return promoted;
  }

  /** Each member's rebate bonus in basis points at `at` (or now); members at level 0 or without a row are absent. */
  async function rebateBonusBpMany(merchantId: bigint, memberIds: bigint[], at?: Date): Promise<Map<bigint, number>> {
    const out = new Map<bigint, number>();
    if (memberIds.length === 0 || !(await deps.merchants.isEnabled(merchantId, 'VIP3'))) return out;
    const [levels, held] = await Promise.all([repo.levels(merchantId), repo.levelsAt(memberIds, at)]);
    const bp = new Map(levels.map((l) => [l.level, l.rebate_bonus_bp]));
    for (const [memberId, level] of held) {
      const b = level === 0 ? 0 : (bp.get(level) ?? 0);
      if (b !== 0) out.set(memberId, b);
    }
    return out;
  }

  return {
    settingsOf,
    promote,
    promoteMany,

    /**
     * The rebate bonus of the member's level, in basis points (0 without the programme or a level): the level now, or
     * with `at` the level the member held at that moment (a day's rebate settled later is paid at the level of the
     * day's end, not of the payment: a drop or a rise after the day does not change it).
     */
    async rebateBonusBp(merchantId: bigint, memberId: bigint, at?: Date): Promise<number> {
      return (await rebateBonusBpMany(merchantId, [memberId], at)).get(memberId) ?? 0;
    },

    /** `rebateBonusBp` for many members of one merchant at one instant, in three statements (settlement batches). */
    rebateBonusBpMany,

    /** The member's VIP page. */
    async overview(merchant: Merchant, member: AuthenticatedMember): Promise<VipOverview> {
      if (!(await deps.merchants.isEnabled(merchant.id, 'VIP3'))) throw new AppError('function_not_enabled');
      const s = await settingsOf(merchant.id);
      const window = periodOf(s.period, clock(), merchant.timezone);
      const [levels, row, totals, history] = await Promise.all([
        repo.levels(merchant.id),
        repo.member(member.memberId),
        repo.totals(member.memberId, window.key),
        repo.history(member.memberId),
      ]);
      return {
        ...s,
        periodStart: window.start.toISOString(),
        periodEnd: window.end.toISOString(),
        level: row?.level ?? 0,
        qualifying: String(qualifyingOf(s, totals, merchant.currencyExponent)),
        levels: levels.map(presentLevel),
        history: history.map(presentChange),
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
      };
    },

    /**
     * Period end: every member above level 0 not yet judged for the period that ended drops one level when that
     * period stayed below the level's keep requirement (never below 0); once per member and period.
     */
    async judgeEnded(): Promise<number> {
      let moved = 0;
      for (const merchantId of await repo.merchantsWithLevels()) {
        const merchant = await deps.merchants.findById(merchantId);
        if (!merchant || !(await deps.merchants.isEnabled(merchantId, 'VIP3'))) continue;
        const s = await settingsOf(merchantId);
        const now = clock();
        const ended = previousPeriod(s.period, now, merchant.timezone);
        const levels = await repo.levels(merchantId);
        for (;;) {
          const due = await repo.dueForJudging(merchantId, ended.key, 200);
          if (!due.length) break;
          for (const { member_id } of due) {
            const down = await db.transaction().execute(async (trx) => {
              const m = await repo.lockMember(trx, merchantId, member_id);
              if (m.level === 0 || (m.judged_period && m.judged_period >= ended.key)) return false;
              const q = qualifyingOf(s, await repo.totals(member_id, ended.key, trx), merchant.currencyExponent);
              const keep = levels.find((l) => l.level === m.level)?.keep_threshold ?? 0n;
              if (q >= keep) {
                await repo.setMember(trx, member_id, { judgedPeriod: ended.key });
                return false;
              }
              await repo.setMember(trx, member_id, { level: m.level - 1, judgedPeriod: ended.key });
              await repo.insertChange(trx, {
                merchantId,
                memberId: member_id,
                from: m.level,
                to: m.level - 1,
                reason: 'down',
                periodKey: ended.key,
                qualifying: q,
                at: now,
              });
              return true;
            });
            if (down) moved++;
          }
        }
      }
      return moved;
    },

    /** This week's and this month's bonus of every member's level into the reward centre (once per window). */
    async grantBonuses(): Promise<number> {
      let granted = 0;
      for (const merchantId of await repo.merchantsWithLevels()) {
        const merchant = await deps.merchants.findById(merchantId);
        if (!merchant || !(await deps.merchants.isEnabled(merchantId, 'VIP3'))) continue;
        const now = clock();
        const keys = bonusKeys(now, merchant.timezone);
        const byLevel = new Map((await repo.levels(merchantId)).map((l) => [l.level, l]));
        let after = 0n;
        for (;;) {
          const batch = await repo.membersAbove0(merchantId, after, 500);
          if (!batch.length) break;
          after = batch.at(-1)!.member_id;
          const paid = new Set<bigint>();
          await db.transaction().execute(async (trx) => {
            for (const m of batch) {
              const l = byLevel.get(m.level);
              if (!l) continue;
              const windows = [
                { amount: l.weekly_bonus, key: `weekly:${keys.week}`, title: `VIP weekly bonus: ${l.name}` },
                { amount: l.monthly_bonus, key: `monthly:${keys.month}`, title: `VIP monthly bonus: ${l.name}` },
              ];
              for (const w of windows) {
                if (w.amount <= 0n) continue;
                const row = await deps.rewards.centre.grant(tablesOf(trx), {
                  merchantId,
                  memberId: m.member_id,
                  source: 'vip',
                  sourceKey: w.key,
                  amount: w.amount,
                  title: w.title,
                  at: now,
                });
                if (row) {
                  granted++;
                  paid.add(m.member_id);
                }
              }
            }
          });
          for (const id of paid) void deps.rewards.centre.notify(id).catch(() => undefined);
        }
      }
      return granted;
    },

    // ---- back office
    async adminLevels(merchant: Merchant): Promise<AdminVipLevels> {
      const [s, levels, counts] = await Promise.all([
        settingsOf(merchant.id),
        repo.levels(merchant.id),
        repo.memberCounts(merchant.id),
      ]);
      return {
        ...s,
        list: levels.map((l) => ({
          ...presentLevel(l),
          id: String(l.id),
          members: counts.get(l.level) ?? 0,
        })),
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
      };
    },

    async saveSettings(merchant: Merchant, admin: AuthenticatedAdmin, b: VipSettingsRequest, ip: string) {
      await db.transaction().execute(async (trx) => {
        await repo.saveSettings(trx, merchant.id, b);
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'vip.settings.update',
          targetType: 'vip_settings',
          targetId: String(merchant.id),
          detail: { ...b },
          ip,
        });
      });
      return this.adminLevels(merchant);
    },

    /**
     * Adds or changes a level. The ladder is ordered by threshold (a level goes where its threshold puts it; the
     * entry level has 0, no two share one), so reordering is changing thresholds; the levels are renumbered in the
     * same transaction and members keep the level they hold (by its id).
     */
    async saveLevel(
      merchant: Merchant,
      admin: AuthenticatedAdmin,
      id: bigint | null,
      b: VipLevelUpsertRequest,
      ip: string,
    ) {
      const values = {
        name: b.name,
        threshold: BigInt(b.threshold),
        keep_threshold: BigInt(b.keepThreshold),
        level_up_reward: BigInt(b.levelUpReward),
        weekly_bonus: BigInt(b.weeklyBonus),
        monthly_bonus: BigInt(b.monthlyBonus),
        rebate_bonus_bp: b.rebateBonusBp,
        ...termColumns(termsFromRequest(b)),
      };
      if (values.bonus_multiplier !== null && values.level_up_reward === 0n) {
        const message = 'A level-up reward paid as bonus needs an amount above 0.';
        throw new AppError('validation_failed', message, {
          in: 'body',
          fields: [{ field: 'levelUpReward', reason: 'nothing_to_pay', message }],
        });
      }
      await db.transaction().execute(async (trx) => {
        await repo.lockLevels(trx, merchant.id);
        const levels = await repo.levels(merchant.id, trx);
        if (id !== null && !levels.some((l) => l.id === id)) throw new AppError('vip_level_not_found');
        const others = levels.filter((l) => l.id !== id);
        const clash = others.find((l) => l.threshold === values.threshold);
        if (clash)
          throw new AppError('validation_failed', `${clash.name} already has this threshold.`, {
            in: 'body',
            fields: [{ field: 'threshold', reason: 'taken', message: `${clash.name} already has this threshold.` }],
          });
        const ladder = [...others, { ...values, id }].sort((a, b) =>
          a.threshold === b.threshold ? 0 : a.threshold < b.threshold ? -1 : 1,
        );
        checkLadder(ladder);
        const position = ladder.findIndex((l) => l.id === id);
        const moves = others
          .map((l) => ({ id: l.id, from: l.level, to: ladder.findIndex((x) => x.id === l.id) }))
          .filter((m) => m.from !== m.to);
        for (const m of moves) await repo.updateLevel(trx, merchant.id, m.id, { level: m.to });
        const old = levels.find((l) => l.id === id);
        if (old && old.level !== position) moves.push({ id: old.id, from: old.level, to: position });
        await repo.remapMembers(trx, merchant.id, moves);
        const row =
          id === null
            ? await repo.insertLevel(trx, { ...values, merchant_id: merchant.id, level: position })
            : (await repo.updateLevel(trx, merchant.id, id, { ...values, level: position }))!;
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: id === null ? 'vip.level.create' : 'vip.level.update',
          targetType: 'vip_level',
          targetId: String(row.id),
          detail: { name: row.name, level: row.level, threshold: String(row.threshold) },
          ip,
        });
      });
      return this.adminLevels(merchant);
    },

    /** A member's level on the back office's member page. */
    async memberVip(merchant: Merchant, account: string): Promise<AdminMemberVip> {
      const found = await deps.members.findByAccount(merchant.id, account);
      if (!found) throw new AppError('member_not_found');
      const memberId = found.id;
      const s = await settingsOf(merchant.id);
      const window = periodOf(s.period, clock(), merchant.timezone);
      const [levels, row, totals, history] = await Promise.all([
        repo.levels(merchant.id),
        repo.member(memberId),
        repo.totals(memberId, window.key),
        repo.history(memberId),
      ]);
      const level = row?.level ?? 0;
      return {
        level,
        name: levels.find((l) => l.level === level)?.name ?? '',
        qualifying: String(qualifyingOf(s, totals, merchant.currencyExponent)),
        basis: s.basis,
        history: history.map(presentChange),
      };
    },
  };
}

export type VipService = ReturnType<typeof createVipService>;
