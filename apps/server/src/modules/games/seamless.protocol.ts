import { createHash } from 'node:crypto';
import type { SeamlessResponse, SeamlessStatus } from '@sea/contracts';
import type { Merchant } from '../../http/principals.ts';
import type { VendorRow } from './catalogue.repository.ts';
import type { GameTxKind } from './games.tables.ts';
import type { PlayRepository } from './play.repository.ts';
import { hashSessionToken } from '../../lib/session-tokens.ts';

// The seamless wallet's call and answer shapes and its pure rules (no I/O): what seamless.service.ts and
// seamless.routes.ts share.

/** A wallet call that passed the signature check: which merchant and vendor it is for, and its body. */
export interface WalletCall<B> {
  merchant: Merchant;
  vendor: VendorRow;
  body: B;
}

/** The answer of a wallet call as sent: status for the caller, JSON text (stored for replays). */
export interface WalletAnswer {
  status: SeamlessStatus;
  json: string;
}

/** A bet within the game's limits; a zero bet (a free spin) always is. */
export const withinLimits = (game: { min_bet: bigint | null; max_bet: bigint | null }, amount: bigint) =>
  amount === 0n ||
  ((game.min_bet === null || amount >= game.min_bet) && (game.max_bet === null || amount <= game.max_bet));

export const answer = (r: SeamlessResponse): WalletAnswer => ({ status: r.status, json: JSON.stringify(r) });

type TxCall = WalletCall<{ request_id: string; currency: string; tx_id: string }>;

/** The OK answer of an applied bet or win (the one shape for a single call and a set of them). */
export const appliedBody = (c: TxCall, txId: bigint, moved: { journalId?: bigint; balance: bigint }) => ({
  status: 'OK' as const,
  request_id: c.body.request_id,
  currency: c.merchant.currency,
  tx_id: c.body.tx_id,
  balance: String(moved.balance),
  ledger_tx_id: moved.journalId ? String(moved.journalId) : undefined,
  wallet_tx_id: String(txId),
});

/** A refusal of a claimed call, with the player's balance as it stands in the call's transaction. */
export const refusalBody = (c: TxCall, status: SeamlessStatus, balance: bigint, message?: string) => ({
  status,
  request_id: c.body.request_id,
  currency: c.merchant.currency,
  tx_id: c.body.tx_id,
  balance: String(balance),
  ...(message && { message }),
});

/** The answer of a tx id used before: the stored one (same content) or DUPLICATE_MISMATCH. */
export const duplicateAnswer = (
  c: TxCall,
  hash: string,
  earlier: { request_hash: string | null; response: string | null },
) =>
  earlier.request_hash === hash && earlier.response
    ? { status: (JSON.parse(earlier.response) as SeamlessResponse).status, json: earlier.response }
    : answer({
        status: 'DUPLICATE_MISMATCH',
        request_id: c.body.request_id,
        currency: c.merchant.currency,
        tx_id: c.body.tx_id,
        message: 'This tx_id was used for another request.',
      });

/** The advisory-lock key serialising every call about one bet (play.repository.ts lockBet). */
export const betLockKey = (k: { merchantId: bigint; vendorCode: string; memberId: bigint; betTx: string }) =>
  `game-bet:${k.merchantId}:${k.vendorCode}:${k.memberId}:${k.betTx}`;

/** The content of a call that must match on a retry of the same tx id (not the network-level request id). */
export function requestHash(kind: GameTxKind, body: Record<string, unknown>, fields: string[]): string {
  const content = [kind, ...fields.map((f) => String(body[f] ?? ''))].join('\u0000');
  return createHash('sha256').update(content).digest('hex');
}

/** The hash of a win's content (a retry of its tx id must match it). */
export const winHash = (w: Record<string, unknown>) =>
  requestHash('win', w, ['player_id', 'currency', 'amount', 'round_id', 'bet_tx_id']);

/** Token of a live (unexpired) real-money session of this player at this vendor, or the status refusing it. */
export async function liveSessionStatus(
  repo: Pick<PlayRepository, 'sessionByToken'>,
  clock: () => Date,
  c: WalletCall<{ session_token?: string }>,
  memberId: bigint,
): Promise<'OK' | 'INVALID_TOKEN' | 'TOKEN_EXPIRED'> {
  const token = c.body.session_token;
  if (!token) return 'INVALID_TOKEN';
  const s = await repo.sessionByToken(hashSessionToken(token));
  if (
    !s ||
    s.member_id !== memberId ||
    s.vendor_code !== c.vendor.code ||
    s.merchant_id !== c.merchant.id ||
    s.free_play
  )
    return 'INVALID_TOKEN';
  return s.expires_at <= clock() ? 'TOKEN_EXPIRED' : 'OK';
}
