import type {
  BaccaratBetResult,
  BaccaratHistory,
  BaccaratLobby,
  BaccaratSpot,
  BaccaratTableView,
  TableEvent,
} from '@sea/contracts';
import { tableGameCalls } from './table-game-api.ts';

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
  const k = tableGameCalls(token, language, 'baccarat', 'tables');
  return {
    lobby: () => k.lobby<BaccaratLobby>(),
    table: (code) => k.view<BaccaratTableView>(code),
    bet: (code, roundId, spot, amount, requestId) =>
      k.bet<BaccaratBetResult>(code, { requestId, roundId, spot, amount: String(amount) }),
    history: () => k.history<BaccaratHistory>(),
    follow: k.follow,
  };
}
