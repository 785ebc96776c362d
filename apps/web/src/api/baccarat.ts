import type {
  BaccaratBetResult,
  BaccaratHistory,
  BaccaratLobby,
  BaccaratSpot,
  BaccaratTableView,
  TableEvent,
} from '@sea/contracts';
import { gameSessionCall } from './game-session-call.ts';
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
  const call = gameSessionCall(token, language);
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
