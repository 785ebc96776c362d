import type { LotteryBeaconRound, LotteryGame, LotteryIssue, LotteryLobby, LotteryResults } from '@sea/contracts';
import {
  BEACON_DRAW_ALGORITHM,
  DRAW_ALGORITHM,
  elottBetTypes,
  type ElottKind,
  prizeGroupOdds,
  toDecimal,
} from '@sea/games';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { isFeedKind } from './feed.ts';
import type { LotteryChains } from './lottery-chains.ts';
import { type LotteryContext, iso } from './lottery-context.ts';
import type { IssueRow } from './lottery.repository.ts';

/** Issues listed for chase bets. */
const NEXT_ISSUES = 10;

/** The fast e-lottery's public reads: lobby, game (with its chains), results, a beacon round, the verifier's issue. */
export function createLotteryReads(ctx: LotteryContext, chainsOf: LotteryChains) {
  const { deps, repo, beacon, chainGameOf } = ctx;
  const { chainById, hashAt, beaconOf, drawsAtOf, chainView } = chainsOf;

  const issueRef = (i: IssueRow) => ({
    issueId: i.issue_id,
    status: i.status,
    closesAt: iso(i.closes_at),
    drawsAt: iso(i.draws_at),
  });

  async function lobby(merchant: Merchant): Promise<LotteryLobby> {
    const now = deps.clock();
    // The feed games (VN, Thai, 4D) have their own lobby: GET /lgw/lottery/feed/lobby.
    const games = (await repo.gamesOf(merchant.id)).filter((g) => !isFeedKind(g.kind));
    return {
      serverTime: iso(now),
      exponent: merchant.currencyExponent,
      currency: merchant.currency,
      games: await Promise.all(
        games.map(async (g) => {
          const [current, last] = await Promise.all([repo.currentIssue(g.id, now), repo.lastDrawn(g.id)]);
          return {
            gameCode: g.game_code,
            name: g.name,
            kind: g.kind as ElottKind,
            intervalSeconds: g.interval_seconds,
            current: current ? issueRef(current) : null,
            last: last
              ? { issueId: last.issue_id, result: last.result!, drawnAt: iso(last.drawn_at ?? last.draws_at) }
              : null,
          };
        }),
      ),
    };
  }

  async function gameInfo(merchant: Merchant, gameCode: string): Promise<LotteryGame> {
    const now = deps.clock();
    const game = await chainGameOf(merchant, gameCode);
    const current = await repo.currentIssue(game.id, now);
    if (!current?.chain_id) throw new AppError('game_maintenance', 'This game has no open draw yet.');
    const [chains, next] = await Promise.all([
      repo.chainsOf(game.id),
      repo.issuesAfter(game.id, current.draws_at, NEXT_ISSUES - 1),
    ]);
    const at = chains.findIndex((c) => c.id === current.chain_id);
    const chain = chains[at]!;
    const upcoming = chains[at + 1];
    return {
      serverTime: iso(now),
      gameCode: game.game_code,
      name: game.name,
      kind: game.kind,
      intervalSeconds: game.interval_seconds,
      closeSeconds: game.close_seconds,
      prizeGroup: game.prize_group,
      exponent: merchant.currencyExponent,
      currency: merchant.currency,
      minUnitStake: String(game.min_unit_stake),
      maxUnitStake: String(game.max_unit_stake),
      betTypes: elottBetTypes(game.kind).map((t) => ({
        code: t.code,
        lines: t.lines.map((l) => ({ key: l.key, odds: decimal(toDecimal(prizeGroupOdds(game.prize_group, l.p), 4)) })),
      })),
      chain: chainView(chain, game, merchant),
      nextChain: upcoming ? chainView(upcoming, game, merchant) : null,
      current: issueRef(current),
      next: [current, ...next].map((i) => ({ issueId: i.issue_id, drawsAt: iso(i.draws_at) })),
    };
  }

  async function results(
    merchant: Merchant,
    gameCode: string,
    q: { page: number; pageSize: number },
  ): Promise<LotteryResults> {
    const game = await chainGameOf(merchant, gameCode);
    const r = await repo.resultsPage(game.id, deps.clock(), { offset: (q.page - 1) * q.pageSize, limit: q.pageSize });
    return {
      page: q.page,
      pageSize: q.pageSize,
      total: r.total,
      list: r.rows.map((i) => ({ issueId: i.issue_id, status: i.status, drawsAt: iso(i.draws_at), result: i.result })),
    };
  }

  /**
   * A round of the randomness beacon as its source publishes it (the verifier page compares it with the value mixed
   * into a draw): not found before its publication time.
   */
  async function beaconRound(round: number): Promise<LotteryBeaconRound> {
    const value = await beacon.value(round, deps.clock());
    if (!value) throw new AppError('not_found', 'This beacon round is not published yet.');
    return {
      source: beacon.source,
      simulated: beacon.simulated,
      round,
      publishedAt: iso(beacon.publishedAt(round)),
      value,
    };
  }

  /**
   * The verifier's view of an issue. h_i is shown once drawn; h_{i−1} once issue i−1's draw time has passed (its
   * betting is closed by then), so no answer tells a result before betting on it closes.
   */
  async function issueInfo(merchant: Merchant, gameCode: string, issueId: string): Promise<LotteryIssue> {
    const game = await chainGameOf(merchant, gameCode);
    const issue = await repo.issueByPublicId(game.id, issueId);
    if (!issue || issue.chain_id === null || issue.chain_index === null)
      throw new AppError('not_found', 'No such issue.');
    const chain = await chainById(issue.chain_id);
    const now = deps.clock();
    if (issue.chain_index > 1 && drawsAtOf(chain, game, issue.chain_index - 1) > now)
      throw new AppError('not_found', 'This issue is not open yet.');
    const previousHash = issue.chain_index === 1 ? chain.terminal_hash : await hashAt(chain, issue.chain_index - 1);
    const shown = issue.status === 'drawn' || issue.status === 'settled';
    const source = beaconOf(chain);
    return {
      gameCode: game.game_code,
      kind: game.kind,
      issueId: issue.issue_id,
      status: issue.status,
      drawsAt: iso(issue.draws_at),
      result: shown ? issue.result : null,
      hash: shown ? issue.hash : null,
      previousHash,
      chainIndex: issue.chain_index,
      chain: chainView(chain, game, merchant),
      salt: chain.salt,
      algorithm: chain.beacon ? BEACON_DRAW_ALGORITHM : DRAW_ALGORITHM,
      // Named in advance (shown before the draw); its value once the issue is drawn.
      beacon: source
        ? {
            source: source.source,
            simulated: source.simulated,
            round: Number(issue.beacon_round),
            publishedAt: iso(source.publishedAt(Number(issue.beacon_round))),
            value: shown ? issue.beacon_value : null,
          }
        : null,
      totals:
        issue.status === 'settled'
          ? {
              bets: issue.bets,
              stake: String(issue.stake),
              payout: String(issue.payout),
              winners: issue.winners,
            }
          : null,
    };
  }
  return { lobby, gameInfo, results, beaconRound, issueInfo };
}

/** "9.8000" → "9.8", "2.0000" → "2". */
function decimal(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}
