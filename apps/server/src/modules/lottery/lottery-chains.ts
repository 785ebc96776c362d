import type { LotteryChain } from '@sea/contracts';
import { BEACON_DRAW_ALGORITHM, chainHashAt, DRAW_ALGORITHM } from '@sea/games';
import { randomBytes } from 'node:crypto';
import type { Merchant } from '../../http/principals.ts';
import type { RandomnessBeacon } from './beacon.ts';
import { type LotteryContext, iso } from './lottery-context.ts';
import { issueIdOf, NEXT_CHAIN_AHEAD_SECONDS, SCHEDULE_AHEAD_SECONDS } from './lottery-config.ts';
import type { ChainRow, GameRow } from './lottery.repository.ts';

/** The draw time of a chain's issue `index`. */
export const drawsAtOf = (chain: ChainRow, game: GameRow, index: number) =>
  new Date(chain.first_draw_at.getTime() + (index - 1) * game.interval_seconds * 1000);

/** A chain's public face: its commitment (terminal hash), salt, the issues it covers and when it was published. */
export const chainView = (chain: ChainRow, game: GameRow, merchant: Merchant): LotteryChain => {
  const issueOf = (index: number) =>
    issueIdOf(
      new Date(drawsAtOf(chain, game, index).getTime() - game.interval_seconds * 1000),
      game.interval_seconds,
      merchant.timezone,
    );
  return {
    chainId: String(chain.id),
    seq: chain.seq,
    terminalHash: chain.terminal_hash,
    salt: chain.salt,
    algorithm: chain.beacon ? BEACON_DRAW_ALGORITHM : DRAW_ALGORITHM,
    beacon: chain.beacon,
    secretHeldBy: chain.secret_store,
    length: chain.length,
    firstIssueId: issueOf(1),
    lastIssueId: issueOf(chain.length),
    firstDrawAt: iso(chain.first_draw_at),
    lastDrawAt: iso(drawsAtOf(chain, game, chain.length)),
    publishedAt: iso(chain.published_at),
  };
};

/**
 * The fast e-lottery's hash chains and schedule: chains published ahead (the signer keeps their secrets), h_i of a
 * chain, the beacon it mixes in, issues created SCHEDULE_AHEAD_SECONDS ahead, and a chain's public face.
 */
export function createLotteryChains(ctx: LotteryContext) {
  const { deps, repo, every, signer, beacon, merchantOf } = ctx;
  const chainLength = deps.options?.chainLength ?? 100_000;
  const nextChainAhead = (deps.options?.nextChainAheadSeconds ?? NEXT_CHAIN_AHEAD_SECONDS) * 1000;
  // The schedule must never reach a chain that is not public yet.
  if (nextChainAhead <= SCHEDULE_AHEAD_SECONDS * 1000)
    throw new Error('lottery: nextChainAheadSeconds must exceed SCHEDULE_AHEAD_SECONDS');
  const chains = new Map<string, ChainRow>();

  async function chainById(id: bigint): Promise<ChainRow> {
    let c = chains.get(String(id));
    if (!c) {
      c = (await repo.chainById(id))!;
      chains.set(String(id), c);
    }
    return c;
  }

  /**
   * h_i of a chain: a signer chain's from the signer (its secret is not in the database); a chain from before 0056
   * from its stored checkpoint at or above i (at most `every` − 1 hashing steps).
   */
  async function hashAt(chain: ChainRow, index: number): Promise<string> {
    if (chain.secret_store === 'signer')
      return signer.hashAt({ ref: chain.signer_ref!, length: chain.length, terminalHash: chain.terminal_hash }, index);
    const cp = chain.checkpoints!;
    const at = Math.min(Math.ceil(index / chain.checkpoint_every) * chain.checkpoint_every, chain.length);
    return chainHashAt(cp[String(at)]!, at, index);
  }

  /** The beacon of a chain committed with one (null: a chain from before 0056, salt only). */
  function beaconOf(chain: ChainRow): RandomnessBeacon | null {
    if (!chain.beacon) return null;
    if (chain.beacon !== beacon.source)
      throw new Error(
        `lottery: chain ${chain.id} draws with beacon ${chain.beacon}, this process has ${beacon.source}`,
      );
    return beacon;
  }

  /**
   * A new chain of the game, its terminal hash public from now on (a second process's chain of the same seq loses):
   * the signer keeps its secret, the database only its terminal hash; its draws mix in the beacon named here.
   */
  async function publishChain(game: GameRow, seq: number, firstDraw: number): Promise<void> {
    const made = await signer.newChain(chainLength);
    await repo.addChainIfAbsent({
      game_id: game.id,
      seq,
      terminal_hash: made.terminalHash,
      salt: randomBytes(16).toString('hex'),
      length: chainLength,
      checkpoint_every: every,
      checkpoints: null,
      secret_store: 'signer',
      signer_ref: made.ref,
      beacon: beacon.source,
      first_draw_at: new Date(firstDraw),
      published_at: deps.clock(),
    });
  }

  /**
   * The game's chains, oldest first. The first is generated on first use (the demo). The next one is published when
   * the newest has less than `nextChainAhead` left and is in use or about to be (at most one unused chain ahead);
   * its first issue opens at the newest's last draw (issue numbers continue), or at the next slot boundary when that
   * time has passed (the server was down that long).
   */
  async function chainsFor(game: GameRow): Promise<ChainRow[]> {
    const now = deps.clock().getTime();
    const step = game.interval_seconds * 1000;
    // Starting now: the first issue opens at the next slot boundary and draws one interval later.
    const nextSlotDraw = (Math.floor(now / step) + 2) * step;
    let list = await repo.chainsOf(game.id);
    if (list.length === 0) {
      await publishChain(game, 1, nextSlotDraw);
      list = await repo.chainsOf(game.id);
    }
    for (;;) {
      const last = list[list.length - 1]!;
      const lastDraw = drawsAtOf(last, game, last.length).getTime();
      if (lastDraw - now >= nextChainAhead || last.first_draw_at.getTime() - now > SCHEDULE_AHEAD_SECONDS * 1000)
        return list;
      await publishChain(game, last.seq + 1, lastDraw > now ? lastDraw + step : nextSlotDraw);
      list = await repo.chainsOf(game.id);
    }
  }

  /**
   * Keeps issues created SCHEDULE_AHEAD_SECONDS ahead for every enabled game (issues whose betting passed are
   * skipped), across its chains: the window may end in the next chain, which chainsFor published long before.
   * Safe with several processes: issues are unique per (chain, index) and the same slot always maps to the same one.
   */
  async function schedule(): Promise<{ created: number }> {
    const now = deps.clock().getTime();
    let created = 0;
    for (const game of await repo.enabledGames()) {
      const merchant = await merchantOf(game.merchant_id);
      const step = game.interval_seconds * 1000;
      for (const chain of await chainsFor(game)) {
        const first = chain.first_draw_at.getTime();
        const source = beaconOf(chain);
        // The first issue still taking bets: closes_at = draws_at − close > now.
        const openFrom = Math.max(1, Math.floor((now + game.close_seconds * 1000 - first) / step) + 2);
        const to = Math.min(chain.length, Math.floor((now + SCHEDULE_AHEAD_SECONDS * 1000 - first) / step) + 1);
        if (openFrom > to) continue;
        const from = Math.max((await repo.lastIssueIndex(chain.id)) + 1, openFrom);
        const rows = [];
        for (let i = from; i <= to; i++) {
          const drawsAt = drawsAtOf(chain, game, i);
          const opensAt = new Date(drawsAt.getTime() - step);
          rows.push({
            merchant_id: game.merchant_id,
            game_id: game.id,
            chain_id: chain.id,
            chain_index: i,
            issue_id: issueIdOf(opensAt, game.interval_seconds, merchant.timezone),
            opens_at: opensAt,
            closes_at: new Date(drawsAt.getTime() - game.close_seconds * 1000),
            draws_at: drawsAt,
            // Named now, published at or after the draw: it does not exist while bets are taken.
            beacon_round: source ? source.roundAt(drawsAt) : null,
          });
        }
        for (let i = 0; i < rows.length; i += 500) created += await repo.addIssues(rows.slice(i, i + 500));
      }
    }
    return { created };
  }

  return { chainById, hashAt, beaconOf, drawsAtOf, schedule, chainView };
}

export type LotteryChains = ReturnType<typeof createLotteryChains>;
