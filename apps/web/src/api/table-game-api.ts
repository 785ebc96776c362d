import type { TableEvent } from '@sea/contracts';
import { gameSessionCall } from './game-session-call.ts';
import { getMerchantCode } from './merchant.ts';
import { followTables } from './table-events.ts';

/**
 * The calls every shared-round table game's API makes the same way (/<game>/v1/<tables>, …/<code>, …/<code>/bets,
 * /<game>/v1/history, the pushed steps), authenticated like our other game pages by the launch's game session token
 * in X-Game-Session. Each game's client (baccarat.ts, sabong.ts) names them and gives their types.
 */
export function tableGameCalls(token: string, language: string, game: string, tables: string) {
  const call = gameSessionCall(token, language);
  const base = `/${game}/v1`;
  const one = (code: string) => `${base}/${tables}/${encodeURIComponent(code)}`;
  return {
    lobby: <L>() => call<L>('GET', `${base}/${tables}`),
    view: <V>(code: string) => call<V>('GET', one(code)),
    /** A retry with the same requestId places nothing twice. */
    bet: <R>(code: string, body: { requestId: string; amount: string } & Record<string, string>) =>
      call<R>('POST', `${one(code)}/bets`, body),
    history: <H>() => call<H>('GET', `${base}/history`),
    follow: (codes: readonly string[], onChange: (e: TableEvent) => void, onLive: (live: boolean) => void) =>
      followTables({ token, merchant: getMerchantCode(), game, tables: codes, onChange, onLive }),
  };
}
