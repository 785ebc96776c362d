import type { Merchant } from '../../http/principals.ts';
import type { DepositsModule } from '../deposits/index.ts';
import type { GamesModule } from '../games/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { WithdrawalsModule } from '../withdrawals/index.ts';
import type { RollupRepository, RollupSource, StatsCell } from './rollup.repository.ts';

/**
 * Each run re-reads this much before the newest change it saw last time: a write whose change time is older
 * than its commit (a transaction that ran long) is still picked up if it commits within this window.
 */
export const ROLLUP_OVERLAP_MS = 5 * 60_000;
/** How often the job runs (seconds): reports trail the sources by about this much plus the run's duration. */
export const ROLLUP_EVERY_SECONDS = 60;
const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');
const MEMBERS_PER_BATCH = 500;

type Source = {
  name: string;
  changed(
    merchantId: bigint,
    tz: string,
    since: Date,
    until: Date,
  ): Promise<{ member_id: bigint; day: string; mark: Date }[]>;
};

/**
 * The daily per-member roll-up behind every agent report, kept incrementally: for each source (game rounds, the
 * games face's other bet sources — the lottery's —, deposits, withdrawals; read through their owners' faces) find
 * the (member, day) cells that changed since the source's mark, recount those cells completely from the sources
 * (a cell's bets: rounds and lottery together), and write them (insert or replace). A cell is
 * never incremented, so a retried or overlapping run gives the same rows. With the cells, the per-ancestor team
 * roll-up (agent_team_daily, agent_team_active) takes the cells' changes along each member's closure rows, in
 * the same transaction under a per-merchant lock (rollup.repository.ts applyCells).
 */
export function createRollupService(deps: {
  repo: RollupRepository;
  members: Pick<MembersModule, 'uplinesSubquery'>;
  games: Pick<GamesModule, 'betCellSources' | 'roundDayTotals'>;
  deposits: Pick<DepositsModule, 'rollupChangedSince' | 'rollupDayTotals'>;
  withdrawals: Pick<WithdrawalsModule, 'rollupChangedSince' | 'rollupDayTotals'>;
}) {
  // Bet sources each keep their own mark (a source added later starts from the beginning: its past is rolled up);
  // every bet source's totals come together in roundDayTotals.
  const sources = (): Source[] => [
    ...deps.games.betCellSources(),
    { name: 'deposits', changed: deps.deposits.rollupChangedSince },
    { name: 'withdrawals', changed: deps.withdrawals.rollupChangedSince },
  ];

  /** Recounts these cells from the sources and writes them. */
  async function recount(merchant: Merchant, cells: Map<bigint, Set<string>>): Promise<number> {
    const tz = merchant.timezone;
    const members = [...cells.keys()];
    let written = 0;
    for (let i = 0; i < members.length; i += MEMBERS_PER_BATCH) {
      const ids = members.slice(i, i + MEMBERS_PER_BATCH);
      const days = ids.flatMap((id) => [...cells.get(id)!]).sort();
      const range = { memberIds: ids, fromDay: days[0]!, toDay: days[days.length - 1]! };
      const [rounds, deposits, withdrawals] = await Promise.all([
        deps.games.roundDayTotals(merchant.id, tz, range),
        deps.deposits.rollupDayTotals(merchant.id, tz, range),
        deps.withdrawals.rollupDayTotals(merchant.id, tz, range),
      ]);
      const out = new Map<string, StatsCell>();
      const cell = (memberId: bigint, day: string) => {
        const key = `${memberId}:${day}`;
        let c = out.get(key);
        if (!c) {
          c = { memberId, day, validBet: 0n, stake: 0n, payout: 0n, betCount: 0, deposits: 0n, withdrawals: 0n };
          out.set(key, c);
        }
        return c;
      };
      for (const id of ids) for (const day of cells.get(id)!) cell(id, day);
      const wanted = (memberId: bigint, day: string) => cells.get(memberId)?.has(day) ?? false;
      for (const r of rounds) {
        if (!wanted(r.member_id, r.day)) continue;
        const c = cell(r.member_id, r.day);
        c.validBet = BigInt(r.valid_bet);
        c.stake = BigInt(r.stake);
        c.payout = BigInt(r.payout);
        c.betCount = Number(r.bet_count);
      }
      for (const r of deposits) if (wanted(r.member_id, r.day)) cell(r.member_id, r.day).deposits = BigInt(r.amount);
      for (const r of withdrawals)
        if (wanted(r.member_id, r.day)) cell(r.member_id, r.day).withdrawals = BigInt(r.amount);
      // The cells and the team roll-up of every agent above these members, in one transaction.
      await deps.repo.applyCells(merchant.id, [...out.values()], deps.members.uplinesSubquery(merchant.id));
      written += out.size;
    }
    return written;
  }

  return {
    /** One incremental pass for one merchant; returns the cells written and the marks reached. */
    async runFor(merchant: Merchant): Promise<{ cells: number }> {
      const marks = await deps.repo.marks(merchant.id);
      const dirty = new Map<bigint, Set<string>>();
      const reached: [RollupSource, Date][] = [];
      for (const s of sources()) {
        const mark = marks.get(s.name as RollupSource);
        const since = mark ? new Date(mark.getTime() - ROLLUP_OVERLAP_MS) : new Date(0);
        const changed = await s.changed(merchant.id, merchant.timezone, since, FAR_FUTURE);
        let newest = mark;
        for (const c of changed) {
          let set = dirty.get(c.member_id);
          if (!set) dirty.set(c.member_id, (set = new Set()));
          set.add(c.day);
          if (!newest || c.mark > newest) newest = c.mark;
        }
        if (newest) reached.push([s.name as RollupSource, newest]);
      }
      const cells = dirty.size ? await recount(merchant, dirty) : 0;
      // Marks move only after the cells they cover are written (a crash in between re-reads them next time).
      for (const [source, mark] of reached) await deps.repo.saveMark(merchant.id, source, mark);
      return { cells };
    },
  };
}

export type RollupService = ReturnType<typeof createRollupService>;
