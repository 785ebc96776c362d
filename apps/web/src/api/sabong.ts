import type { SabongArenaView, SabongBetResult, SabongBetSide, SabongHistory, SabongLobby } from '@sea/contracts';
import { tableGameCalls } from './table-game-api.ts';

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
  const k = tableGameCalls(token, language, 'sabong', 'arenas');
  return {
    lobby: () => k.lobby<SabongLobby>(),
    arena: (code) => k.view<SabongArenaView>(code),
    bet: (code, fightId, side, amount, requestId) =>
      k.bet<SabongBetResult>(code, { requestId, fightId, side, amount: String(amount) }),
    history: () => k.history<SabongHistory>(),
    follow: k.follow,
  };
}
