import type { SabongArenaView, SabongBetResult, SabongBetSide, SabongHistory, SabongLobby } from '@sea/contracts';
import { gameSessionCall } from './game-session-call.ts';
import { getMerchantCode } from './merchant.ts';
import { followTables } from './table-events.ts';

/**
 * The sabong arenas' API (/sabong/v1/*), authenticated like our other game pages by the launch's game session token
 * in X-Game-Session. Only types come from the contracts (the light game entry never loads zod).
 */
export interface SabongApi {
  lobby(): Promise<SabongLobby>;
  arena(code: string): Promise<SabongArenaView>;
  /** A retry with the same requestId places nothing twice. */
  bet(code: string, fightId: string, side: SabongBetSide, amount: bigint, requestId: string): Promise<SabongBetResult>;
  history(): Promise<SabongHistory>;
  /** Follows arenas' fights by pushed events (as BaccaratApi.follow); returns the function that stops following. */
  follow(arenas: readonly string[], onChange: () => void, onLive: (live: boolean) => void): () => void;
}

export function createSabongApi(token: string, language: string): SabongApi {
  const call = gameSessionCall(token, language);
  const arena = (code: string) => `/sabong/v1/arenas/${encodeURIComponent(code)}`;
  return {
    lobby: () => call<SabongLobby>('GET', '/sabong/v1/arenas'),
    arena: (code) => call<SabongArenaView>('GET', arena(code)),
    bet: (code, fightId, side, amount, requestId) =>
      call<SabongBetResult>('POST', `${arena(code)}/bets`, { requestId, fightId, side, amount: String(amount) }),
    history: () => call<SabongHistory>('GET', '/sabong/v1/history'),
    follow: (tables, onChange, onLive) =>
      followTables({ token, merchant: getMerchantCode(), game: 'sabong', tables, onChange, onLive }),
  };
}
