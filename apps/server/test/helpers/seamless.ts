import { randomUUID } from 'node:crypto';
import { SEAMLESS_HEADERS, SEAMLESS_PATH } from '@sea/contracts';
import { signSeamless } from '../../src/modules/games/index.ts';
import type { Merchant } from '../../src/modules/merchants/index.ts';
import { bearer, type Player } from './players.ts';
import type { TestApp } from './test-app.ts';

export interface WalletReply {
  statusCode: number;
  /** The raw answer (a replay must be byte-identical). */
  text: string;
  json: { status: string; balance?: string; tx_id?: string; message?: string };
}

/**
 * A vendor as our wallet sees it: signs its calls with the vendor's key (HMAC-SHA256 over timestamp + raw body)
 * and sends them through the full HTTP stack.
 */
export function vendorClient(t: TestApp, merchant: Merchant, vendorCode: string, clock: () => number = Date.now) {
  let secret: string | undefined;
  const key = async () => (secret ??= (await t.app.modules.games.walletSecret(merchant.id, vendorCode))!);

  async function call(
    op: 'balance' | 'bet' | 'win' | 'rollback',
    body: Record<string, unknown>,
    opts: { timestamp?: number; signature?: string; tamper?: (raw: string) => string; vendor?: string } = {},
  ): Promise<WalletReply> {
    const raw = JSON.stringify({ request_id: randomUUID(), currency: merchant.currency, ...body });
    const ts = String(opts.timestamp ?? Math.floor(clock() / 1000));
    const signature = opts.signature ?? signSeamless(await key(), ts, raw);
    const res = await t.app.inject({
      method: 'POST',
      url: `${SEAMLESS_PATH}/${op}`,
      headers: {
        'content-type': 'application/json',
        [SEAMLESS_HEADERS.operator]: merchant.code,
        [SEAMLESS_HEADERS.vendor]: opts.vendor ?? vendorCode,
        [SEAMLESS_HEADERS.timestamp]: ts,
        [SEAMLESS_HEADERS.signature]: signature,
      },
      payload: opts.tamper ? opts.tamper(raw) : raw,
    });
    return { statusCode: res.statusCode, text: res.body, json: res.json() };
  }

  return { call, key };
}

/** Launches a game for the player and returns the session token the vendor received in its launch URL. */
export async function launchToken(t: TestApp, p: Player, gameId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: bearer(p.token),
    payload: { nodeId: gameId },
  });
  const url = res.json().value?.url as string | undefined;
  if (!url) throw new Error(`launch failed: ${res.body}`);
  return new URL(url, 'http://x').searchParams.get('token')!;
}
