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

/**
 * The DEMO vendor's live-casino game wired for rounds played through the seamless wallet (settlement and rebate
 * tests): its provider registered, the game's nodeId, a signing client, and `round` = launch, bet, then win.
 */
export async function demoLiveTable(t: TestApp, merchant: Merchant, clock: () => number = Date.now) {
  t.app.modules.games.registerProvider({
    adapter: 'demo',
    launchUrl: (ctx) => `https://vendor.example/play?token=${ctx.sessionToken}&player=${ctx.playerId}`,
  });
  const list = await t.app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=DEMO&gameType=LIVE' });
  const liveGame = list.json().value.content[0].nodeId as string;
  const vendor = vendorClient(t, merchant, 'DEMO', clock);
  async function round(p: Player, stake: bigint, win: bigint): Promise<void> {
    const session = await launchToken(t, p, liveGame);
    const betTx = `b-${randomUUID()}`;
    const common = { player_id: String(p.id), round_id: `r-${randomUUID()}` };
    const bet = await vendor.call('bet', {
      ...common,
      session_token: session,
      tx_id: betTx,
      amount: String(stake),
      game_code: 'demo-baccarat',
    });
    if (bet.json.status !== 'OK') throw new Error(`bet: ${bet.text}`);
    const won = await vendor.call('win', {
      ...common,
      tx_id: `w-${randomUUID()}`,
      bet_tx_id: betTx,
      amount: String(win),
    });
    if (won.json.status !== 'OK') throw new Error(`win: ${won.text}`);
  }
  return { liveGame, vendor, round };
}
