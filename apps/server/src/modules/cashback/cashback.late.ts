import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { addDays, dayStart, type RewardsModule, windowEnd, windowKey } from '../rewards/index.ts';
import { termsOf } from '../bonus/index.ts';
import { cashbackOf, daysOf } from './cashback.money.ts';
import type { CashbackRepository, ProgrammeRow } from './cashback.repository.ts';
import type { CashbackTables } from './cashback.tables.ts';

type Db = Kysely<CashbackTables>;
/** A noted late day whose periods never close (no run, e.g. older than the close job looks back) is dropped after this. */
const LATE_KEEP_MS = 21 * 86_400_000;
const LATE_BATCH = 500;

export const periodLabel = (key: string) => (key.startsWith('W') ? `week of ${key.slice(1)}` : key);
export const cashbackTerms = (p: ProgrammeRow) => ({ percentBp: p.percent_bp, minNetLoss: p.min_net_loss, cap: p.cap });

/**
 * Late cashback events: a settled bet that reaches the consumer after its local day ended is counted in the day's
 * sums like any other and its day is noted. For each noted day, every programme whose period holding the day is
 * already closed is re-counted for the member: the period's cashback now (capped as before) minus what the member
 * was granted for it (`cashback_paid`) is granted as an extra reward, and the paid figure raised — in one
 * transaction under the period's run row lock, so a rerun, a second process or a replayed event grants nothing
 * twice; a late win that lowers the cashback takes nothing back. A note stays until every active programme's
 * period holding the day is closed (so a period closing at the same moment is not missed).
 */
export function createLateCashback(deps: {
  db: Db;
  repo: CashbackRepository;
  merchantOf: (id: bigint) => Promise<Merchant>;
  rewards: Pick<RewardsModule, 'grantReward' | 'notifyRewards'>;
  clock: () => Date;
}) {
  const { db, repo, clock } = deps;

  /** One member's closed period: grants the difference (true), or false when the period is not closed yet. */
  async function adjust(p: ProgrammeRow, key: string, memberId: bigint, granted: bigint[]): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const run = await repo.lockRun(trx, p.id, key);
      if (!run) return false;
      const [row] = await repo.sums(trx, {
        merchantId: p.merchant_id,
        days: daysOf(key, addDays),
        categories: p.categories,
        memberId,
      });
      const owed = row ? cashbackOf(BigInt(row.stake) - BigInt(row.payout), cashbackTerms(p)) : 0n;
      const paid = await repo.paid(trx, p.id, key, memberId);
      if (owed <= paid) return true;
      const reward = await deps.rewards.grantReward(trx, {
        merchantId: p.merchant_id,
        memberId,
        source: 'cashback',
        sourceKey: `${p.id}:${key}:${owed}`,
        amount: owed - paid,
        title: `${p.title} · ${periodLabel(key)} · late bets`,
        at: clock(),
        bonus: termsOf(p),
      });
      if (!reward) return true;
      await repo.setPaid(trx, p.id, key, memberId, owed);
      await repo.addToRun(trx, run.id, paid === 0n ? 1 : 0, owed - paid);
      granted.push(memberId);
      return true;
    });
  }

  /** Settles a batch of noted late days (the close job, after closing); returns how many rewards it granted. */
  async function settleLate(): Promise<number> {
    const notes = await repo.lateDays(LATE_BATCH);
    const programmes = new Map<bigint, ProgrammeRow[]>();
    const granted: bigint[] = [];
    const now = clock();
    for (const n of notes) {
      const m = await deps.merchantOf(n.merchant_id);
      if (!programmes.has(m.id)) programmes.set(m.id, await repo.programmes(m.id));
      const at = dayStart(n.day, m.timezone);
      let open = false;
      for (const p of programmes.get(m.id)!) {
        const key = windowKey(p.period, at, m.timezone);
        if (windowEnd(key, m.timezone)! <= p.created_at) continue; // the programme did not exist yet
        const settled = await adjust(p, key, n.member_id, granted);
        if (!settled && p.active) open = true;
      }
      if (!open || now.getTime() - at.getTime() > LATE_KEEP_MS) await repo.dropLateDay(n.member_id, n.day, n.noted_at);
    }
    for (const id of new Set(granted)) void deps.rewards.notifyRewards(id).catch(() => undefined);
    return granted.length;
  }

  return { settleLate };
}
