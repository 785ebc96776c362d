import type {
  BaccaratBetResult,
  BaccaratHistory,
  BaccaratLobby,
  BaccaratSpot,
  BaccaratTableView,
  TableEvent,
} from '@sea/contracts';
import { ApiError } from './api-error.ts';
import { getMerchantCode } from './merchant.ts';
import { followTables } from './table-events.ts';

/**
 * The baccarat tables' API (/baccarat/v1/*), authenticated like our other game pages by the launch's game session
 * token in X-Game-Session. Only types come from the contracts (the light game entry never loads zod).
 */
export interface BaccaratApi {
  lobby(): Promise<BaccaratLobby>;
  table(code: string): Promise<BaccaratTableView>;
  /** A retry with the same requestId places nothing twice. */
  bet(code: string, roundId: string, spot: BaccaratSpot, amount: bigint, requestId: string): Promise<BaccaratBetResult>;
  history(): Promise<BaccaratHistory>;
  /**
   * Follows tables' rounds by pushed events (a nudge per step, and about once a second while bets come in);
   * `onLive` tells whether the pushes arrive. Returns the function that stops following.
   */
  follow(tables: readonly string[], onChange: (e: TableEvent) => void, onLive: (live: boolean) => void): () => void;
}

export function createBaccaratApi(token: string, language: string): BaccaratApi {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
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
    try {
      res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      throw new ApiError('network_error', 'Network link abnormal', 0);
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
  const table = (code: string) => `/baccarat/v1/tables/${encodeURIComponent(code)}`;
  return {
    lobby: () => call<BaccaratLobby>('GET', '/baccarat/v1/tables'),
    table: (code) => call<BaccaratTableView>('GET', table(code)),
    bet: (code, roundId, spot, amount, requestId) =>
      call<BaccaratBetResult>('POST', `${table(code)}/bets`, { requestId, roundId, spot, amount: String(amount) }),
    history: () => call<BaccaratHistory>('GET', '/baccarat/v1/history'),
    follow: (tables, onChange, onLive) =>
      followTables({ token, merchant: getMerchantCode(), game: 'baccarat', tables, onChange, onLive }),
  };
}
