import type { Merchant } from '../../http/principals.ts';
import type { GamesModule } from '../games/index.ts';
import type { CategoryDay, DashboardRepository } from './dashboard.repository.ts';

/** Each pass re-reads this much before the newest change it saw last time (a long transaction's late commit). */
export const DASHBOARD_ROLLUP_OVERLAP_MS = 5 * 60_000;
/** How often the job runs (seconds): the dashboard's bet figures trail the bets by about this much. */
export const DASHBOARD_ROLLUP_EVERY_SECONDS = 60;
const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** Sorted days cut into runs of consecutive days: each run is recounted with one statement. */
export function consecutiveRuns(days: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (const day of [...new Set(days)].sort()) {
    const last = runs[runs.length - 1];
    if (last && dayNumber(day) - dayNumber(last[last.length - 1]!) === 1) last.push(day);
    else runs.push([day]);
  }
  return runs;
}

/**
 * The dashboard's roll-up of settled bets per (merchant, local bet day, category), kept incrementally like the
 * agents' cells: each bet source of the games face (rounds, the lottery's bets) says which (member, day) cells
 * changed since its mark; the days of those cells are recounted completely from the bet records (games face
 * categoryDayTotals, every source together) and replace their rows. A row is never incremented, so a retried or
 * overlapping pass writes the same rows; marks move only after the rows they cover are written.
 */
export function createDashboardRollup(deps: {
  repo: DashboardRepository;
  games: Pick<GamesModule, 'betCellSources' | 'categoryDayTotals'>;
}) {
  async function recount(merchant: Merchant, days: readonly string[]): Promise<number> {
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

  return {
    /** One incremental pass for one merchant; returns how many days were recounted. */
    async runFor(merchant: Merchant): Promise<{ days: number }> {
      const marks = await deps.repo.marks(merchant.id);
      const dirty = new Set<string>();
      const reached: [string, Date][] = [];
      for (const source of deps.games.betCellSources()) {
        const mark = marks.get(source.name);
        const since = mark ? new Date(mark.getTime() - DASHBOARD_ROLLUP_OVERLAP_MS) : new Date(0);
        let newest = mark;
        for (const c of await source.changed(merchant.id, merchant.timezone, since, FAR_FUTURE)) {
          dirty.add(c.day);
          if (!newest || c.mark > newest) newest = c.mark;
        }
        if (newest) reached.push([source.name, newest]);
      }
      const days = dirty.size ? await recount(merchant, [...dirty]) : 0;
      for (const [source, mark] of reached) await deps.repo.saveMark(merchant.id, source, mark);
      return { days };
    },

    /** Recounts every day of [fromDay, toDay] whatever the marks say (a backfill; the bench's set-up). */
    async rebuild(merchant: Merchant, fromDay: string, toDay: string): Promise<{ days: number }> {
      const days: string[] = [];
      for (let d = dayNumber(fromDay); d <= dayNumber(toDay); d++)
        days.push(new Date(d * 86_400_000).toISOString().slice(0, 10));
      return { days: await recount(merchant, days) };
    },
  };
}

export type DashboardRollup = ReturnType<typeof createDashboardRollup>;
