import { DASHBOARD_MAX_DAYS, type Dashboard, type DashboardFigures, type DashboardQuery } from '@sea/contracts';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import type { AgentsModule } from '../agents/index.ts';
import type { DepositsModule } from '../deposits/index.ts';
import type { LotteryModule } from '../lottery/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import type { BetFigures, DashboardRepository, MoneyDay } from './dashboard.repository.ts';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The local date of an instant in a time zone (en-CA formats as YYYY-MM-DD). */
export const localDayOf = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * The days asked for (default: today; `from` alone runs to today, or is one day when in the future; `days` = the last
 * `days` days up to today).
 */
export function dashboardRange(
  q: { from?: string; to?: string; days?: number },
  today: string,
): { from: string; to: string } {
  if (q.days !== undefined) return { from: dayOf(dayNumber(today) - q.days + 1), to: today };
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? to;
  const field = (name: 'from' | 'to', message: string) =>
    new AppError('validation_failed', undefined, {
      in: 'querystring',
      fields: [{ field: name, reason: 'custom', message }],
    });
  if (from > to) throw field('from', 'The start is after the end');
  if (dayNumber(to) - dayNumber(from) >= DASHBOARD_MAX_DAYS) throw field('from', `At most ${DASHBOARD_MAX_DAYS} days`);
  return { from, to };
}

const NONE: BetFigures = { validBet: 0n, payout: 0n, betCount: 0n };
const NO_MONEY: MoneyDay = {
  day: '',
  deposits: 0n,
  depositCount: 0,
  firstTimeDepositors: 0,
  withdrawals: 0n,
  withdrawalCount: 0,
};

/**
 * The back-office dashboard: bets per day and category and money per day from the dashboard's own roll-ups (kept
 * from the bet records of every source and the deposits and withdrawals faces; `freshAsOf`), active players from
 * the agents' member-day cells, registrations and the queues live from the members, deposits, withdrawals, admin and
 * lottery faces. Bonuses do not exist yet: "0", so NGR = GGR.
 */
export function createDashboardService(deps: {
  repo: DashboardRepository;
  agents: Pick<AgentsModule, 'activeMembers'>;
  deposits: Pick<DepositsModule, 'pendingBankTransfers'>;
  withdrawals: Pick<WithdrawalsModule, 'queueCounts'>;
  members: Pick<MembersModule, 'registrationsByDay'>;
  admin: Pick<AdminModule, 'pendingAdjustments'>;
  lottery: Pick<LotteryModule, 'pendingResults'>;
  clock: () => Date;
}) {
  function figures(
    bets: BetFigures,
    money: MoneyDay,
    people: { registrations: number; active: number },
  ): DashboardFigures {
    const ggr = bets.validBet - bets.payout;
    const bonuses = 0n;
    return {
      bets: String(bets.validBet),
      wins: String(bets.payout),
      ggr: String(ggr),
      bonuses: String(bonuses),
      ngr: String(ggr - bonuses),
      betCount: Number(bets.betCount),
      deposits: String(money.deposits),
      depositCount: money.depositCount,
      withdrawals: String(money.withdrawals),
      withdrawalCount: money.withdrawalCount,
      registrations: people.registrations,
      firstTimeDepositors: money.firstTimeDepositors,
      activePlayers: people.active,
    };
  }

  return {
    async dashboard(merchant: Merchant, q: DashboardQuery): Promise<Dashboard> {
      const tz = merchant.timezone;
      const today = localDayOf(deps.clock(), tz);
      const { from, to } = dashboardRange(q, today);
      const id = merchant.id;
      const [bets, active, money, registrations, fresh, pendingDeposits, wq, adjustments, results] = await Promise.all([
        deps.repo.figures(id, from, to),
        deps.agents.activeMembers(id, from, to),
        deps.repo.money(id, from, to),
        deps.members.registrationsByDay(id, tz, { fromDay: from, toDay: to, excludeTypes: merchant.trialTypes }),
        deps.repo.freshAsOf(id),
        deps.deposits.pendingBankTransfers(id),
        deps.withdrawals.queueCounts(id),
        deps.admin.pendingAdjustments(id),
        deps.lottery.pendingResults(id),
      ]);
      const byDay = <T extends { day: string }>(rows: T[]) => new Map(rows.map((r) => [r.day, r]));
      const cash = byDay(money);
      const reg = byDay(registrations);
      const act = byDay(active.perDay);

      const days: Dashboard['days'] = [];
      for (let n = dayNumber(from); n <= dayNumber(to); n++) {
        const day = dayOf(n);
        days.push({
          day,
          ...figures(bets.days.get(day) ?? NONE, cash.get(day) ?? NO_MONEY, {
            registrations: reg.get(day)?.count ?? 0,
            active: act.get(day)?.count ?? 0,
          }),
        });
      }
      const sum = <T>(rows: T[], pick: (r: T) => bigint) => rows.reduce((s, r) => s + pick(r), 0n);
      const totalBets = [...bets.days.values()];
      const totals = figures(
        {
          validBet: sum(totalBets, (b) => b.validBet),
          payout: sum(totalBets, (b) => b.payout),
          betCount: sum(totalBets, (b) => b.betCount),
        },
        {
          day: to,
          deposits: sum(money, (m) => m.deposits),
          depositCount: money.reduce((s, m) => s + m.depositCount, 0),
          firstTimeDepositors: money.reduce((s, m) => s + m.firstTimeDepositors, 0),
          withdrawals: sum(money, (m) => m.withdrawals),
          withdrawalCount: money.reduce((s, m) => s + m.withdrawalCount, 0),
        },
        { registrations: registrations.reduce((s, r) => s + r.count, 0), active: active.distinct },
      );
      const categories = [...bets.categories.entries()]
        .map(([category, b]) => ({
          category,
          bets: String(b.validBet),
          wins: String(b.payout),
          ggr: String(b.validBet - b.payout),
          betCount: Number(b.betCount),
        }))
        .sort((a, b) => (BigInt(b.bets) > BigInt(a.bets) ? 1 : BigInt(b.bets) < BigInt(a.bets) ? -1 : 0));
      return {
        from,
        to,
        today,
        timezone: tz,
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        freshAsOf: fresh ? fresh.toISOString() : null,
        totals,
        days,
        categories,
        queues: {
          depositsPending: pendingDeposits,
          withdrawalsRequested: wq.requested,
          withdrawalsAwaitingSecondApproval: wq.awaitingSecondApproval,
          adjustmentsPending: adjustments,
          lotteryResultsPending: results,
          disputes: wq.disputed,
        },
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
