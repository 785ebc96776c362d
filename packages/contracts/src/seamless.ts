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

const minor = z.string().regex(/^\d{1,17}$/, 'an integer amount of minor units');
const ref = z.string().min(1).max(100);

/** Fields every call carries. */
const common = {
  /** Network-level id of this attempt family (echoed back). */
  request_id: ref,
  /** Our player id as the vendor received it at launch. */
  player_id: z.string().min(1).max(40),
  /** The game session token from the launch (checked on balance and bet only). */
  session_token: z.string().max(200).optional(),
  currency: z.string().min(3).max(10),
  game_code: z.string().max(64).optional(),
};

export const seamlessBalanceRequest = z.looseObject({ ...common });
export const seamlessBetRequest = z.looseObject({
  ...common,
  round_id: ref,
  tx_id: ref,
  /** > 0; 0 is a free spin (recorded, no money). */
  amount: minor,
  round_closed: z.boolean().default(false),
});
export const seamlessWinRequest = z.looseObject({
  ...common,
  round_id: ref,
  tx_id: ref,
  /** The bet this win settles. */
  bet_tx_id: ref,
  /** ≥ 0: a zero win closes a lost round. */
  amount: minor,
  round_closed: z.boolean().default(true),
  /** A readable summary of the result, shown in the player's bet records. */
  summary: z.string().max(200).optional(),
});
export const seamlessRollbackRequest = z.looseObject({
  ...common,
  round_id: ref.optional(),
  tx_id: ref,
  /** The bet being cancelled; no amount: it is taken from the stored bet. */
  original_tx_id: ref,
});
export type SeamlessBetRequest = z.infer<typeof seamlessBetRequest>;
export type SeamlessWinRequest = z.infer<typeof seamlessWinRequest>;
export type SeamlessRollbackRequest = z.infer<typeof seamlessRollbackRequest>;

export interface SeamlessResponse {
  status: SeamlessStatus;
  request_id?: string;
  /** The player's balance after the call (minor units), where it can be told. */
  balance?: string;
  currency?: string;
  tx_id?: string;
  /** Our ledger journal of the money this call moved (absent when it moved none: a zero bet or win, a tombstone). */
  ledger_tx_id?: string;
  /**
   * Our reference of every accepted call (status OK), zero amounts and early rollbacks included: the wallet
   * transaction that recorded it, the same on every retry. Quote it (with your tx_id) when reconciling.
   */
  wallet_tx_id?: string;
  message?: string;
}
