import type { Merchant } from '../../http/principals.ts';
import { createLotteryBets } from './lottery-bets.ts';
import { createLotteryCancel } from './lottery-cancel.ts';
import { createLotteryChains } from './lottery-chains.ts';
import { DEMO_LOTTERY_GAMES } from './lottery-config.ts';
import { createLotteryContext, type LotteryDeps } from './lottery-context.ts';
import { createLotteryDraw } from './lottery-draw.ts';
import { createLotteryReads } from './lottery-reads.ts';

export {
  BEACON_WAIT_SECONDS,
  DEMO_LOTTERY_GAMES,
  type DrawnListener,
  issueIdOf,
  LOTTERY_SCOPE,
  LOTTERY_VENDOR,
  type LotteryOptions,
  NEXT_CHAIN_AHEAD_SECONDS,
  PAY_BATCH,
  SCHEDULE_AHEAD_SECONDS,
} from './lottery-config.ts';

/**
 * The fast e-lottery (ELOTT) and the bets of every lottery game. Its parts: lottery-chains.ts (hash chains and the
 * schedule), lottery-draw.ts (draw, settle, refund), lottery-bets.ts (place, cancel, my bets, bet records),
 * lottery-reads.ts (lobby, game, results, beacon, verifier); lottery-context.ts holds what they share.
 */
export function createLotteryService(deps: LotteryDeps) {
  const ctx = createLotteryContext(deps);
  const chains = createLotteryChains(ctx);
  const draw = createLotteryDraw(ctx, chains);
  const bets = createLotteryBets(ctx);
  const reads = createLotteryReads(ctx, chains);

  /** The demo merchant's games (idempotent; chains and issues come with the schedule job). */
  async function seedDemo(merchant: Pick<Merchant, 'id' | 'currencyExponent'>): Promise<void> {
    const unit = 10n ** BigInt(merchant.currencyExponent);
    await ctx.repo.addGames(
      DEMO_LOTTERY_GAMES.map((g) => ({
        merchant_id: merchant.id,
        game_code: g.code,
        name: g.name,
        kind: g.kind,
        interval_seconds: g.interval,
        close_seconds: 10,
        prize_group: 1960,
        min_unit_stake: unit,
        max_unit_stake: 10_000n * unit,
        max_number_stake: 50_000n * unit,
      })),
    );
  }

  return {
    betRecords: bets.betRecords,
    schedule: chains.schedule,
    advance: draw.advance,
    cancelIssue: draw.cancelIssue,
    /** The back office's cancel of any lottery draw (fast games here, feed games by feed-results), audited. */
    cancelByOperator: createLotteryCancel(ctx, draw),
    placeBets: bets.placeBets,
    cancelBet: bets.cancelBet,
    myBets: bets.myBets,
    lobby: reads.lobby,
    gameInfo: reads.gameInfo,
    results: reads.results,
    issueInfo: reads.issueInfo,
    beaconRound: reads.beaconRound,
    seedDemo,
  };
}

export type LotteryService = ReturnType<typeof createLotteryService>;
