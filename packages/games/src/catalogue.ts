import { GameInputError, throwIfIssue } from './errors.ts';
import type { Seeds } from './rng/fair-rng.ts';
import { LUCKY_MATCH_V1, type ScratchMath } from './scratch/scratch-math.ts';
import {
  checkScratchBet,
  playScratch,
  type ScratchBet,
  type ScratchRoundResult,
  scratchHitRate,
} from './scratch/scratch-round.ts';
import { LUCKY_DRAGON_V1 } from './slot/lucky-dragon.ts';
import type { SlotMath } from './slot/slot-math.ts';
import { checkSlotBet, playSlotRound, type SlotBet, type SlotRoundResult } from './slot/slot-round.ts';
import { JACKS_OR_BETTER_V1, type VideoPokerMath, videoPokerPaytable } from './video-poker/jacks-or-better.ts';
import {
  checkVideoPokerBet,
  playVideoPoker,
  type VideoPokerBet,
  type VideoPokerRoundResult,
} from './video-poker/vp-round.ts';
import { toDecimal } from './rational.ts';

/**
 * Every game of our own provider and every maths version it has shipped. A stored round names (gameId,
 * mathVersion) and always recomputes with that version; new rounds use `current`. Adding a version: add the new
 * maths object under its number and move `current`; never edit a shipped one.
 */
export type GameKind = 'slot' | 'video-poker' | 'scratch';

interface Entry<M> {
  kind: GameKind;
  current: number;
  versions: Readonly<Record<number, M>>;
}

export const SLOT_GAMES: Readonly<Record<string, Entry<SlotMath>>> = {
  'slot-lucky-dragon': { kind: 'slot', current: 1, versions: { 1: LUCKY_DRAGON_V1 } },
};
export const VIDEO_POKER_GAMES: Readonly<Record<string, Entry<VideoPokerMath>>> = {
  'vp-jacks-or-better': { kind: 'video-poker', current: 1, versions: { 1: JACKS_OR_BETTER_V1 } },
};
export const SCRATCH_GAMES: Readonly<Record<string, Entry<ScratchMath>>> = {
  'scratch-lucky-match': { kind: 'scratch', current: 1, versions: { 1: LUCKY_MATCH_V1 } },
};

function pick<M>(table: Readonly<Record<string, Entry<M>>>, gameId: string, version?: number): M {
  const entry = Object.hasOwn(table, gameId) ? table[gameId] : undefined;
  if (!entry) throw new GameInputError('unknown_game', `unknown game ${gameId}`);
  const v = version ?? entry.current;
  const math = Object.hasOwn(entry.versions, v) ? entry.versions[v] : undefined;
  if (!math) throw new GameInputError('unknown_math_version', `${gameId} has no maths version ${v}`);
  return math;
}

export const slotMath = (gameId: string, version?: number): SlotMath => pick(SLOT_GAMES, gameId, version);
export const videoPokerMath = (gameId: string, version?: number): VideoPokerMath =>
  pick(VIDEO_POKER_GAMES, gameId, version);
export const scratchMath = (gameId: string, version?: number): ScratchMath => pick(SCRATCH_GAMES, gameId, version);

export function gameKind(gameId: string): GameKind {
  if (Object.hasOwn(SLOT_GAMES, gameId)) return 'slot';
  if (Object.hasOwn(VIDEO_POKER_GAMES, gameId)) return 'video-poker';
  if (Object.hasOwn(SCRATCH_GAMES, gameId)) return 'scratch';
  throw new GameInputError('unknown_game', `unknown game ${gameId}`);
}

/** What the server presents and the browser draws: everything public about a game's maths. */
export type GameConfig =
  | {
      kind: 'slot';
      gameId: string;
      mathVersion: number;
      name: string;
      rtp: string;
      betLevels: readonly number[];
      /** Row per reel of each line, lines 1..n in order. */
      lines: readonly (readonly number[])[];
      symbols: SlotMath['symbols'];
      scatter: SlotMath['scatter'];
      freeSpins: SlotMath['freeSpins'];
      /** The strips, so the browser can spin the reels to the returned stops. */
      reels: { base: SlotMath['baseReels']; free: SlotMath['freeReels'] };
    }
  | {
      kind: 'video-poker';
      gameId: string;
      mathVersion: number;
      name: string;
      /** With optimal play at max coins. */
      rtp: string;
      betLevels: readonly number[];
      maxCoins: number;
      paytable: ReturnType<typeof videoPokerPaytable>;
    }
  | {
      kind: 'scratch';
      gameId: string;
      mathVersion: number;
      name: string;
      rtp: string;
      betLevels: readonly number[];
      rows: number;
      columns: number;
      /** Prize in tickets and its probability as a decimal string. */
      prizes: { prize: number; probability: string }[];
      hitRate: string;
    };

export function gameConfig(gameId: string, version?: number): GameConfig {
  const kind = gameKind(gameId);
  if (kind === 'slot') {
    const m = slotMath(gameId, version);
    return {
      kind,
      gameId,
      mathVersion: m.mathVersion,
      name: m.name,
      rtp: m.declaredRtp,
      betLevels: m.betLevels,
      lines: m.lines,
      symbols: m.symbols,
      scatter: m.scatter,
      freeSpins: m.freeSpins,
      reels: { base: m.baseReels, free: m.freeReels },
    };
  }
  if (kind === 'video-poker') {
    const m = videoPokerMath(gameId, version);
    return {
      kind,
      gameId,
      mathVersion: m.mathVersion,
      name: m.name,
      rtp: m.declaredRtp,
      betLevels: m.betLevels,
      maxCoins: m.maxCoins,
      paytable: videoPokerPaytable(m),
    };
  }
  const m = scratchMath(gameId, version);
  const total = m.prizes.reduce((s, p) => s + p.weight, 0);
  return {
    kind,
    gameId,
    mathVersion: m.mathVersion,
    name: m.name,
    rtp: m.declaredRtp,
    betLevels: m.betLevels,
    rows: m.rows,
    columns: m.columns,
    prizes: m.prizes.filter((p) => p.prize > 0).map((p) => ({ prize: p.prize, probability: String(p.weight / total) })),
    hitRate: toDecimal(scratchHitRate(m), 6),
  };
}

/** The current version of every game. */
export function gameCatalogue(): GameConfig[] {
  return [...Object.keys(SLOT_GAMES), ...Object.keys(VIDEO_POKER_GAMES), ...Object.keys(SCRATCH_GAMES)].map((id) =>
    gameConfig(id),
  );
}

/** A round as the server stores it: enough to recompute it at any time. */
export interface RoundRequest {
  gameId: string;
  /** Omitted: the current version (new rounds). Stored rounds always pass theirs. */
  mathVersion?: number;
  seeds: Seeds;
  bet: SlotBet | VideoPokerBet | ScratchBet;
  /** Video poker only: the player's holds. */
  holds?: readonly boolean[];
}

export type RoundOutcome =
  | { kind: 'slot'; gameId: string; mathVersion: number; stake: number; win: number; result: SlotRoundResult }
  | {
      kind: 'video-poker';
      gameId: string;
      mathVersion: number;
      stake: number;
      win: number;
      result: VideoPokerRoundResult;
    }
  | { kind: 'scratch'; gameId: string; mathVersion: number; stake: number; win: number; result: ScratchRoundResult };

/** Credits staked by a bet, after validating it: the server posts the bet with this before settling. */
export function stakeOf(gameId: string, bet: RoundRequest['bet'], mathVersion?: number): number {
  const kind = gameKind(gameId);
  if (kind === 'slot') {
    const b = bet as SlotBet;
    throwIfIssue(checkSlotBet(slotMath(gameId, mathVersion), b));
    return b.lines * b.betLevel;
  }
  if (kind === 'video-poker') {
    const b = bet as VideoPokerBet;
    throwIfIssue(checkVideoPokerBet(videoPokerMath(gameId, mathVersion), b));
    return b.coins * b.betLevel;
  }
  const b = bet as ScratchBet;
  throwIfIssue(checkScratchBet(scratchMath(gameId, mathVersion), b));
  return b.betLevel;
}

/**
 * Any game's round from its stored inputs: the settlement call of the server and the replay of a verifier.
 * Stake and win are credits of the bet's own levels; the server converts credits to minor units.
 */
export function playRound(request: RoundRequest): RoundOutcome {
  const { gameId, seeds } = request;
  const kind = gameKind(gameId);
  if (kind === 'slot') {
    const math = slotMath(gameId, request.mathVersion);
    const result = playSlotRound(math, { seeds, bet: request.bet as SlotBet });
    return { kind, gameId, mathVersion: math.mathVersion, stake: result.stake, win: result.totalWin, result };
  }
  if (kind === 'video-poker') {
    const math = videoPokerMath(gameId, request.mathVersion);
    const result = playVideoPoker(math, {
      seeds,
      bet: request.bet as VideoPokerBet,
      holds: request.holds as boolean[],
    });
    return { kind, gameId, mathVersion: math.mathVersion, stake: result.stake, win: result.win, result };
  }
  const math = scratchMath(gameId, request.mathVersion);
  const result = playScratch(math, { seeds, bet: request.bet as ScratchBet });
  return { kind, gameId, mathVersion: math.mathVersion, stake: result.stake, win: result.win, result };
}
