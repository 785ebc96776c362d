import { z } from 'zod';
import { minorString } from './money.ts';

/**
 * Fast e-lottery (ELOTT, our own vendor SEA): shared draws every 1–5 minutes from a published hash chain. The
 * shapes of docs/lottery-api (the lottery server and the lottery pages share them). Amounts out are minor-unit
 * strings with the currency exponent in the answer; unit stakes in are minor-unit strings too (whole multiples of
 * the game's minUnitStake). Times are ISO strings (UTC).
 */

export const lotteryKind = z.enum(['ssc', 'k3']);
export type LotteryKind = z.infer<typeof lotteryKind>;

/** awaiting: feed games only (past the draw time, the official result not confirmed yet). */
export const lotteryIssueStatus = z.enum(['open', 'closed', 'awaiting', 'drawn', 'settled', 'cancelled', 'refunded']);
export type LotteryIssueStatus = z.infer<typeof lotteryIssueStatus>;

export const lotteryBetStatus = z.enum(['placed', 'won', 'lost', 'refunded']);
export type LotteryBetStatus = z.infer<typeof lotteryBetStatus>;

/** Game codes: `elott-ssc-1m`, `elott-k3-3m`… */
export const lotteryGameCode = z.string().regex(/^[a-z0-9-]{1,40}$/, 'A game code such as elott-ssc-1m.');
/** Issue ids: `YYYYMMDD-NNNN` in the merchant's time zone. */
export const lotteryIssueId = z.string().regex(/^\d{8}-\d{4}$/, 'An issue id such as 20261126-0961.');

const issueRef = z.object({
  issueId: z.string(),
  status: lotteryIssueStatus,
  closesAt: z.string(),
  drawsAt: z.string(),
});

/** GET /lgw/lottery/lobby */
export const lotteryLobby = z.object({
  serverTime: z.string(),
  exponent: z.number().int(),
  currency: z.string(),
  games: z.array(
    z.object({
      gameCode: z.string(),
      name: z.string(),
      kind: lotteryKind,
      intervalSeconds: z.number().int(),
      current: issueRef.nullable(),
      last: z.object({ issueId: z.string(), result: z.array(z.number().int()), drawnAt: z.string() }).nullable(),
    }),
  ),
});
export type LotteryLobby = z.infer<typeof lotteryLobby>;

/**
 * A game's hash chain as published: its commitment (terminal hash h_0), salt and the issues it covers. Chain n + 1
 * is published well before chain n's last issue and continues its issue numbers.
 */
export const lotteryChain = z.object({
  chainId: z.string(),
  /** 1, 2, 3, … per game. */
  seq: z.number().int(),
  terminalHash: z.string(),
  salt: z.string(),
  algorithm: z.string(),
  /**
   * The randomness beacon its draws mix in, named when the chain was committed (null: a chain from before beacons,
   * drawn from its hash and salt alone).
   */
  beacon: z.string().nullable(),
  /** Where the chain secret is kept: 'signer' (its own key store, never the database) or 'database' (older chains). */
  secretHeldBy: z.enum(['signer', 'database']),
  length: z.number().int(),
  firstIssueId: z.string(),
  lastIssueId: z.string(),
  firstDrawAt: z.string(),
  lastDrawAt: z.string(),
  publishedAt: z.string(),
});
export type LotteryChain = z.infer<typeof lotteryChain>;

/** GET /lgw/lottery/games/:gameCode */
export const lotteryGame = z.object({
  serverTime: z.string(),
  gameCode: z.string(),
  name: z.string(),
  kind: lotteryKind,
  intervalSeconds: z.number().int(),
  closeSeconds: z.number().int(),
  prizeGroup: z.number().int(),
  exponent: z.number().int(),
  currency: z.string(),
  minUnitStake: minorString,
  maxUnitStake: minorString,
  betTypes: z.array(z.object({ code: z.string(), lines: z.array(z.object({ key: z.string(), odds: z.string() })) })),
  /** The chain of the current issue. */
  chain: lotteryChain,
  /** The next chain once published (null until then). */
  nextChain: lotteryChain.nullable(),
  current: issueRef,
  next: z.array(z.object({ issueId: z.string(), drawsAt: z.string() })),
});
export type LotteryGame = z.infer<typeof lotteryGame>;

export const lotteryGameParams = z.object({ gameCode: lotteryGameCode });

export const lotteryResultsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(30),
});

/** GET /lgw/lottery/games/:gameCode/results (newest first) */
export const lotteryResults = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  list: z.array(
    z.object({
      issueId: z.string(),
      status: lotteryIssueStatus,
      drawsAt: z.string(),
      result: z.array(z.number().int()).nullable(),
    }),
  ),
});
export type LotteryResults = z.infer<typeof lotteryResults>;

export const lotteryIssueParams = z.object({ issueId: lotteryIssueId });
export const lotteryIssueQuery = z.object({ gameCode: lotteryGameCode });

/** GET /lgw/lottery/issues/:issueId?gameCode=… (the verifier: SHA256(hash) = previousHash, result recomputed) */
export const lotteryIssue = z.object({
  gameCode: z.string(),
  kind: lotteryKind,
  issueId: z.string(),
  status: lotteryIssueStatus,
  drawsAt: z.string(),
  result: z.array(z.number().int()).nullable(),
  hash: z.string().nullable(),
  previousHash: z.string(),
  chainIndex: z.number().int(),
  /** The issue's own chain: hashing `hash` chainIndex times gives chain.terminalHash. */
  chain: lotteryChain,
  salt: z.string(),
  algorithm: z.string(),
  /**
   * The beacon round mixed into this draw: named when the issue was scheduled, published at or after its draw time;
   * its value once drawn. Null on a chain from before beacons.
   */
  beacon: z
    .object({
      source: z.string(),
      /** The demo's stand-in, not a public source. */
      simulated: z.boolean(),
      round: z.number().int(),
      publishedAt: z.string(),
      value: z.string().nullable(),
    })
    .nullable(),
  totals: z
    .object({ bets: z.number().int(), stake: minorString, payout: minorString, winners: z.number().int() })
    .nullable(),
});
export type LotteryIssue = z.infer<typeof lotteryIssue>;

/** GET /lgw/lottery/beacon/:round — a round of the randomness beacon, as its source publishes it. */
export const lotteryBeaconRound = z.object({
  source: z.string(),
  simulated: z.boolean(),
  round: z.number().int(),
  publishedAt: z.string(),
  value: z.string(),
});
export type LotteryBeaconRound = z.infer<typeof lotteryBeaconRound>;
export const lotteryBeaconParams = z.object({ round: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

export const lotteryBetInput = z.object({
  code: z.string().min(1).max(40),
  /** The bet type's selection (checked by the engine: packages/games/src/lottery). */
  selection: z.unknown(),
  /** Minor units, a whole multiple of the game's minUnitStake. */
  unitStake: z.string().regex(/^\d{1,15}$/, 'A unit stake in minor units.'),
});

/** POST /wps/lottery/bets */
export const lotteryPlaceRequest = z.object({
  gameCode: lotteryGameCode,
  issueId: lotteryIssueId,
  requestId: z.string().uuid(),
  bets: z.array(lotteryBetInput).min(1).max(50),
  chase: z.object({ issues: z.number().int().min(1).max(10), stopOnWin: z.boolean() }).optional(),
});
export type LotteryPlaceRequest = z.infer<typeof lotteryPlaceRequest>;

export const lotteryMyBet = z.object({
  ref: z.string(),
  orderRef: z.string(),
  gameCode: z.string(),
  issueId: z.string(),
  code: z.string(),
  selection: z.unknown(),
  describe: z.string(),
  units: z.number().int(),
  unitStake: minorString,
  charge: minorString,
  status: lotteryBetStatus,
  payout: minorString,
  lines: z.array(z.object({ line: z.string(), times: z.number().int(), amount: minorString })),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryMyBet = z.infer<typeof lotteryMyBet>;

export const lotteryPlaceResult = z.object({
  orderRef: z.string(),
  charge: minorString,
  balance: minorString,
  bets: z.array(lotteryMyBet),
});
export type LotteryPlaceResult = z.infer<typeof lotteryPlaceResult>;

/** GET /wps/lottery/bets */
export const lotteryMyBetsQuery = z.object({
  gameCode: lotteryGameCode.optional(),
  status: lotteryBetStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const lotteryMyBets = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  list: z.array(lotteryMyBet),
  totals: z.object({ charge: minorString, payout: minorString }),
});
export type LotteryMyBets = z.infer<typeof lotteryMyBets>;

/** Bet references: `LB-` + 8 Crockford base32; orders `LO-…`. */
export const lotteryBetParams = z.object({ ref: z.string().regex(/^LB-[0-9A-HJKMNP-TV-Z]{8}$/, 'A bet reference.') });

// ---- Feed-based lotteries (Vietnamese by region and station, Thai, 4D): one draw per schedule day, the official
// result from a results feed (simulated in the demo) or two operators. Bets go through POST /wps/lottery/bets like
// every lottery game; the selection per bet type is the engine's (packages/games/src/lottery/vn.ts, thai.ts, fourd.ts).

export const lotteryFeedKind = z.enum(['vn', 'thai', '4d']);
export type LotteryFeedKind = z.infer<typeof lotteryFeedKind>;
export const lotteryVnRegion = z.enum(['MB', 'MN', 'MT']);
export type LotteryVnRegion = z.infer<typeof lotteryVnRegion>;

/** A result as a prize board in announcement order: VN DB, G1…G7/G8; Thai first, front3, back3, last2; 4D first… */
export const lotteryBoard = z.array(z.object({ prize: z.string(), numbers: z.array(z.string()) }));
export type LotteryBoard = z.infer<typeof lotteryBoard>;

const feedGameHead = {
  gameCode: z.string(),
  name: z.string(),
  kind: lotteryFeedKind,
  region: lotteryVnRegion.nullable(),
  station: z.string(),
  timezone: z.string(),
  /** Local HH:MM of the draw. */
  drawTime: z.string(),
  /** 0 = Sunday … 6 = Saturday; or days of the month (Thai: 1 and 16). */
  weekdays: z.array(z.number().int()).nullable(),
  monthDays: z.array(z.number().int()).nullable(),
  /** 'simulated': the demo's simulated results feed (not an official result); 'manual': entered by operators. */
  source: z.enum(['simulated', 'manual']),
};

/** GET /lgw/lottery/feed/lobby?kind= */
export const lotteryFeedLobby = z.object({
  serverTime: z.string(),
  exponent: z.number().int(),
  currency: z.string(),
  games: z.array(
    z.object({
      ...feedGameHead,
      current: issueRef.nullable(),
      last: z.object({ issueId: z.string(), drawsAt: z.string(), board: lotteryBoard }).nullable(),
    }),
  ),
});
export type LotteryFeedLobby = z.infer<typeof lotteryFeedLobby>;
export const lotteryFeedLobbyQuery = z.object({ kind: lotteryFeedKind.optional() });

/**
 * GET /lgw/vn/games/game_menu (the spec's Vietnamese lottery menu): the VN games by region — MB (the north, one
 * draw a day), MN (the south), MT (the centre) — each station with its draw time, days and next draw.
 */
export const lotteryVnMenu = z.object({
  serverTime: z.string(),
  exponent: z.number().int(),
  currency: z.string(),
  regions: z.array(
    z.object({
      region: lotteryVnRegion,
      games: z.array(
        z.object({
          gameCode: z.string(),
          name: z.string(),
          station: z.string(),
          drawTime: z.string(),
          weekdays: z.array(z.number().int()).nullable(),
          current: issueRef.nullable(),
        }),
      ),
    }),
  ),
});
export type LotteryVnMenu = z.infer<typeof lotteryVnMenu>;

/** GET /lgw/vn/games/recent?region=: the latest result of every VN station, newest draw first. */
export const lotteryVnRecentQuery = z.object({ region: lotteryVnRegion.optional() });
export const lotteryVnRecent = z.object({
  serverTime: z.string(),
  list: z.array(
    z.object({
      gameCode: z.string(),
      name: z.string(),
      region: lotteryVnRegion,
      station: z.string(),
      issueId: z.string(),
      drawsAt: z.string(),
      board: lotteryBoard,
    }),
  ),
});
export type LotteryVnRecent = z.infer<typeof lotteryVnRecent>;

/** GET /lgw/lottery/feed/games/:gameCode */
export const lotteryFeedGame = z.object({
  serverTime: z.string(),
  ...feedGameHead,
  closeSeconds: z.number().int(),
  exponent: z.number().int(),
  currency: z.string(),
  minUnitStake: minorString,
  maxUnitStake: minorString,
  /** Odds per winning unit (stake multiplier) per prize line; units per bet from the engine. */
  betTypes: z.array(z.object({ code: z.string(), lines: z.array(z.object({ key: z.string(), odds: z.string() })) })),
  current: issueRef.nullable(),
  next: z.array(z.object({ issueId: z.string(), drawsAt: z.string() })),
});
export type LotteryFeedGame = z.infer<typeof lotteryFeedGame>;

/** GET /lgw/lottery/feed/games/:gameCode/results (newest first) */
export const lotteryFeedResults = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  list: z.array(
    z.object({
      issueId: z.string(),
      status: lotteryIssueStatus,
      drawsAt: z.string(),
      board: lotteryBoard.nullable(),
      /** 1 = the first confirmed result; more = corrected after settlement. */
      version: z.number().int(),
    }),
  ),
});
export type LotteryFeedResults = z.infer<typeof lotteryFeedResults>;

/** POST /admin/api/lottery/results (enter) and /admin/api/lottery/results/confirm (a different admin, same result) */
export const lotteryResultEntry = z.object({
  gameCode: lotteryGameCode,
  issueId: lotteryIssueId,
  /** The engine's result: VN { region, prizes: { DB: [...], G1: [...] … } }; Thai { first, front3, back3, last2 }; 4D { first, second, third, starter, consolation }. */
  result: z.unknown(),
});
export type LotteryResultEntry = z.infer<typeof lotteryResultEntry>;
export const lotteryResultDiscard = z.object({ gameCode: lotteryGameCode, issueId: lotteryIssueId });

export const lotteryResultState = z.object({
  gameCode: z.string(),
  issueId: z.string(),
  issueStatus: lotteryIssueStatus,
  version: z.number().int(),
  status: z.enum(['pending', 'confirmed', 'discarded']),
  /** true: this version replaces a settled result (every bet is re-settled by compensating entries). */
  correction: z.boolean(),
  enteredBy: z.string().nullable(),
  confirmedBy: z.string().nullable(),
});
export type LotteryResultState = z.infer<typeof lotteryResultState>;

/** POST /admin/api/lottery/issues/:id/cancel (:id = the issue id, e.g. 20261126-0001) */
export const lotteryIssueCancelParams = z.object({ id: lotteryIssueId });
export const lotteryIssueCancel = z.object({
  gameCode: lotteryGameCode,
  /** Why the draw is void (e.g. "no draw: Tết holiday"); kept in the audit log. */
  reason: z.string().trim().min(3).max(500),
});
export type LotteryIssueCancel = z.infer<typeof lotteryIssueCancel>;
/** The issue after the cancel: cancelled while its bets are being refunded (the feed job finishes), then refunded. */
export const lotteryIssueCancelState = z.object({
  gameCode: z.string(),
  issueId: z.string(),
  issueStatus: lotteryIssueStatus,
  /** Bets of the issue refunded so far (with any a member cancelled earlier), and their total charge (minor units). */
  refundedBets: z.number().int(),
  refunded: minorString,
});
export type LotteryIssueCancelState = z.infer<typeof lotteryIssueCancelState>;

/**
 * A correction's shortfall: open = nothing collected yet, partial, collected = all taken back; owed = the other way
 * round: a raised payout the ledger could not pay because the member's account had been closed since (the house owes
 * it; settled by the operator outside the wallet, or by reopening the account).
 */
export const lotteryShortfallStatus = z.enum(['open', 'partial', 'collected', 'owed']);
/** GET /admin/api/lottery/shortfalls (newest first) */
export const lotteryShortfallsQuery = z.object({
  status: lotteryShortfallStatus.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const lotteryShortfall = z.object({
  memberId: z.string(),
  memberAccount: z.string(),
  /** The bet whose payout a correction lowered, its draw and the result version that lowered it. */
  betRef: z.string(),
  gameCode: z.string(),
  issueId: z.string(),
  version: z.number().int(),
  /** What the correction could not take back (minor units), what was collected since, and what is still owed. */
  shortfall: minorString,
  collected: minorString,
  outstanding: minorString,
  /** What the house owes a closed account (status owed; 0 otherwise). */
  owedToMember: minorString,
  status: lotteryShortfallStatus,
  createdAt: z.string(),
  lastCollectedAt: z.string().nullable(),
});
export type LotteryShortfall = z.infer<typeof lotteryShortfall>;
export const lotteryShortfalls = z.object({ total: z.number().int(), items: z.array(lotteryShortfall) });
export type LotteryShortfalls = z.infer<typeof lotteryShortfalls>;
