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

/** The content of a call that must match on a retry of the same tx id (not the network-level request id). */
export function requestHash(kind: GameTxKind, body: Record<string, unknown>, fields: string[]): string {
  const content = [kind, ...fields.map((f) => String(body[f] ?? ''))].join('\u0000');
  return createHash('sha256').update(content).digest('hex');
}

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
