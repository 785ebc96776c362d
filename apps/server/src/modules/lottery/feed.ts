import { createHmac } from 'node:crypto';
import type { LotteryBoard } from '@sea/contracts';
import {
  checkFourDResult,
  checkThaiResult,
  checkVnResult,
  coveredNumbers,
  drawFourDResult,
  drawThaiResult,
  drawVnResult,
  FOURD_BET_TYPES,
  FOURD_DEFAULT_ODDS,
  type FourDResult,
  fourDCovered,
  GameInputError,
  type LotteryBetType,
  type LotteryWinLine,
  MAX_UNITS_PER_BET,
  oddsFromTable,
  prizesOf,
  settleBet,
  THAI_BET_TYPES,
  THAI_DEFAULT_ODDS,
  type ThaiResult,
  vnBetTypes,
  vnDefaultOdds,
  type VnRegion,
  type VnResult,
} from '@sea/games';

/**
 * The pure part of the feed-based lotteries: which engine a kind uses (vn.ts, thai.ts, fourd.ts), result checks,
 * the prize board shown to players, bet checks and settlement with the merchant's odds table, and the
 * results-feed adapter with its simulated implementation for the demo.
 */
export type FeedKind = 'vn' | 'thai' | '4d';
export const FEED_KINDS: readonly FeedKind[] = ['vn', 'thai', '4d'];
export const isFeedKind = (kind: string): kind is FeedKind => (FEED_KINDS as readonly string[]).includes(kind);

export type FeedResult = VnResult | ThaiResult | FourDResult;

/** What the engines need of a feed game. */
export interface FeedGameSpec {
  kind: FeedKind;
  region: VnRegion | null;
}

type AnyType = LotteryBetType<unknown, FeedResult>;

export function feedBetTypes(g: FeedGameSpec): readonly AnyType[] {
  if (g.kind === 'vn') return vnBetTypes(g.region!) as readonly AnyType[];
  if (g.kind === 'thai') return THAI_BET_TYPES as readonly AnyType[];
  return FOURD_BET_TYPES as readonly AnyType[];
}

export function feedDefaultOdds(g: FeedGameSpec): Record<string, string> {
  if (g.kind === 'vn') return { ...vnDefaultOdds(g.region!) };
  return { ...(g.kind === 'thai' ? THAI_DEFAULT_ODDS : FOURD_DEFAULT_ODDS) };
}

/** A complete, well-formed result of this game (partial results never settle). */
export function checkFeedResult(g: FeedGameSpec, raw: unknown): raw is FeedResult {
  if (g.kind === 'vn') return checkVnResult(raw, g.region!);
  if (g.kind === 'thai') return checkThaiResult(raw);
  return checkFourDResult(raw);
}

const sortedCopy = (a: readonly string[]) => [...a].sort();

/**
 * The result with only its own fields and every unordered list sorted: two operators' entries of the same draw
 * compare equal whatever order they typed the numbers of one prize in.
 */
export function canonicalResult(g: FeedGameSpec, r: FeedResult): FeedResult {
  if (g.kind === 'vn') {
    const v = r as VnResult;
    return {
      region: v.region,
      prizes: Object.fromEntries(prizesOf(v.region).map((d) => [d.key, sortedCopy(v.prizes[d.key]!)])),
    };
  }
  if (g.kind === 'thai') {
    const t = r as ThaiResult;
    return {
      first: t.first,
      front3: sortedCopy(t.front3) as [string, string],
      back3: sortedCopy(t.back3) as [string, string],
      last2: t.last2,
    };
  }
  const f = r as FourDResult;
  return {
    first: f.first,
    second: f.second,
    third: f.third,
    starter: sortedCopy(f.starter),
    consolation: sortedCopy(f.consolation),
  };
}

export const sameResult = (g: FeedGameSpec, a: FeedResult, b: FeedResult) =>
  JSON.stringify(canonicalResult(g, a)) === JSON.stringify(canonicalResult(g, b));

/** The prize board in announcement order. */
export function boardOf(g: FeedGameSpec, r: FeedResult): LotteryBoard {
  if (g.kind === 'vn') {
    const v = r as VnResult;
    return prizesOf(v.region).map((d) => ({ prize: d.key, numbers: [...v.prizes[d.key]!] }));
  }
  if (g.kind === 'thai') {
    const t = r as ThaiResult;
    return [
      { prize: 'first', numbers: [t.first] },
      { prize: 'front3', numbers: [...t.front3] },
      { prize: 'back3', numbers: [...t.back3] },
      { prize: 'last2', numbers: [t.last2] },
    ];
  }
  const f = r as FourDResult;
  return [
    { prize: 'first', numbers: [f.first] },
    { prize: 'second', numbers: [f.second] },
    { prize: 'third', numbers: [f.third] },
    { prize: 'starter', numbers: [...f.starter] },
    { prize: 'consolation', numbers: [...f.consolation] },
  ];
}

export interface CheckedFeedBet {
  code: string;
  selection: unknown;
  units: number;
  charge: bigint;
  describe: string;
  /** Exposure keys: one per number the bet covers (`<code>:<number>`), each carrying the unit stake. */
  exposure: string[];
}

function typeOf(g: FeedGameSpec, code: string): AnyType {
  const t = feedBetTypes(g).find((x) => x.code === code);
  if (!t) throw new GameInputError('invalid_bet', `unknown bet type ${code}`);
  return t;
}

/** The numbers a parsed selection stakes on (for the per-number exposure limit). */
function numbersOf(g: FeedGameSpec, selection: unknown): string[] {
  if (g.kind === '4d') return fourDCovered(selection as Parameters<typeof fourDCovered>[0]);
  const s = selection as { numbers: string[]; permute?: boolean };
  // đảo: every order of each number is staked
  return g.kind === 'vn' ? coveredNumbers({ numbers: s.numbers, permute: s.permute === true }) : s.numbers;
}

/** Validates a bet on a feed game: known type, well-formed selection, 1 … MAX_UNITS_PER_BET units. */
export function checkFeedBet(g: FeedGameSpec, code: string, raw: unknown, unitStake: bigint): CheckedFeedBet {
  const type = typeOf(g, code);
  const selection = type.parse(raw);
  const units = type.unitCount(selection);
  if (units < 1) throw new GameInputError('invalid_bet', 'the selection makes no bet');
  if (units > MAX_UNITS_PER_BET) throw new GameInputError('invalid_bet', `at most ${MAX_UNITS_PER_BET} units per bet`);
  if (unitStake <= 0n) throw new GameInputError('invalid_bet', 'the unit stake must be positive');
  return {
    code,
    selection,
    units,
    charge: unitStake * BigInt(units),
    describe: type.describe(selection),
    exposure: numbersOf(g, selection).map((n) => `${code}:${n}`),
  };
}

/** What a stored bet pays on a result with the game's odds table. */
export function settleFeedBet(
  g: FeedGameSpec,
  odds: Readonly<Record<string, string>>,
  bet: { code: string; selection: unknown },
  result: FeedResult,
  unitStake: bigint,
): { payout: bigint; lines: LotteryWinLine[] } {
  const type = typeOf(g, bet.code);
  return settleBet(type, type.parse(bet.selection), result, unitStake, (l) => oddsFromTable(odds, bet.code, l.key));
}

// ---- the results feed

export interface FeedIssueRef {
  gameCode: string;
  issueId: string;
  drawsAt: Date;
}

/**
 * A source of official results. `fetch` answers the full result of one draw, or null while it is not (fully)
 * published; it never answers a partial result. A real adapter (an official site, an aggregator) implements the
 * same interface; the job polls it for every issue past its draw time until it answers.
 */
export interface ResultsFeed {
  readonly name: string;
  fetch(game: FeedGameSpec & { secret: string }, issue: FeedIssueRef, now: Date): Promise<FeedResult | null>;
}

/** A simulated draw is published this long after the draw time (the real draws take ~20 minutes). */
export const SIMULATED_PUBLISH_SECONDS = 60;

/**
 * The demo's simulated feed — NOT an official result: each draw is HMAC-SHA256(game secret, game:issue) fed to
 * the engine's generator, so it is the same on every process and every poll, and unknown before it is published
 * (the secret never leaves the server).
 */
export const simulatedFeed: ResultsFeed = {
  name: 'simulated',
  async fetch(game, issue, now) {
    if (now.getTime() < issue.drawsAt.getTime() + SIMULATED_PUBLISH_SECONDS * 1000) return null;
    const hash = createHmac('sha256', game.secret).update(`${issue.gameCode}:${issue.issueId}`).digest('hex');
    if (game.kind === 'vn') return drawVnResult(game.region!, hash, 'simulated', issue.issueId);
    if (game.kind === 'thai') return drawThaiResult(hash, 'simulated', issue.issueId);
    return drawFourDResult(hash, 'simulated', issue.issueId);
  },
};
