import type { HouseRoundResult, HouseSeedResult, HouseSession } from '@sea/contracts';
import { ApiError } from './api-error.ts';
import { getMerchantCode } from './merchant.ts';

/**
 * The game pages' API (our own games, /house/v1/*): authenticated by the launch's game session token in the
 * X-Game-Session header, not by the site's login. Kept apart from client.ts so the game page's entry stays light
 * (no site i18n, no session store).
 */
export interface HouseApi {
  session(): Promise<HouseSession>;
  /** A slot spin or scratch ticket (settled), or a video-poker deal. A retry with the same requestId is safe. */
  play(bet: Record<string, number>, requestId: string): Promise<HouseRoundResult>;
  draw(roundId: string, holds: boolean[]): Promise<HouseRoundResult>;
  /** Reveal the active server seed and start a new pair (optionally with the player's client seed). */
  rotateSeed(clientSeed?: string): Promise<HouseSeedResult>;
}

/** Attempts of a call whose answer was lost (network): the same request again, safe by its request id. */
const RETRIES = 2;

export function createHouseApi(token: string, language: string): HouseApi {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, retries = 0): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Language: language,
      Device: 'WEB',
      'X-Game-Session': token,
    };
    const merchant = getMerchantCode();
    if (merchant) headers.Merchant = merchant;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    for (let attempt = 0; ; attempt++) {
      try {
        res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        break;
      } catch {
        if (attempt >= retries) throw new ApiError('network_error', 'Network link abnormal', 0);
        await new Promise((r) => setTimeout(r, 400 * (attempt + 1)));
      }
    }
    let env: { success?: unknown; value?: T; message?: string; code?: string } | undefined;
    try {
      env = (await res.json()) as typeof env;
    } catch {
      env = undefined;
    }
    if (!env || typeof env.success !== 'boolean') throw new ApiError('internal_error', 'Unexpected answer', res.status);
    if (!env.success) throw new ApiError(env.code ?? 'internal_error', env.message ?? '', res.status, env.value);
    return env.value as T;
  }
  return {
    session: () => call<HouseSession>('GET', '/house/v1/session', undefined, RETRIES),
    play: (bet, requestId) => call<HouseRoundResult>('POST', '/house/v1/rounds', { requestId, bet }, RETRIES),
    draw: (roundId, holds) =>
      call<HouseRoundResult>('POST', `/house/v1/rounds/${encodeURIComponent(roundId)}/draw`, { holds }, RETRIES),
    rotateSeed: (clientSeed) => call<HouseSeedResult>('POST', '/house/v1/seed', clientSeed ? { clientSeed } : {}),
  };
}

/** A fresh idempotency key for one round (kept by the caller across retries of that round only). */
export const newRequestId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
