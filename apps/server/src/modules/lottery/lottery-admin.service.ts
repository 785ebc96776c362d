import type {
  LotteryAdminChains,
  LotteryAdminGame,
  LotteryAdminGames,
  LotteryAdminGameUpdate,
  LotteryAdminIssue,
  LotteryAdminIssueDetail,
  LotteryAdminIssues,
  LotteryAdminIssuesQuery,
} from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AuthenticatedAdmin, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import type { Audit } from './feed-context.ts';
import { boardOf, type FeedGameSpec, type FeedKind, type FeedResult, isFeedKind } from './feed.ts';
import type { FeedRepository } from './feed.repository.ts';
import type { AdminIssueRow, LotteryAdminRepository } from './lottery-admin.repository.ts';
import { chainView } from './lottery-chains.ts';
import type { LotteryRepository } from './lottery.repository.ts';
import type { LotteryTables } from './lottery.tables.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The back office's lottery: games and their settings (audited), issues with totals, an issue's result history,
 * the published chain commitments. Results, corrections, cancels and shortfalls are the feed service's.
 */
export function createLotteryAdmin(deps: {
  db: Kysely<LotteryTables>;
  repo: LotteryAdminRepository;
  issues: Pick<LotteryRepository, 'chainsOf'>;
  feedRepo: Pick<FeedRepository, 'refundedTotals'>;
  audit?: Audit;
  /** Usernames of the staff who entered and confirmed results (the admin module's face). */
  staff?: Pick<AdminModule, 'staffUsernames'>;
}) {
  const { repo } = deps;

  async function games(merchant: Merchant): Promise<LotteryAdminGames> {
    const rows = await repo.games(merchant.id);
    return {
      currency: merchant.currency,
      exponent: merchant.currencyExponent,
      items: rows.map((g): LotteryAdminGame => ({
        gameCode: g.game_code,
        name: g.name,
        kind: g.kind,
        source: isFeedKind(g.kind) ? (g.source ?? 'manual') : 'chain',
        enabled: g.enabled,
        intervalSeconds: g.interval_seconds,
        region: g.region ?? null,
        station: g.station ?? null,
        timezone: g.timezone ?? null,
        drawTime: g.draw_time ?? null,
        weekdays: g.schedule?.weekdays ?? null,
        monthDays: g.schedule?.monthDays ?? null,
        closeSeconds: g.close_seconds,
        prizeGroup: g.prize_group,
        minUnitStake: String(g.min_unit_stake),
        maxUnitStake: String(g.max_unit_stake),
        maxNumberStake: String(g.max_number_stake),
      })),
    };
  }

  /**
   * A game's settings: enabled (a disabled game takes no bets and gets no new issues), bets closing before the
   * draw (issues scheduled from now on; shorter than a chain game's interval), unit stake limits and the most on
   * one number. Audited with the values before and after.
   */
  async function updateGame(
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    gameCode: string,
    req: LotteryAdminGameUpdate,
    ip: string,
  ): Promise<LotteryAdminGame> {
    const before = (await games(merchant)).items.find((g) => g.gameCode === gameCode);
    if (!before) throw new AppError('not_found', 'No such lottery game.');
    const min = BigInt(req.minUnitStake ?? before.minUnitStake);
    const max = BigInt(req.maxUnitStake ?? before.maxUnitStake);
    const perNumber = BigInt(req.maxNumberStake ?? before.maxNumberStake);
    const fields: { field: string; reason: string; message: string }[] = [];
    if (min <= 0n) fields.push({ field: 'minUnitStake', reason: 'too_small', message: 'At least 1 minor unit.' });
    if (max < min)
      fields.push({ field: 'maxUnitStake', reason: 'too_small', message: 'Not below the minimum unit stake.' });
    if (perNumber < max)
      fields.push({ field: 'maxNumberStake', reason: 'too_small', message: 'Not below the maximum unit stake.' });
    const limit = before.source === 'chain' ? before.intervalSeconds : 86_400;
    if (req.closeSeconds !== undefined && req.closeSeconds >= limit)
      fields.push({
        field: 'closeSeconds',
        reason: 'too_big',
        message: `Bets must close less than ${limit} seconds before the draw.`,
      });
    if (fields.length) throw new AppError('validation_failed', fields[0]!.message, { in: 'body', fields });
    await deps.db.transaction().execute(async (trx) => {
      const ok = await repo.updateGame(trx, merchant.id, gameCode, {
        enabled: req.enabled,
        close_seconds: req.closeSeconds,
        min_unit_stake: req.minUnitStake === undefined ? undefined : min,
        max_unit_stake: req.maxUnitStake === undefined ? undefined : max,
        max_number_stake: req.maxNumberStake === undefined ? undefined : perNumber,
      });
      if (!ok) throw new AppError('not_found', 'No such lottery game.');
      await deps.audit?.recordAction(trx, {
        merchantId: merchant.id,
        adminId: admin.id,
        action: 'lottery.game.update',
        targetType: 'lottery_game',
        targetId: gameCode,
        detail: { gameCode, changes: req, before: pick(before, Object.keys(req)) },
        ip,
      });
    });
    return (await games(merchant)).items.find((g) => g.gameCode === gameCode)!;
  }

  const present = (r: AdminIssueRow): LotteryAdminIssue => ({
    gameCode: r.game_code,
    gameName: r.game_name,
    kind: r.kind as LotteryAdminIssue['kind'],
    source: isFeedKind(r.kind) ? (r.source ?? 'manual') : 'chain',
    issueId: r.issue_id,
    status: r.status,
    closesAt: iso(r.closes_at)!,
    drawsAt: iso(r.draws_at)!,
    drawnAt: iso(r.drawn_at),
    settledAt: iso(r.settled_at),
    bets: r.bets,
    stake: String(r.stake),
    payout: String(r.payout),
    houseResult: String(r.stake - r.payout),
    winners: r.winners,
    pendingResult: r.pending,
  });

  async function issues(merchant: Merchant, q: LotteryAdminIssuesQuery): Promise<LotteryAdminIssues> {
    const r = await repo.issuesPage(
      {
        merchantId: merchant.id,
        gameCode: q.gameCode,
        status: q.status,
        from: q.from,
        to: q.to,
        timezone: merchant.timezone,
      },
      { offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
    );
    return {
      total: r.total,
      currency: merchant.currency,
      exponent: merchant.currencyExponent,
      items: r.rows.map(present),
    };
  }

  async function issue(merchant: Merchant, gameCode: string, issueId: string): Promise<LotteryAdminIssueDetail> {
    const row = await repo.issue(merchant.id, gameCode, issueId);
    if (!row) throw new AppError('not_found', 'No such issue.');
    const feed = isFeedKind(row.kind);
    const region = feed
      ? ((await repo.games(merchant.id)).find((g) => g.game_code === gameCode)?.region ?? null)
      : null;
    const spec: FeedGameSpec = { kind: row.kind as FeedKind, region };
    const [entries, refunded] = await Promise.all([
      feed ? repo.resultEntries(row.id) : Promise.resolve([]),
      deps.feedRepo.refundedTotals(row.id),
    ]);
    const shown = row.result !== null && (row.status === 'drawn' || row.status === 'settled');
    const names =
      (await deps.staff?.staffUsernames(
        entries.flatMap((e) => [e.entered_by, e.confirmed_by]).filter((id): id is bigint => id !== null),
      )) ?? new Map<bigint, string>();
    const nameOf = (id: bigint | null) => (id === null ? null : (names.get(id) ?? null));
    return {
      issue: present(row),
      currency: merchant.currency,
      exponent: merchant.currencyExponent,
      region,
      board: feed && shown ? boardOf(spec, row.result as FeedResult) : null,
      numbers: !feed && shown ? (row.result as number[]) : null,
      versions: entries.map((e) => ({
        version: e.version,
        source: e.source,
        status: e.status,
        enteredBy: e.entered_by === null ? null : String(e.entered_by),
        enteredByName: nameOf(e.entered_by),
        enteredAt: iso(e.entered_at)!,
        confirmedBy: e.confirmed_by === null ? null : String(e.confirmed_by),
        confirmedByName: nameOf(e.confirmed_by),
        confirmedAt: iso(e.confirmed_at),
        appliedAt: iso(e.applied_at),
        // A pending entry is confirmed blind: its numbers are not shown to anyone before a second entry matches.
        board: e.status === 'pending' ? null : boardOf(spec, e.result as FeedResult),
      })),
      refundedBets: refunded.bets,
      refunded: String(refunded.amount),
    };
  }

  /** Every published chain commitment of the merchant's chain games (one game with gameCode), newest first. */
  async function chains(merchant: Merchant, gameCode?: string): Promise<LotteryAdminChains> {
    const rows = (await repo.games(merchant.id)).filter(
      (g) => !isFeedKind(g.kind) && (!gameCode || g.game_code === gameCode),
    );
    const items = [];
    for (const g of rows)
      for (const c of await deps.issues.chainsOf(g.id))
        items.push({ ...chainView(c, g, merchant), gameCode: g.game_code, gameName: g.name });
    items.sort((a, b) => (a.publishedAt !== b.publishedAt ? (a.publishedAt > b.publishedAt ? -1 : 1) : b.seq - a.seq));
    return { items };
  }

  return { games, updateGame, issues, issue, chains };
}

function pick<T extends object>(o: T, keys: string[]): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k))) as Partial<T>;
}

export type LotteryAdmin = ReturnType<typeof createLotteryAdmin>;
