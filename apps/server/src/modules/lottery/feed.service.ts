import { randomBytes } from 'node:crypto';
import type {
  LotteryFeedGame,
  LotteryIssueCancelState,
  LotteryShortfalls,
  LotteryFeedLobby,
  LotteryFeedResults,
  LotteryResultEntry,
  LotteryResultState,
} from '@sea/contracts';
import { checkElottBet, type ElottKind, parseOdds, toDecimal } from '@sea/games';
import type { Kysely } from 'kysely';
import type { AuthenticatedAdmin, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import { memberMain } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import {
  boardOf,
  checkFeedBet,
  checkFeedResult,
  feedBetTypes,
  feedDefaultOdds,
  type FeedGameSpec,
  type FeedKind,
  type FeedResult,
  isFeedKind,
  type ResultsFeed,
  sameResult,
  settleFeedBet,
  simulatedFeed,
} from './feed.ts';
import type { FeedGameRow, FeedIssueRow, FeedOutcome, FeedRepository } from './feed.repository.ts';
import { createLotteryRepository, type GameRow, type LotteryRepository } from './lottery.repository.ts';
import type { LotteryTables } from './lottery.tables.ts';
import { createLotteryRefunds, memberJournal } from './refunds.ts';
import { type DrawSchedule, drawsBetween, feedIssueId, previousDraw } from './schedules.ts';

const DAY = 86_400_000;
/** Issues are created this far ahead: daily and weekly games two weeks, monthly ones (Thai) six weeks. */
const AHEAD_DAYS = { week: 15, month: 42 };
const NEXT_ISSUES = 10;
/** Bets re-settled per read when a correction is applied (each bet is its own transaction). */
const RESETTLE_BATCH = 500;

type Ledger = Pick<LedgerModule, 'post' | 'postMany' | 'balances'>;
type Audit = Pick<AdminModule, 'recordAction'>;

const iso = (d: Date) => d.toISOString();
const specOf = (g: FeedGameRow): FeedGameSpec => ({ kind: g.kind as FeedKind, region: g.region });
const scheduleOf = (g: FeedGameRow): DrawSchedule => ({
  timezone: g.timezone,
  drawTime: g.draw_time,
  ...g.schedule,
});

/** A checked bet with the exposure keys its unit stake counts against (ELOTT: the bet type; feed: each number). */
export interface CheckedBetWithExposure {
  code: string;
  selection: unknown;
  units: number;
  charge: bigint;
  describe: string;
  exposure: string[];
}

/** The demo merchant's feed games (MB daily; MN/MT stations on their weekdays, domain-rules §1.1; Thai; 4D). */
export const DEMO_FEED_GAMES: {
  code: string;
  name: string;
  kind: FeedKind;
  region: 'MB' | 'MN' | 'MT' | null;
  station: string;
  timezone: string;
  drawTime: string;
  closeMinutes: number;
  schedule: { weekdays?: number[]; monthDays?: number[] };
  source: 'simulated' | 'manual';
}[] = [
  // MB draws every day at 18:15 (VN time); bets close at 18:10.
  {
    code: 'vn-mb',
    name: 'Miền Bắc',
    kind: 'vn',
    region: 'MB',
    station: 'Hà Nội',
    timezone: 'Asia/Ho_Chi_Minh',
    drawTime: '18:15',
    closeMinutes: 5,
    schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6] },
    source: 'simulated',
  },
  {
    code: 'vn-mn-hcm',
    name: 'TP.HCM',
    kind: 'vn',
    region: 'MN',
    station: 'TP.HCM',
    timezone: 'Asia/Ho_Chi_Minh',
    drawTime: '16:15',
    closeMinutes: 5,
    schedule: { weekdays: [1, 6] },
    source: 'simulated',
  },
  {
    code: 'vn-mn-dongthap',
    name: 'Đồng Tháp',
    kind: 'vn',
    region: 'MN',
    station: 'Đồng Tháp',
    timezone: 'Asia/Ho_Chi_Minh',
    drawTime: '16:15',
    closeMinutes: 5,
    schedule: { weekdays: [1] },
    source: 'simulated',
  },
  {
    code: 'vn-mt-danang',
    name: 'Đà Nẵng',
    kind: 'vn',
    region: 'MT',
    station: 'Đà Nẵng',
    timezone: 'Asia/Ho_Chi_Minh',
    drawTime: '17:15',
    closeMinutes: 5,
    schedule: { weekdays: [3, 6] },
    source: 'manual',
  },
  {
    code: 'vn-mt-khanhhoa',
    name: 'Khánh Hòa',
    kind: 'vn',
    region: 'MT',
    station: 'Khánh Hòa',
    timezone: 'Asia/Ho_Chi_Minh',
    drawTime: '17:15',
    closeMinutes: 5,
    schedule: { weekdays: [0, 3] },
    source: 'manual',
  },
  {
    code: 'thai-gov',
    name: 'Thai Government Lottery',
    kind: 'thai',
    region: null,
    station: 'GLO Bangkok',
    timezone: 'Asia/Bangkok',
    drawTime: '15:30',
    closeMinutes: 30,
    schedule: { monthDays: [1, 16] },
    source: 'simulated',
  },
  {
    code: '4d-sg',
    name: 'Singapore 4D',
    kind: '4d',
    region: null,
    station: 'Singapore',
    timezone: 'Asia/Singapore',
    drawTime: '18:30',
    closeMinutes: 30,
    schedule: { weekdays: [0, 3, 6] },
    source: 'simulated',
  },
];

/**
 * Feed-based lotteries (VN by region and station, Thai, 4D): issues on each game's calendar, closed before the draw,
 * settled once the full official result is confirmed — from the results feed, or entered by one operator and
 * confirmed by another — and re-settled by compensating ledger entries when a confirmed result is corrected.
 *
 * Reduced payouts on a correction: what the member still holds is taken back; the rest is recorded as the house's
 * receivable (lottery_feed_corrections.shortfall) — a member balance never goes negative.
 */
export function createFeedService(deps: {
  db: Kysely<LotteryTables>;
  repo: FeedRepository;
  /** The lottery module's statements both kinds of game share (issues, stop-on-win, refunds, exposure); default: its own. */
  issues?: LotteryRepository;
  ledger: Ledger;
  merchants: Pick<MerchantsModule, 'findById'>;
  /** Member accounts for the operators' shortfall list (required by it; tools that never list may leave it out). */
  members?: Pick<MembersModule, 'accountsOf'>;
  audit?: Audit;
  clock: () => Date;
  feed?: ResultsFeed;
  settleBatch?: number;
  /** Members refunded per transaction when an issue is cancelled. */
  refundBatch?: number;
}) {
  const { repo, db } = deps;
  const issues = deps.issues ?? createLotteryRepository(db);
  const feed = deps.feed ?? simulatedFeed;
  const settleBatch = deps.settleBatch ?? 5_000;
  const refunds = createLotteryRefunds({
    db,
    repo: issues,
    ledger: deps.ledger,
    clock: deps.clock,
    batch: deps.refundBatch ?? 2_000,
  });

  async function merchantOf(id: bigint): Promise<Merchant> {
    const m = await deps.merchants.findById(id);
    if (!m) throw new Error(`lottery: merchant ${id} not found`);
    return m;
  }

  async function gameOf(merchant: Merchant, code: string): Promise<FeedGameRow> {
    const g = await repo.gameByCode(merchant.id, code);
    if (!g || !g.enabled) throw new AppError('not_found', 'No such lottery game.');
    return g;
  }

  // ---- schedule

  async function schedule(): Promise<{ created: number }> {
    const now = deps.clock();
    let created = 0;
    for (const game of await repo.enabledGames()) {
      const s = scheduleOf(game);
      const last = await repo.lastDrawAt(game.id);
      const from = new Date(Math.max(now.getTime(), last ? last.getTime() + 1 : 0));
      const ahead = (s.monthDays?.length ? AHEAD_DAYS.month : AHEAD_DAYS.week) * DAY;
      const rows = drawsBetween(s, from, new Date(now.getTime() + ahead))
        .map((drawsAt) => ({
          merchant_id: game.merchant_id,
          game_id: game.id,
          chain_id: null,
          chain_index: null,
          issue_id: feedIssueId(drawsAt, game.timezone),
          opens_at: previousDraw(s, drawsAt) ?? new Date(drawsAt.getTime() - DAY),
          closes_at: new Date(drawsAt.getTime() - game.close_seconds * 1000),
          draws_at: drawsAt,
        }))
        .filter((r) => r.closes_at > now);
      created += await repo.addIssues(rows);
    }
    return { created };
  }

  // ---- the draw cycle

  /**
   * Settles a drawn issue on its result (version `v`): outcomes batch by batch, one win journal per member
   * committed with the bets' paid mark, stop-on-win chases refunded, totals, settled. Every step may run again.
   */
  async function settle(issue: FeedIssueRow, game: FeedGameRow): Promise<boolean> {
    const merchant = await merchantOf(issue.merchant_id);
    const spec = specOf(game);
    const result = issue.result as unknown as FeedResult;
    const confirmed = await repo.confirmed(issue.id);
    const version = confirmed.filter((r) => sameResult(spec, r.result as FeedResult, result)).at(-1)?.version;
    if (version === undefined) throw new Error(`lottery: issue ${issue.id} is drawn without a confirmed result`);
    let after = 0n;
    for (;;) {
      const batch = await repo.placedBatch(issue.id, after, settleBatch);
      if (batch.length === 0) break;
      const outcomes: FeedOutcome[] = batch.map((b) => {
        const { payout, lines } = settleFeedBet(spec, game.odds, b, result, b.unit_stake);
        return {
          id: b.id,
          status: payout > 0n ? 'won' : 'lost',
          payout,
          lines: lines.map((l) => ({ line: l.line, times: l.times, amount: String(l.amount) })),
        };
      });
      await repo.writeOutcomes(outcomes, version, deps.clock());
      after = batch[batch.length - 1]!.id;
      if (batch.length < settleBatch) break;
    }
    for (const w of await repo.unpaidWins(issue.id)) {
      await db.transaction().execute(async (trx) => {
        const r = await deps.ledger.post(
          memberJournal(merchant, {
            key: `lottery:pay:${game.game_code}:${issue.issue_id}:${w.member_id}`,
            kind: 'win',
            memberId: w.member_id,
            ref: { gameCode: game.game_code, issueId: issue.issue_id },
            amount: BigInt(w.amount),
            code: 'win',
          }),
          trx,
        );
        if (!r.ok) throw new Error(`lottery: a win of issue ${issue.id} was refused by the ledger`);
        await repo.markPaid(trx, issue.id, w.member_id);
      });
    }
    await refunds.stopOnWin(merchant, game, issue, (code, selection) => exposureOf(spec, code, selection));
    await repo.writeTotals(issue.id);
    const done = await issues.transition(issue.id, 'drawn', 'settled', { settledAt: deps.clock() });
    for (const r of confirmed) if (r.version <= version) await repo.markApplied(issue.id, r.version, deps.clock());
    return done;
  }

  /** A cancelled issue: every placed bet back, a batch of members a transaction, exposure released (refunds.ts). */
  async function refundIssue(issue: FeedIssueRow, game: FeedGameRow): Promise<boolean> {
    const spec = specOf(game);
    return refunds.refundCancelled(await merchantOf(issue.merchant_id), game, issue, (code, selection) =>
      exposureOf(spec, code, selection),
    );
  }

  /** The confirmed result to settle on once the draw is past: confirmed already, or fetched from the feed now. */
  async function awaitResult(issue: FeedIssueRow, game: FeedGameRow, now: Date): Promise<boolean> {
    let confirmed = await repo.confirmed(issue.id);
    if (confirmed.length === 0 && game.source === 'simulated') {
      const r = await feed.fetch(
        { ...specOf(game), secret: game.secret },
        { gameCode: game.game_code, issueId: issue.issue_id, drawsAt: issue.draws_at },
        now,
      );
      if (r === null) return false;
      // A feed answer that is not a full, well-formed result is never settled on.
      if (!checkFeedResult(specOf(game), r))
        throw new Error(`lottery: the ${feed.name} feed answered a partial result`);
      await repo.addFeedResult(issue.id, r, now);
      confirmed = await repo.confirmed(issue.id);
    }
    const latest = confirmed.at(-1);
    if (!latest) return false;
    return issues.transition(issue.id, 'awaiting', 'drawn', { result: latest.result, drawnAt: now });
  }

  async function step(issue: FeedIssueRow, game: FeedGameRow, now: Date): Promise<boolean> {
    if (issue.status === 'open' && issue.closes_at <= now) return issues.transition(issue.id, 'open', 'closed');
    if (issue.status === 'closed' && issue.draws_at <= now) return issues.transition(issue.id, 'closed', 'awaiting');
    if (issue.status === 'awaiting') return awaitResult(issue, game, now);
    if (issue.status === 'drawn') return settle(issue, game);
    if (issue.status === 'cancelled') return refundIssue(issue, game);
    return false;
  }

  /** The feed job: every due issue moves as far as it can, then confirmed corrections are applied. */
  async function advance(): Promise<{ steps: number; corrections: number; collected: number }> {
    const now = deps.clock();
    const games = new Map<string, FeedGameRow>();
    const gameOfIssue = async (i: FeedIssueRow) => {
      let g = games.get(String(i.game_id));
      if (!g) {
        g = (await repo.gameById(i.game_id))!;
        games.set(String(g.id), g);
      }
      return g;
    };
    let steps = 0;
    for (let issue of await repo.dueIssues(now, 200)) {
      const game = await gameOfIssue(issue);
      for (let i = 0; i < 5 && issue; i++) {
        if (await step(issue, game, now)) steps++;
        const next = await issues.issueById(issue.id);
        if (!next || next.status === issue.status) break;
        issue = next;
      }
    }
    let corrections = 0;
    for (const issue of await repo.correctionsDue(50))
      corrections += await applyCorrections(issue, await gameOfIssue(issue));
    const collected = await collectShortfalls();
    return { steps, corrections, collected };
  }

  // ---- corrections

  /** Every confirmed, not yet applied version of a settled issue, in order: each bet re-settled once per version. */
  async function applyCorrections(issue: FeedIssueRow, game: FeedGameRow): Promise<number> {
    const spec = specOf(game);
    const merchant = await merchantOf(issue.merchant_id);
    let applied = 0;
    for (const v of await repo.confirmed(issue.id)) {
      if (v.applied_at || v.version === 1) continue;
      const result = v.result as FeedResult;
      let after = 0n;
      for (;;) {
        const batch = await repo.betsToResettle(issue.id, v.version, after, RESETTLE_BATCH);
        for (const b of batch) await resettle(merchant, game, spec, issue, v.version, result, b);
        if (batch.length < RESETTLE_BATCH) break;
        after = batch[batch.length - 1]!.id;
      }
      await repo.setResult(issue.id, result);
      await repo.writeTotals(issue.id);
      await repo.markApplied(issue.id, v.version, deps.clock());
      applied++;
    }
    return applied;
  }

  class Retry extends Error {}

  /**
   * One bet on a corrected result, in one transaction: its new outcome, the compensating journal
   * (lottery:fix:<bet>:<version>) and the correction row commit together, or not at all (a re-run finds the bet on
   * the version already and does nothing). A smaller payout takes back at most what the member holds now; the
   * rest is the shortfall (a receivable). If the member spends in between, the attempt rolls back and is redone.
   */
  async function resettle(
    merchant: Merchant,
    game: FeedGameRow,
    spec: FeedGameSpec,
    issue: FeedIssueRow,
    version: number,
    result: FeedResult,
    b: Awaited<ReturnType<FeedRepository['betsToResettle']>>[number],
  ): Promise<void> {
    const { payout, lines } = settleFeedBet(spec, game.odds, b, result, b.unit_stake);
    const outcome: FeedOutcome = {
      id: b.id,
      status: payout > 0n ? 'won' : 'lost',
      payout,
      lines: lines.map((l) => ({ line: l.line, times: l.times, amount: String(l.amount) })),
    };
    const delta = payout - b.payout;
    const account = memberMain(b.member_id);
    for (let attempt = 0; attempt < 5; attempt++) {
      const available =
        delta < 0n ? ((await deps.ledger.balances(merchant.id, [account]))[account]?.available ?? 0n) : 0n;
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await repo.resettleBet(trx, b.id, version, outcome, deps.clock()))) return;
          const take = delta < 0n ? (available < -delta ? (available > 0n ? available : 0n) : -delta) : 0n;
          const amount = delta > 0n ? delta : take;
          if (amount > 0n) {
            const r = await deps.ledger.post(
              memberJournal(merchant, {
                key: `lottery:fix:${b.reference}:${version}`,
                kind: delta > 0n ? 'win' : 'win_reversal',
                memberId: b.member_id,
                ref: { reference: b.reference, gameCode: game.game_code, issueId: issue.issue_id, version },
                amount,
                code: 'win',
                back: delta < 0n,
              }),
              trx,
            );
            if (!r.ok) {
              if (r.error === 'insufficient_funds') throw new Retry();
              throw new Error(`lottery: a correction of ${b.reference} was refused by the ledger (${r.error})`);
            }
          }
          if (delta !== 0n)
            await repo.addCorrection(trx, {
              bet_id: b.id,
              version,
              member_id: b.member_id,
              old_payout: b.payout,
              new_payout: payout,
              posted: delta > 0n ? delta : -take,
              shortfall: delta < 0n ? -delta - take : 0n,
            });
        });
        return;
      } catch (e) {
        if (!(e instanceof Retry)) throw e;
      }
    }
    throw new Error(`lottery: the correction of ${b.reference} kept racing the member's spending; it is retried later`);
  }

  // ---- shortfalls: what a correction could not take back, collected once the member has money again

  class Refused extends Error {}

  /**
   * The collection step (run by the feed job after the corrections): each open shortfall, oldest first, whose member
   * has a balance now takes back min(balance, still owed) — partial collections allowed and recorded, a balance never
   * below zero. One transaction per collection with the shortfall locked: the journal
   * (lottery:collect:<bet>:<version>:<seq>, member → house), the collection row and the collected sum commit together
   * (a crash keeps nothing; two collectors take turns and the second sees what the first took). A member spending in
   * between makes the ledger refuse: nothing is written and the next run tries again. The number of collections.
   */
  async function collectShortfalls(batch = 200): Promise<number> {
    let collections = 0;
    for (let after = null; ;) {
      const open = await repo.openShortfalls(after, batch);
      collections += await collectBatch(open);
      if (open.length < batch) return collections;
      after = open[open.length - 1]!;
    }
  }

  /** One page of open shortfalls: the members' balances read once, each shortfall collected as far as they go. */
  async function collectBatch(open: Awaited<ReturnType<FeedRepository['openShortfalls']>>): Promise<number> {
    const byMerchant = new Map<string, typeof open>();
    for (const r of open) byMerchant.set(String(r.merchant_id), [...(byMerchant.get(String(r.merchant_id)) ?? []), r]);
    let collections = 0;
    for (const rows of byMerchant.values()) {
      const merchant = await merchantOf(rows[0]!.merchant_id);
      const accounts = [...new Set(rows.map((r) => memberMain(r.member_id)))];
      const balances = await deps.ledger.balances(merchant.id, accounts);
      const held = new Map(accounts.map((a) => [a, balances[a]?.available ?? 0n]));
      for (const r of rows) {
        const account = memberMain(r.member_id);
        const available = held.get(account)!;
        if (available <= 0n) continue;
        const took = await collectOne(merchant, r, available);
        held.set(account, available - took);
        if (took > 0n) collections++;
      }
    }
    return collections;
  }

  async function collectOne(
    merchant: Merchant,
    r: { bet_id: bigint; version: number; member_id: bigint },
    available: bigint,
  ): Promise<bigint> {
    try {
      return await db.transaction().execute(async (trx) => {
        const s = await repo.lockShortfall(trx, r.bet_id, r.version);
        const owed = s ? BigInt(s.outstanding) : 0n;
        if (!s || owed <= 0n) return 0n;
        const amount = available < owed ? available : owed;
        const posted = await deps.ledger.post(
          memberJournal(merchant, {
            key: `lottery:collect:${s.reference}:${r.version}:${s.seq}`,
            kind: 'win_reversal',
            memberId: r.member_id,
            ref: { reference: s.reference, gameCode: s.game_code, issueId: s.issue_id, version: r.version },
            amount,
            code: 'win',
            back: true,
          }),
          trx,
        );
        if (!posted.ok) {
          if (posted.error === 'insufficient_funds') throw new Refused();
          throw new Error(
            `lottery: a shortfall collection of ${s.reference} was refused by the ledger (${posted.error})`,
          );
        }
        await repo.addCollection(
          trx,
          {
            bet_id: r.bet_id,
            version: r.version,
            seq: s.seq,
            member_id: r.member_id,
            amount,
            journal_id: posted.journalId,
          },
          deps.clock(),
        );
        return amount;
      });
    } catch (e) {
      if (e instanceof Refused) return 0n;
      throw e;
    }
  }

  /** The merchant's shortfalls for operators (GET /admin/api/lottery/shortfalls), newest first. */
  async function shortfalls(
    merchant: Merchant,
    q: { status?: 'open' | 'partial' | 'collected'; pageNo: number; pageSize: number },
  ): Promise<LotteryShortfalls> {
    const r = await repo.shortfallsPage(merchant.id, q.status, {
      offset: (q.pageNo - 1) * q.pageSize,
      limit: q.pageSize,
    });
    if (!deps.members) throw new Error('lottery: the shortfall list needs the members module (createFeedService deps)');
    const accounts = await deps.members.accountsOf(
      merchant.id,
      r.rows.map((x) => x.member_id),
    );
    return {
      total: r.total,
      items: r.rows.map((x) => ({
        memberId: String(x.member_id),
        memberAccount: accounts.get(x.member_id) ?? '',
        betRef: x.reference,
        gameCode: x.game_code,
        issueId: x.issue_id,
        version: x.version,
        shortfall: String(x.shortfall),
        collected: String(x.collected),
        outstanding: String(x.shortfall - x.collected),
        status: x.collected === 0n ? 'open' : x.collected < x.shortfall ? 'partial' : 'collected',
        createdAt: iso(x.created_at),
        lastCollectedAt: x.collected_at ? iso(x.collected_at) : null,
      })),
    };
  }

  // ---- operators: two-person result entry

  async function issueFor(merchant: Merchant, gameCode: string, issueId: string) {
    const game = await gameOf(merchant, gameCode);
    const issue = await issues.issueByPublicId(game.id, issueId);
    if (!issue) throw new AppError('not_found', 'No such issue.');
    return { game, issue };
  }

  function checked(game: FeedGameRow, raw: unknown): FeedResult {
    if (!checkFeedResult(specOf(game), raw))
      throw new AppError(
        'lottery_result_invalid',
        game.kind === 'vn'
          ? `A ${game.region} result lists every prize (${game.region === 'MB' ? 'DB, G1–G7' : 'DB, G1–G8'}) with all its numbers and digits.`
          : undefined,
      );
    return raw;
  }

  async function audit(
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    action: string,
    issue: FeedIssueRow,
    detail: Record<string, unknown>,
    ip: string,
    trx?: Kysely<LotteryTables>,
  ) {
    await deps.audit?.recordAction(trx, {
      merchantId: merchant.id,
      adminId: admin.id,
      action,
      targetType: 'lottery_issue',
      targetId: issue.issue_id,
      detail,
      ip,
    });
  }

  const stateOf = (
    game: FeedGameRow,
    issue: FeedIssueRow,
    row: {
      version: number;
      status: LotteryResultState['status'];
      entered_by: bigint | null;
      confirmed_by: bigint | null;
    },
  ): LotteryResultState => ({
    gameCode: game.game_code,
    issueId: issue.issue_id,
    issueStatus: issue.status,
    version: row.version,
    status: row.status,
    correction: row.version > 1,
    enteredBy: row.entered_by === null ? null : String(row.entered_by),
    confirmedBy: row.confirmed_by === null ? null : String(row.confirmed_by),
  });

  /** The first operator enters a result: it waits (pending) for a different admin to confirm it. Audited. */
  async function enterResult(
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    req: LotteryResultEntry,
    ip: string,
  ): Promise<LotteryResultState> {
    const { game, issue } = await issueFor(merchant, req.gameCode, req.issueId);
    if (issue.status === 'cancelled' || issue.status === 'refunded')
      throw new AppError('state_invalid', 'This draw was cancelled.');
    if (issue.draws_at > deps.clock()) throw new AppError('lottery_result_early');
    const result = checked(game, req.result);
    if (await repo.pendingEntry(issue.id)) throw new AppError('lottery_result_pending');
    const confirmed = await repo.confirmed(issue.id);
    const latest = confirmed.at(-1);
    if (latest && sameResult(specOf(game), latest.result as FeedResult, result))
      throw new AppError('lottery_result_unchanged');
    const version = (latest?.version ?? 0) + 1;
    try {
      await db.transaction().execute(async (trx) => {
        await notCancelled(trx, issue.id);
        await repo.insertResult(trx, {
          issue_pk: issue.id,
          version,
          source: 'manual',
          result: JSON.stringify(result),
          status: 'pending',
          entered_by: admin.id,
          entered_at: deps.clock(),
        });
        await audit(
          merchant,
          admin,
          'lottery.result.enter',
          issue,
          { gameCode: game.game_code, issueId: issue.issue_id, version, result },
          ip,
          trx,
        );
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new AppError('lottery_result_pending');
      throw e;
    }
    return stateOf(game, issue, { version, status: 'pending', entered_by: admin.id, confirmed_by: null });
  }

  /**
   * A different admin confirms by entering the same result again (blind double entry). The same admin, or a
   * different result, is refused (audited) and the pending entry stays as it was. On confirmation the draw job
   * settles the issue (first result) or re-settles it (a correction).
   */
  async function confirmResult(
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    req: LotteryResultEntry,
    ip: string,
  ): Promise<LotteryResultState> {
    const { game, issue } = await issueFor(merchant, req.gameCode, req.issueId);
    const pending = await repo.pendingEntry(issue.id);
    if (!pending) throw new AppError('not_found', 'No result of this draw is waiting for confirmation.');
    if (pending.entered_by === admin.id) {
      await audit(merchant, admin, 'lottery.result.refused', issue, { reason: 'same_admin', entry: pending.id }, ip);
      throw new AppError('lottery_result_same_admin');
    }
    const result = checked(game, req.result);
    if (!sameResult(specOf(game), pending.result as FeedResult, result)) {
      await audit(
        merchant,
        admin,
        'lottery.result.refused',
        issue,
        { reason: 'mismatch', entry: pending.id, result },
        ip,
      );
      throw new AppError('lottery_result_mismatch');
    }
    const version = ((await repo.confirmed(issue.id)).at(-1)?.version ?? 0) + 1;
    try {
      await db.transaction().execute(async (trx) => {
        await notCancelled(trx, issue.id);
        if (!(await repo.confirmEntry(trx, pending.id, admin.id, version, deps.clock())))
          throw new AppError('state_invalid', 'This entry was confirmed or discarded meanwhile.');
        await audit(
          merchant,
          admin,
          'lottery.result.confirm',
          issue,
          { gameCode: game.game_code, issueId: issue.issue_id, version, entry: pending.id },
          ip,
          trx,
        );
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new AppError('state_invalid', 'Confirmed meanwhile.');
      throw e;
    }
    return stateOf(game, issue, {
      version,
      status: 'confirmed',
      entered_by: pending.entered_by,
      confirmed_by: admin.id,
    });
  }

  /** Locks the issue for an operator's result entry: a cancelled draw takes no result (a cancel waits, or won). */
  async function notCancelled(trx: Kysely<LotteryTables>, issuePk: bigint): Promise<void> {
    const status = await repo.lockIssue(trx, issuePk);
    if (status === 'cancelled' || status === 'refunded')
      throw new AppError('state_invalid', 'This draw was cancelled.');
  }

  /**
   * An operator cancels a draw that has no result (the draw did not take place, a station was cancelled): open,
   * closed or awaiting its result → cancelled, audited with the reason, then every placed bet is refunded (a batch
   * of members a transaction, exposure released, one journal per member; chases go on with their next issues) →
   * refunded. A draw with a confirmed result is refused (lottery_result_confirmed: correct it instead), one with a
   * result waiting for confirmation too (lottery_result_pending: discard it first). Repeating the call on a
   * cancelled draw finishes a refund a crash left half done and pays nothing twice; it is audited once.
   */
  async function cancelIssue(
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    req: { gameCode: string; issueId: string; reason: string },
    ip: string,
  ): Promise<LotteryIssueCancelState> {
    const { game, issue } = await issueFor(merchant, req.gameCode, req.issueId);
    await db.transaction().execute(async (trx) => {
      const status = await repo.lockIssue(trx, issue.id);
      if (status === 'cancelled' || status === 'refunded') return;
      const results = await repo.resultStates(trx, issue.id);
      if (results.confirmed || status === 'drawn' || status === 'settled')
        throw new AppError('lottery_result_confirmed');
      if (results.pending)
        throw new AppError(
          'lottery_result_pending',
          'A result of this draw is waiting for confirmation: discard it before cancelling the draw.',
        );
      if (!(await repo.cancelIn(trx, issue.id))) throw new AppError('state_invalid');
      await audit(
        merchant,
        admin,
        'lottery.issue.cancel',
        issue,
        { gameCode: game.game_code, issueId: issue.issue_id, from: status ?? null, reason: req.reason },
        ip,
        trx,
      );
    });
    await refundIssue(issue, game);
    const [now, totals] = await Promise.all([issues.issueById(issue.id), repo.refundedTotals(issue.id)]);
    return {
      gameCode: game.game_code,
      issueId: issue.issue_id,
      issueStatus: now!.status,
      refundedBets: totals.bets,
      refunded: String(totals.amount),
    };
  }

  /** Throws away a pending entry (e.g. a typing mistake found by the confirmer). Audited. */
  async function discardResult(
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    req: { gameCode: string; issueId: string },
    ip: string,
  ): Promise<LotteryResultState> {
    const { game, issue } = await issueFor(merchant, req.gameCode, req.issueId);
    const pending = await repo.pendingEntry(issue.id);
    if (!pending) throw new AppError('not_found', 'No result of this draw is waiting for confirmation.');
    await db.transaction().execute(async (trx) => {
      if (!(await repo.discardEntry(trx, pending.id))) throw new AppError('state_invalid');
      await audit(merchant, admin, 'lottery.result.discard', issue, { entry: pending.id }, ip, trx);
    });
    return stateOf(game, issue, { ...pending, status: 'discarded' });
  }

  // ---- bets (placeBets of the lottery service asks these)

  function exposureOf(spec: FeedGameSpec, code: string, selection: unknown): string[] {
    return checkFeedBet(spec, code, selection, 1n).exposure;
  }

  /** The bet checker of any lottery game: the ELOTT engine for chain games, the feed engines (with exposure per number) else. */
  async function checkerOf(
    game: GameRow,
  ): Promise<(code: string, raw: unknown, unitStake: bigint) => CheckedBetWithExposure> {
    if (!isFeedKind(game.kind))
      return (code, raw, unitStake) => ({
        ...checkElottBet(game.kind as ElottKind, code, raw, unitStake),
        exposure: [code],
      });
    const fg = (await repo.gameById(game.id))!;
    return (code, raw, unitStake) => checkFeedBet(specOf(fg), code, raw, unitStake);
  }

  const betCodesOf = async (game: GameRow): Promise<string[]> =>
    isFeedKind(game.kind) ? feedBetTypes(specOf((await repo.gameById(game.id))!)).map((t) => t.code) : [];

  // ---- public reads

  const issueRef = (i: FeedIssueRow) => ({
    issueId: i.issue_id,
    status: i.status,
    closesAt: iso(i.closes_at),
    drawsAt: iso(i.draws_at),
  });
  const head = (g: FeedGameRow) => ({
    gameCode: g.game_code,
    name: g.name,
    kind: g.kind as FeedKind,
    region: g.region,
    station: g.station,
    timezone: g.timezone,
    drawTime: g.draw_time,
    weekdays: g.schedule.weekdays ?? null,
    monthDays: g.schedule.monthDays ?? null,
    source: g.source,
  });

  async function lobby(merchant: Merchant, kind?: FeedKind): Promise<LotteryFeedLobby> {
    const now = deps.clock();
    const games = await repo.gamesOf(merchant.id, kind);
    return {
      serverTime: iso(now),
      exponent: merchant.currencyExponent,
      currency: merchant.currency,
      games: await Promise.all(
        games.map(async (g) => {
          const [current, last] = await Promise.all([issues.currentIssue(g.id, now), issues.lastDrawn(g.id)]);
          return {
            ...head(g),
            current: current ? issueRef(current) : null,
            last: last
              ? {
                  issueId: last.issue_id,
                  drawsAt: iso(last.draws_at),
                  board: boardOf(specOf(g), last.result as unknown as FeedResult),
                }
              : null,
          };
        }),
      ),
    };
  }

  async function gameInfo(merchant: Merchant, gameCode: string): Promise<LotteryFeedGame> {
    const now = deps.clock();
    const game = await gameOf(merchant, gameCode);
    const current = await issues.currentIssue(game.id, now);
    const next = current ? await issues.issuesAfter(game.id, current.draws_at, NEXT_ISSUES - 1) : [];
    return {
      serverTime: iso(now),
      ...head(game),
      closeSeconds: game.close_seconds,
      exponent: merchant.currencyExponent,
      currency: merchant.currency,
      minUnitStake: String(game.min_unit_stake),
      maxUnitStake: String(game.max_unit_stake),
      betTypes: feedBetTypes(specOf(game)).map((t) => ({
        code: t.code,
        lines: t.lines.map((l) => {
          const text = game.odds[`${t.code}.${l.key}`] ?? game.odds[t.code] ?? '0';
          return { key: l.key, odds: text === '0' ? '0' : decimal(toDecimal(parseOdds(text), 4)) };
        }),
      })),
      current: current ? issueRef(current) : null,
      next: (current ? [current, ...next] : []).map((i) => ({ issueId: i.issue_id, drawsAt: iso(i.draws_at) })),
    };
  }

  async function results(
    merchant: Merchant,
    gameCode: string,
    q: { page: number; pageSize: number },
  ): Promise<LotteryFeedResults> {
    const game = await gameOf(merchant, gameCode);
    const r = await repo.resultsPage(game.id, deps.clock(), { offset: (q.page - 1) * q.pageSize, limit: q.pageSize });
    return {
      page: q.page,
      pageSize: q.pageSize,
      total: r.total,
      list: r.rows.map((i) => ({
        issueId: i.issue_id,
        status: i.status,
        drawsAt: iso(i.draws_at),
        board:
          i.result && (i.status === 'drawn' || i.status === 'settled')
            ? boardOf(specOf(game), i.result as unknown as FeedResult)
            : null,
        version: i.version ?? (i.result ? 1 : 0),
      })),
    };
  }

  /** The demo merchant's feed games (idempotent; issues come with the schedule job). */
  async function seedDemo(merchant: Pick<Merchant, 'id' | 'currencyExponent'>): Promise<void> {
    const unit = 10n ** BigInt(merchant.currencyExponent);
    await repo.addGames(
      DEMO_FEED_GAMES.map((g) => ({
        game: {
          merchant_id: merchant.id,
          game_code: g.code,
          name: g.name,
          kind: g.kind,
          // one draw per calendar day at most: the interval is the day (feed games have no chain)
          interval_seconds: 86_400,
          close_seconds: g.closeMinutes * 60,
          prize_group: 1960,
          min_unit_stake: unit,
          max_unit_stake: 10_000n * unit,
          max_number_stake: 50_000n * unit,
        },
        feed: {
          region: g.region,
          station: g.station,
          timezone: g.timezone,
          draw_time: g.drawTime,
          schedule: JSON.stringify(g.schedule),
          source: g.source,
          secret: randomBytes(32).toString('hex'),
          odds: JSON.stringify(feedDefaultOdds({ kind: g.kind, region: g.region })),
        },
      })),
    );
  }

  return {
    schedule,
    advance,
    enterResult,
    confirmResult,
    discardResult,
    cancelIssue,
    collectShortfalls,
    shortfalls,
    checkerOf,
    betCodesOf,
    exposureOf: async (game: GameRow, code: string, selection: unknown) =>
      isFeedKind(game.kind) ? exposureOf(specOf((await repo.gameById(game.id))!), code, selection) : [code],
    lobby,
    gameInfo,
    results,
    seedDemo,
    corrections: repo.corrections,
  };
}

/** "9.8000" → "9.8", "2.0000" → "2". */
function decimal(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

export type FeedService = ReturnType<typeof createFeedService>;
