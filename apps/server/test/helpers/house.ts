import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { bearer, type Player } from './players.ts';
import type { TestApp } from './test-app.ts';

/** The game codes of our own games (vendor SEA) and their catalogue node ids, read once per file. */
export async function houseGameNodes(t: TestApp): Promise<Record<string, string>> {
  const list = (await t.app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=SEA' })).json().value.content;
  return Object.fromEntries(list.map((g: { gameCode: string; nodeId: string }) => [g.gameCode, g.nodeId]));
}

/** A launch of one of our games for the member: the token of its game page (no session read yet). */
export async function launchHouseGame(
  t: TestApp,
  nodes: Record<string, string>,
  p: Player,
  gameCode: string,
  freePlay = false,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: bearer(p.token),
    payload: { nodeId: nodes[gameCode], freePlay },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().value.url, 'http://site');
  expect(url.pathname).toBe(`/play/${gameCode}`);
  return url.searchParams.get('token')!;
}

/** What a game page calls with its session token (the game pages' API, /house/v1/*). */
export const housePage = (t: TestApp, token: string) => ({
  token,
  session: () => t.app.inject({ method: 'GET', url: '/house/v1/session', headers: { 'x-game-session': token } }),
  play: (bet: Record<string, number>, requestId = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/house/v1/rounds',
      headers: { 'x-game-session': token },
      payload: { requestId, bet },
    }),
  draw: (id: string, holds: boolean[]) =>
    t.app.inject({
      method: 'POST',
      url: `/house/v1/rounds/${id}/draw`,
      headers: { 'x-game-session': token },
      payload: { holds },
    }),
  rotate: (clientSeed?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/house/v1/seed',
      headers: { 'x-game-session': token },
      payload: { clientSeed },
    }),
});
