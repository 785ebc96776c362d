import type {
  AdminMallItem,
  AdminMallOrderPage,
  MallItem,
  MallItemUpsertRequest,
  MallOrder,
  PointsOverview,
  PointsRulesRequest,
  PointsRulesView,
  RedeemRequest,
} from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AuthenticatedAdmin, AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { newReference } from '../../lib/reference.ts';
import type { AdminModule } from '../admin/index.ts';
import { type LedgerModule, memberMain, systemAccount } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import type { MallItemRow, MallOrderRow, PointsRepository, PointsRulesRow } from './points.repository.ts';
import type { RewardsTables } from './rewards.tables.ts';
import { localDay } from './windows.ts';

type Db = Kysely<RewardsTables>;
type Page = { pageNo: number; pageSize: number };

/** A bet's weight for points: valid bet × the category's contribution (basis points; the default elsewhere). */
export const weightedBet = (
  rules: Pick<PointsRulesRow, 'contributions' | 'default_bps'>,
  category: string,
  validBet: bigint,
) => (validBet * BigInt(rules.contributions[category.toUpperCase()] ?? rules.default_bps)) / 10_000n;

/** Points of a day so far: ⌊weighted / threshold⌋, never above the daily cap. */
export const pointsOfDay = (rules: Pick<PointsRulesRow, 'threshold' | 'daily_cap'>, weighted: bigint) => {
  const p = weighted / rules.threshold;
  return p > rules.daily_cap ? rules.daily_cap : p;
};

export const presentRules = (r: PointsRulesRow): PointsRulesView => ({
  threshold: String(r.threshold),
  dailyCap: String(r.daily_cap),
  cashPerPoint: String(r.cash_per_point),
  defaultBps: r.default_bps,
  contributions: Object.entries(r.contributions)
    .map(([category, bps]) => ({ category, bps }))
    .sort((a, b) => a.category.localeCompare(b.category)),
});
const presentItem = (i: MallItemRow): MallItem => ({
  id: String(i.id),
  kind: i.kind,
  name: i.name,
  description: i.description,
  points: String(i.points),
  cashAmount: String(i.cash_amount),
  stock: i.stock,
  perMemberLimit: i.per_member_limit,
});
const presentAdminItem = (i: MallItemRow): AdminMallItem => ({
  ...presentItem(i),
  active: i.active,
  sortOrder: i.sort_order,
});
/** The merchant's currency, for the back office's amounts. */
export const moneyOf = (m: Merchant) => ({ currency: m.currency, exponent: m.currencyExponent });

const presentOrder = (o: MallOrderRow): MallOrder => ({
  reference: o.reference,
  itemName: o.item_name,
  kind: o.kind,
  points: String(o.points),
  cashAmount: String(o.cash_amount),
  address: o.address,
  status: o.status,
  createdAt: o.created_at.toISOString(),
  shippedAt: o.shipped_at?.toISOString() ?? null,
  refusedAt: o.refused_at?.toISOString() ?? null,
  refuseReason: o.refuse_reason,
});

/**
 * Reward points (earned per valid bet × contribution, capped per local day) and the points mall: a redemption
 * checks the transaction password, then in one transaction locks the item, checks stock and the member's limit,
 * debits the points only if they cover it (a racing redemption never overdraws points or stock), takes one from
 * stock, writes the order and pays a cash item to main through the ledger (key: the order's reference).
 */
export function createPoints(deps: {
  db: Db;
  repo: PointsRepository;
  ledger: Pick<LedgerModule, 'postOrThrow'>;
  members: Pick<MembersModule, 'accountsOf' | 'findByAccount'>;
  withdrawals: Pick<WithdrawalsModule, 'txPassword'>;
  audit: Pick<AdminModule, 'recordAction'>;
  clock: () => Date;
}) {
  const { db, repo, clock } = deps;

  async function payCash(trx: Db, merchant: Merchant, memberId: bigint, key: string, amount: bigint, kind: string) {
    const posted = await deps.ledger.postOrThrow(
      {
        merchantId: merchant.id,
        currency: merchant.currency,
        scope: 'points',
        key,
        kind,
        memberId,
        ref: { reference: key },
        legs: [
          { debit: systemAccount('promotions', memberId), credit: memberMain(memberId), amount, code: 'promotion' },
        ],
      },
      trx,
    );
    return posted.journalId;
  }

  async function spend(
    trx: Db,
    merchant: Merchant,
    memberId: bigint,
    points: bigint,
    kind: 'redeem' | 'convert',
    remark: string,
  ) {
    const left = await repo.debit(trx, memberId, points);
    if (left === undefined) throw new AppError('points_insufficient');
    await repo.insertEntry(trx, {
      merchant_id: merchant.id,
      member_id: memberId,
      kind,
      delta: -points,
      balance_after: left,
      remark,
      created_at: clock(),
    });
    return left;
  }

  return {
    /** Points for one settled bet (in the consumer's transaction): the day's total grows, the cap holds. */
    async earn(
      trx: Db,
      rules: PointsRulesRow,
      tz: string,
      e: { memberId: bigint; category: string; validBet: bigint; at: Date; id: string },
    ) {
      const weighted = weightedBet(rules, e.category, e.validBet);
      if (weighted <= 0n) return;
      const day = localDay(e.at, tz);
      const d = await repo.addDaily(trx, e.memberId, day, weighted);
      const total = pointsOfDay(rules, d.weighted);
      const gained = total - d.points;
      if (gained <= 0n) return;
      await repo.setDailyPoints(trx, e.memberId, day, total);
      const balance = await repo.credit(trx, rules.merchant_id, e.memberId, gained);
      await repo.insertEntry(trx, {
        merchant_id: rules.merchant_id,
        member_id: e.memberId,
        kind: 'earn',
        delta: gained,
        balance_after: balance,
        remark: `bet ${e.id}`,
        created_at: e.at,
      });
    },

    /**
     * Points for many settled bets at once (the consumer's batch, in its transaction): weighted bets add up per
     * member and local day in one statement, then the points counted, the balances and the entries one statement
     * each. The same as one bet at a time: the day's cap holds and each bet that earned gets its own entry, its
     * gain worked out from the day's figures before the batch.
     */
    async earnMany(
      trx: Db,
      bets: readonly {
        rules: PointsRulesRow;
        tz: string;
        e: { memberId: bigint; category: string; validBet: bigint; at: Date; id: string };
      }[],
    ) {
      type Day = {
        rules: PointsRulesRow;
        memberId: bigint;
        day: string;
        weighted: bigint;
        bets: { w: bigint; at: Date; id: string }[];
      };
      const days = new Map<string, Day>();
      for (const { rules, tz, e } of bets) {
        const w = weightedBet(rules, e.category, e.validBet);
        if (w <= 0n) continue;
        const day = localDay(e.at, tz);
        const k = `${e.memberId}|${day}`;
        const d = days.get(k) ?? { rules, memberId: e.memberId, day, weighted: 0n, bets: [] };
        d.weighted += w;
        d.bets.push({ w, at: e.at, id: e.id });
        days.set(k, d);
      }
      const after = await repo.addDailyMany(trx, [...days.values()]);
      const totals: { memberId: bigint; day: string; points: bigint }[] = [];
      const entries: { d: Day; gained: bigint; at: Date; id: string }[] = [];
      for (const row of after) {
        const d = days.get(`${row.member_id}|${row.day}`)!;
        let weighted = row.weighted - d.weighted; // the day before this batch
        let points = row.points;
        for (const b of d.bets) {
          weighted += b.w;
          const total = pointsOfDay(d.rules, weighted);
          if (total > points) entries.push({ d, gained: total - points, at: b.at, id: b.id });
          if (total > points) points = total;
        }
        if (points > row.points) totals.push({ memberId: d.memberId, day: d.day, points });
      }
      if (!entries.length) return;
      await repo.setDailyPointsMany(trx, totals);
      const perMember = new Map<bigint, { merchantId: bigint; memberId: bigint; points: bigint }>();
      for (const g of entries) {
        const m = perMember.get(g.d.memberId) ?? {
          merchantId: g.d.rules.merchant_id,
          memberId: g.d.memberId,
          points: 0n,
        };
        m.points += g.gained;
        perMember.set(g.d.memberId, m);
      }
      const balances = await repo.creditMany(trx, [...perMember.values()]);
      // Each entry's balance after: the balance before the batch plus the gains entered up to it.
      const running = new Map([...perMember].map(([id, m]) => [id, balances.get(id)! - m.points]));
      await repo.insertEntries(
        trx,
        entries.map((g) => {
          const balance = running.get(g.d.memberId)! + g.gained;
          running.set(g.d.memberId, balance);
          return {
            merchant_id: g.d.rules.merchant_id,
            member_id: g.d.memberId,
            kind: 'earn' as const,
            delta: g.gained,
            balance_after: balance,
            remark: `bet ${g.id}`,
            created_at: g.at,
          };
        }),
      );
    },

    async overview(merchant: Merchant, member: AuthenticatedMember): Promise<PointsOverview> {
      const [acc, rules, today] = await Promise.all([
        repo.account(member.memberId),
        repo.rules(merchant.id),
        repo.todayPoints(member.memberId, localDay(clock(), merchant.timezone)),
      ]);
      return {
        balance: String(acc?.balance ?? 0n),
        earnedTotal: String(acc?.earned_total ?? 0n),
        today: String(today?.points ?? 0n),
        rules: rules ? presentRules(rules) : null,
      };
    },

    async entries(member: AuthenticatedMember, q: Page) {
      const { rows, total } = await repo.entriesPage(member.memberId, {
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return {
        list: rows.map((r) => ({
          kind: r.kind,
          delta: String(r.delta),
          balanceAfter: String(r.balance_after),
          remark: r.remark,
          createdAt: r.created_at.toISOString(),
        })),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },

    items: async (merchant: Merchant) => ({ list: (await repo.items(merchant.id, true)).map(presentItem) }),

    async redeem(merchant: Merchant, member: AuthenticatedMember, b: RedeemRequest): Promise<MallOrder> {
      await deps.withdrawals.txPassword.verify(merchant, member.memberId, b.transactionPassword);
      const row = await db.transaction().execute(async (trx) => {
        const item = await repo.lockItem(trx, merchant.id, BigInt(b.itemId));
        if (!item || !item.active) throw new AppError('mall_item_not_found');
        if (item.kind === 'physical' && !b.address) throw new AppError('mall_address_required');
        if (item.stock <= 0) throw new AppError('mall_out_of_stock');
        if ((await repo.ordersOf(trx, item.id, member.memberId)) >= item.per_member_limit)
          throw new AppError('mall_limit_reached');
        const reference = newReference('PMO');
        await spend(trx, merchant, member.memberId, item.points, 'redeem', `${item.name} (${reference})`);
        if (!(await repo.takeStock(trx, item.id))) throw new AppError('mall_out_of_stock');
        const order = await repo.insertOrder(trx, {
          reference,
          merchant_id: merchant.id,
          member_id: member.memberId,
          item_id: item.id,
          item_name: item.name,
          kind: item.kind,
          points: item.points,
          cash_amount: item.kind === 'cash' ? item.cash_amount : 0n,
          address: item.kind === 'physical' ? b.address! : null,
          status: item.kind === 'cash' ? 'paid' : 'pending',
          created_at: clock(),
        });
        if (item.kind === 'cash') {
          const journalId = await payCash(trx, merchant, member.memberId, reference, item.cash_amount, 'points_redeem');
          await repo.setOrderJournal(trx, order.id, journalId);
        }
        return order;
      });
      return presentOrder(row);
    },

    /** Points to cash at the merchant's rate (cash_per_point), one transaction. */
    async convert(merchant: Merchant, member: AuthenticatedMember, b: { points: string; transactionPassword: string }) {
      const rules = await repo.rules(merchant.id);
      if (!rules || rules.cash_per_point <= 0n) throw new AppError('points_rules_missing');
      await deps.withdrawals.txPassword.verify(merchant, member.memberId, b.transactionPassword);
      const points = BigInt(b.points);
      const cash = points * rules.cash_per_point;
      const reference = newReference('PCV');
      const balance = await db.transaction().execute(async (trx) => {
        const left = await spend(trx, merchant, member.memberId, points, 'convert', `${reference}`);
        await payCash(trx, merchant, member.memberId, reference, cash, 'points_convert');
        return left;
      });
      return { points: String(points), cash: String(cash), balance: String(balance) };
    },

    async orders(merchant: Merchant, member: AuthenticatedMember, q: Page) {
      const { rows, total } = await repo.ordersPage(
        { merchantId: merchant.id, memberId: member.memberId },
        { offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
      );
      return { list: rows.map(presentOrder), total, pageNo: q.pageNo, pageSize: q.pageSize };
    },

    // ---- back office
    adminRules: async (merchant: Merchant) => {
      const r = await repo.rules(merchant.id);
      return { rules: r ? presentRules(r) : null };
    },
    async saveRules(merchant: Merchant, admin: AuthenticatedAdmin, b: PointsRulesRequest, ip: string) {
      const row = await repo.saveRules({
        merchant_id: merchant.id,
        threshold: BigInt(b.threshold),
        daily_cap: BigInt(b.dailyCap),
        cash_per_point: BigInt(b.cashPerPoint),
        default_bps: b.defaultBps,
        contributions: JSON.stringify(Object.fromEntries(b.contributions.map((c) => [c.category, c.bps]))) as never,
        updated_at: clock(),
      });
      await deps.audit.recordAction(db, {
        merchantId: merchant.id,
        adminId: admin.id,
        action: 'rewards.points_rules',
        targetType: 'points_rules',
        targetId: merchant.code,
        detail: { threshold: b.threshold, dailyCap: b.dailyCap, cashPerPoint: b.cashPerPoint },
        ip,
      });
      return { rules: presentRules(row) };
    },
    adminItems: async (merchant: Merchant) => ({ list: (await repo.items(merchant.id, false)).map(presentAdminItem) }),
    async saveItem(
      merchant: Merchant,
      admin: AuthenticatedAdmin,
      id: bigint | null,
      b: MallItemUpsertRequest,
      ip: string,
    ) {
      const values = {
        kind: b.kind,
        name: b.name,
        description: b.description,
        points: BigInt(b.points),
        cash_amount: b.kind === 'cash' ? BigInt(b.cashAmount) : 0n,
        stock: b.stock,
        per_member_limit: b.perMemberLimit,
        active: b.active,
        sort_order: b.sortOrder,
      };
      const row =
        id === null
          ? await repo.insertItem({ ...values, merchant_id: merchant.id, created_at: clock() })
          : await repo.updateItem(merchant.id, id, values);
      if (!row) throw new AppError('mall_item_not_found');
      await deps.audit.recordAction(db, {
        merchantId: merchant.id,
        adminId: admin.id,
        action: id === null ? 'rewards.mall_item.create' : 'rewards.mall_item.update',
        targetType: 'mall_item',
        targetId: String(row.id),
        detail: { name: row.name, points: String(row.points), stock: row.stock },
        ip,
      });
      return presentAdminItem(row);
    },
    /** Mall orders, newest first: by status and one member's account (unknown account: an empty page). */
    async adminOrders(
      merchant: Merchant,
      q: Page & { status?: MallOrderRow['status']; account?: string },
    ): Promise<AdminMallOrderPage> {
      let memberId: bigint | undefined;
      if (q.account) {
        const m = await deps.members.findByAccount(merchant.id, q.account);
        if (!m) return { list: [], total: 0, pageNo: q.pageNo, pageSize: q.pageSize, ...moneyOf(merchant) };
        memberId = m.id;
      }
      const { rows, total } = await repo.ordersPage(
        { merchantId: merchant.id, status: q.status, memberId },
        { offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
      );
      const accounts = await deps.members.accountsOf(merchant.id, [...new Set(rows.map((r) => r.member_id))]);
      return {
        list: rows.map((r) => ({ ...presentOrder(r), account: accounts.get(r.member_id) ?? String(r.member_id) })),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        ...moneyOf(merchant),
      };
    },
    /** A pending physical order is marked shipped once (a shipped or cash order: mall_order_not_pending). */
    async ship(merchant: Merchant, admin: AuthenticatedAdmin, reference: string, ip: string) {
      const row = await db.transaction().execute(async (trx) => {
        const shipped = await repo.markShipped(merchant.id, reference, clock(), trx);
        if (!shipped) {
          const found = await repo.orderByReference(merchant.id, reference, trx);
          throw new AppError(found ? 'mall_order_not_pending' : 'mall_order_not_found');
        }
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'rewards.mall_order.ship',
          targetType: 'mall_order',
          targetId: reference,
          detail: { reference },
          ip,
        });
        return shipped;
      });
      const accounts = await deps.members.accountsOf(merchant.id, [row.member_id]);
      return { ...presentOrder(row), account: accounts.get(row.member_id) ?? String(row.member_id) };
    },
    /**
     * A pending physical order is refused once, in one transaction: the order refused with its reason, the points
     * back to the member (a `refund` entry), one back in stock, the audit entry.
     */
    async refuse(merchant: Merchant, admin: AuthenticatedAdmin, reference: string, reason: string, ip: string) {
      const row = await db.transaction().execute(async (trx) => {
        const o = await repo.lockOrder(trx, merchant.id, reference);
        if (!o) throw new AppError('mall_order_not_found');
        if (o.status !== 'pending') throw new AppError('mall_order_not_pending');
        const now = clock();
        const refused = await repo.refuseOrder(trx, o.id, now, reason);
        const balance = await repo.refund(trx, o.member_id, o.points);
        await repo.insertEntry(trx, {
          merchant_id: merchant.id,
          member_id: o.member_id,
          kind: 'refund',
          delta: o.points,
          balance_after: balance,
          remark: `${o.item_name} (${reference}): ${reason}`,
          created_at: now,
        });
        await repo.returnStock(trx, o.item_id);
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'rewards.mall_order.refuse',
          targetType: 'mall_order',
          targetId: reference,
          detail: { reference, reason, points: String(o.points) },
          ip,
        });
        return refused;
      });
      const accounts = await deps.members.accountsOf(merchant.id, [row.member_id]);
      return { ...presentOrder(row), account: accounts.get(row.member_id) ?? String(row.member_id) };
    },
  };
}

export type Points = ReturnType<typeof createPoints>;
