import type { Merchant } from '../../http/principals.ts';
import type { DepositsModule } from '../deposits/index.ts';
import type { GamesModule } from '../games/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import type { CategoryDay, DashboardRepository, MoneyDay } from './dashboard.repository.ts';

/** Each pass re-reads this much before the newest change it saw last time (a long transaction's late commit). */
export const DASHBOARD_ROLLUP_OVERLAP_MS = 5 * 60_000;
/** How often the job runs (seconds): the dashboard's bet and money figures trail their sources by about this much. */
export const DASHBOARD_ROLLUP_EVERY_SECONDS = 60;
const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** Sorted days cut into runs of consecutive days: each run is recounted with one statement per source. */
export function consecutiveRuns(days: Iterable<string>): string[][] {
  const runs: string[][] = [];
  for (const day of [...new Set(days)].sort()) {
    const last = runs[runs.length - 1];
    if (last && dayNumber(day) - dayNumber(last[last.length - 1]!) === 1) last.push(day);
    else runs.push([day]);
  }
  return runs;
}

type Changed = (
  merchantId: bigint,
  timezone: string,
  since: Date,
  until: Date,
) => Promise<{ day: string; mark: Date }[]>;

/**
 * The dashboard's roll-ups per (merchant, local day), kept incrementally like the agents' cells: every source says
 * which (member, day) cells changed since its own mark — the games face's bet sources (rounds, the lottery's bets)
 * for dashboard_daily, the deposits and withdrawals faces for dashboard_money_daily — and the days of those cells
 * are recounted completely (bets per category from every bet source together; credited deposits with first-time
 * depositors and paid-out withdrawals) and replace their rows. A row is never incremented, so a retried or
 * overlapping pass writes the same rows; marks move only after the rows they cover are written.
 */
export function createDashboardRollup(deps: {
  repo: DashboardRepository;
  games: Pick<GamesModule, 'betCellSources' | 'categoryDayTotals'>;
  deposits: Pick<DepositsModule, 'rollupChangedSince' | 'dashboardDays'>;
  withdrawals: Pick<WithdrawalsModule, 'rollupChangedSince' | 'dashboardDays'>;
}) {
  async function recountBets(merchant: Merchant, days: Iterable<string>): Promise<number> {
    let written = 0;
    for (const run of consecutiveRuns(days)) {
      const rows: CategoryDay[] = await deps.games.categoryDayTotals(
        merchant.id,
        merchant.timezone,
        run[0]!,
        run[run.length - 1]!,
      );
      await deps.repo.replaceDays(merchant.id, run, rows);
      written += run.length;
    }
    return written;
  }

  async function recountMoney(merchant: Merchant, days: Iterable<string>): Promise<number> {
    let written = 0;
    for (const run of consecutiveRuns(days)) {
      const [from, to] = [run[0]!, run[run.length - 1]!];
      const [deposits, withdrawals] = await Promise.all([
        deps.deposits.dashboardDays(merchant.id, merchant.timezone, from, to),
        deps.withdrawals.dashboardDays(merchant.id, merchant.timezone, from, to),
      ]);
      const rows = new Map<string, MoneyDay>();
      const row = (day: string) => {
        let r = rows.get(day);
        if (!r) {
          r = { day, deposits: 0n, depositCount: 0, firstTimeDepositors: 0, withdrawals: 0n, withdrawalCount: 0 };
          rows.set(day, r);
        }
        return r;
      };
      for (const d of deposits)
        Object.assign(row(d.day), { deposits: d.amount, depositCount: d.count, firstTimeDepositors: d.firstTime });
      for (const w of withdrawals) Object.assign(row(w.day), { withdrawals: w.amount, withdrawalCount: w.count });
      await deps.repo.replaceMoneyDays(merchant.id, run, [...rows.values()]);
      written += run.length;
    }
    return written;
  }

  /** The days changed since each source's mark (under its own name), and the marks reached. */
  async function dirtyDays(merchant: Merchant, sources: { name: string; changed: Changed }[]) {
    const marks = await deps.repo.marks(merchant.id);
    const days = new Set<string>();
    const reached: [string, Date][] = [];
    for (const source of sources) {
      const mark = marks.get(source.name);
      const since = mark ? new Date(mark.getTime() - DASHBOARD_ROLLUP_OVERLAP_MS) : new Date(0);
      let newest = mark;
      for (const c of await source.changed(merchant.id, merchant.timezone, since, FAR_FUTURE)) {
        days.add(c.day);
        if (!newest || c.mark > newest) newest = c.mark;
      }
      if (newest) reached.push([source.name, newest]);
    }
    return { days, reached };
  }

  return {
    /** One incremental pass for one merchant; returns how many days were recounted (bets and money). */
    async runFor(merchant: Merchant): Promise<{ days: number }> {
      const bets = await dirtyDays(merchant, deps.games.betCellSources());
      const money = await dirtyDays(merchant, [
        { name: 'deposits', changed: deps.deposits.rollupChangedSince },
        { name: 'withdrawals', changed: deps.withdrawals.rollupChangedSince },
      ]);
      const days = (await recountBets(merchant, bets.days)) + (await recountMoney(merchant, money.days));
      for (const [source, mark] of [...bets.reached, ...money.reached])
        await deps.repo.saveMark(merchant.id, source, mark);
      return { days };
    },

    /** Recounts every day of [fromDay, toDay] whatever the marks say (a backfill; the bench's set-up). */
    async rebuild(merchant: Merchant, fromDay: string, toDay: string): Promise<{ days: number }> {
      const days: string[] = [];
      for (let d = dayNumber(fromDay); d <= dayNumber(toDay); d++)
        days.push(new Date(d * 86_400_000).toISOString().slice(0, 10));
      await recountMoney(merchant, days);
      return { days: await recountBets(merchant, days) };
    },
  };
}

export type DashboardRollup = ReturnType<typeof createDashboardRollup>;
