import type { LotteryFeedGame, LotteryFeedLobby, LotteryFeedResults } from '@sea/contracts';
import { checkElottBet, type ElottKind, parseOdds, toDecimal } from '@sea/games';
import type { Merchant } from '../../http/principals.ts';
import { type FeedContext, iso, specOf } from './feed-context.ts';
import { boardOf, checkFeedBet, feedBetTypes, type FeedKind, type FeedResult, isFeedKind } from './feed.ts';
import type { FeedGameRow, FeedIssueRow } from './feed.repository.ts';
import type { GameRow } from './lottery.repository.ts';

const NEXT_ISSUES = 10;

/** A checked bet with the exposure keys its unit stake counts against (ELOTT: the bet type; feed: each number). */
export interface CheckedBetWithExposure {
  code: string;
  selection: unknown;
  units: number;
  charge: bigint;
  describe: string;
  exposure: string[];
}

/** The feed games' bet checks (placeBets of the lottery service asks these) and public reads (lobby, game, results). */
export function createFeedReads(ctx: FeedContext) {
  const { deps, repo, issues, gameOf } = ctx;

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

  return { checkerOf, betCodesOf, lobby, gameInfo, results };
}

/** "9.8000" → "9.8", "2.0000" → "2". */
function decimal(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}
