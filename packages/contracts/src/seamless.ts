import { z } from 'zod';

/**
 * The seamless-wallet protocol game vendors call (money-design §2.8): POST /wallet/v1/{balance,bet,win,rollback},
 * JSON, signed. Every adapter maps its vendor's dialect onto this, and our own games use the same calls.
 *
 * Headers: X-Operator-Id (merchant code), X-Vendor-Id (vendor code), X-Timestamp (unix seconds, refused when more
 * than 30 s away from our clock), X-Signature = hex(HMAC-SHA256(vendor secret, `${timestamp}.${rawBody}`)).
 * Amounts are integer minor units as decimal strings. Unknown extra fields are ignored.
 * Answers: HTTP 200 with `status` for business outcomes (OK or a code below), 401 INVALID_SIGNATURE, 400
 * BAD_REQUEST for a malformed body, 503 TEMPORARY_ERROR (retry with the same ids). The same tx_id with the same
 * body answers the stored response byte for byte; with another body DUPLICATE_MISMATCH and nothing moves.
 */
export const SEAMLESS_PATH = '/wallet/v1';
export const SEAMLESS_HEADERS = {
  operator: 'x-operator-id',
  vendor: 'x-vendor-id',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
} as const;
export const SEAMLESS_TOLERANCE_SECONDS = 30;

export const SEAMLESS_STATUSES = [
  'OK',
  'INSUFFICIENT_FUNDS',
  'INVALID_SIGNATURE',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'PLAYER_NOT_FOUND',
  'PLAYER_BLOCKED',
  'WRONG_CURRENCY',
  'BET_LIMIT',
  'GAME_NOT_FOUND',
  'DUPLICATE_MISMATCH',
  'TX_NOT_FOUND',
  'ALREADY_SETTLED',
  'BAD_REQUEST',
  'TEMPORARY_ERROR',
  'UNKNOWN_ERROR',
] as const;
export type SeamlessStatus = (typeof SEAMLESS_STATUSES)[number];

const minor = z
  .string()
  .regex(/^\d{1,17}$/, 'an integer amount of minor units')
  .describe('Integer minor units as a decimal string (PHP 12.34 = "1234").');
const ref = z.string().min(1).max(100);

/** Fields every call carries. */
const common = {
  request_id: ref.describe('Network-level id of this attempt family (echoed back).'),
  player_id: z.string().min(1).max(40).describe('Our player id as the vendor received it at launch.'),
  session_token: z
    .string()
    .max(200)
    .optional()
    .describe('The game session token from the launch (checked on balance and bet only).'),
  currency: z.string().min(3).max(10).describe("The merchant's currency (WRONG_CURRENCY otherwise)."),
  game_code: z.string().max(64).optional().describe("The vendor's game code (its bet limits apply to a bet)."),
};

export const seamlessBalanceRequest = z.looseObject({ ...common });
export const seamlessBetRequest = z.looseObject({
  ...common,
  round_id: ref.describe("The vendor's round id."),
  tx_id: ref.describe("The vendor's id of this bet: unique per vendor and player, the idempotency key."),
  amount: minor.describe('> 0; 0 is a free spin (recorded, no money moves).'),
  round_closed: z.boolean().default(false).describe('true: no win will follow (the round is settled).'),
});
export const seamlessWinRequest = z.looseObject({
  ...common,
  round_id: ref.describe("The vendor's round id."),
  tx_id: ref.describe("The vendor's id of this win: unique per vendor and player, the idempotency key."),
  bet_tx_id: ref.describe('The bet this win settles.'),
  amount: minor.describe('≥ 0: a zero win closes a lost round.'),
  round_closed: z.boolean().default(true).describe('false: more wins of this round will follow.'),
  summary: z
    .string()
    .max(200)
    .optional()
    .describe("A readable summary of the result, shown in the player's bet records."),
  valid_bet: minor
    .optional()
    .describe(
      "The round's valid bet (turnover that counts for bonus wagering, points, missions, leaderboards) when it is not the whole stake: e.g. opposite Banker/Player bets of one round net out, P/B bets pushed by a tie count nothing. Absent: the whole stake. Capped at the round's stake.",
    ),
});
export const seamlessRollbackRequest = z.looseObject({
  ...common,
  round_id: ref.optional().describe("The vendor's round id."),
  tx_id: ref.describe("The vendor's id of this rollback: unique per vendor and player, the idempotency key."),
  original_tx_id: ref.describe('The bet being cancelled; no amount: it is taken from the stored bet.'),
});
export type SeamlessBetRequest = z.infer<typeof seamlessBetRequest>;
export type SeamlessWinRequest = z.infer<typeof seamlessWinRequest>;
export type SeamlessRollbackRequest = z.infer<typeof seamlessRollbackRequest>;

/** Every answer's body (business outcomes with HTTP 200; refusals of the request itself with 400/401/503). */
export const seamlessResponse = z.object({
  status: z.enum(SEAMLESS_STATUSES),
  request_id: z.string().optional().describe("The call's request_id, echoed."),
  balance: minor
    .optional()
    .describe("The player's available balance after the call (minor units), where it can be told."),
  currency: z.string().optional(),
  tx_id: z.string().optional().describe("The call's tx_id, echoed."),
  ledger_tx_id: z
    .string()
    .optional()
    .describe(
      'Our ledger journal of the money this call moved (absent when it moved none: a zero bet or win, a tombstone).',
    ),
  wallet_tx_id: z
    .string()
    .optional()
    .describe(
      'Our reference of every accepted call (status OK), zero amounts and early rollbacks included: the wallet ' +
        'transaction that recorded it, the same on every retry. Quote it (with your tx_id) when reconciling.',
    ),
  message: z.string().optional(),
});
export type SeamlessResponse = z.infer<typeof seamlessResponse>;
