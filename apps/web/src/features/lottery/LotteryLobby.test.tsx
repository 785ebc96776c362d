import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LotteryLobby } from '../../api/lottery.ts';
import { useSession } from '../../state/session.ts';
import { game } from '../../test/games.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

afterEach(() => useSession.getState().clear());
// No vendors' lotteries unless a test says otherwise.
beforeEach(() =>
  server.use(
    http.get('*/lgw/games/list', () => ok({ content: [], pageNum: 1, pageSize: 24, totalPages: 0, total: 0 })),
  ),
);

function lobby(now = Date.now()): LotteryLobby {
  return {
    serverTime: new Date(now).toISOString(),
    exponent: 2,
    currency: 'PHP',
    games: [
      {
        gameCode: 'elott-ssc-1m',
        name: 'Fast 5D · 1 min',
        kind: 'ssc',
        intervalSeconds: 60,
        current: {
          issueId: '20261126-0961',
          status: 'open',
          closesAt: new Date(now + 65_000).toISOString(),
          drawsAt: new Date(now + 75_000).toISOString(),
        },
        last: { issueId: '20261126-0960', result: [1, 2, 3, 4, 5], drawnAt: new Date(now - 5000).toISOString() },
      },
      {
        gameCode: 'elott-k3-3m',
        name: 'Fast 3 Dice · 3 min',
        kind: 'k3',
        intervalSeconds: 180,
        current: null,
        last: { issueId: '20261126-0300', result: [2, 2, 6], drawnAt: new Date(now - 5000).toISOString() },
      },
    ],
  };
}

describe('lottery lobby', { timeout: 30_000 }, () => {
  it('lists the games with their issue, countdown and last result (balls or dice)', async () => {
    server.use(http.get('*/lgw/lottery/lobby', () => ok(lobby())));
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/lottery');
    const list = await screen.findByTestId('lottery-lobby', {}, { timeout: 10_000 });
    const ssc = within(list).getByRole('listitem', { name: 'Fast 5D · 1 min' });
    expect(within(ssc).getByText('Issue 20261126-0961')).toBeTruthy();
    expect(within(ssc).getByRole('timer').textContent).toMatch(/Closes in01:0[45]/);
    expect(within(ssc).getByLabelText('1 2 3 4 5')).toBeTruthy();
    expect(within(ssc).getByRole('link', { name: 'Play' }).getAttribute('href')).toBe('/lottery/elott-ssc-1m');
    const k3 = within(list).getByRole('listitem', { name: 'Fast 3 Dice · 3 min' });
    expect(within(k3).getByText('No issue open')).toBeTruthy();
    expect(
      within(k3)
        .getAllByRole('img')
        .map((d) => d.getAttribute('aria-label')),
    ).toEqual(['2', '2', '6']);
    expect(within(k3).getByText('Draw every 3 minutes')).toBeTruthy();
  });

  it("is the lottery centre: the Vietnamese and SEA menus, and the vendors' lotteries (not ours) as game cards", async () => {
    const page = (content: unknown[]) =>
      ok({ content, pageNum: 1, pageSize: 24, totalPages: 1, total: content.length });
    server.use(
      http.get('*/lgw/lottery/lobby', () => ok(lobby())),
      http.get('*/lgw/games/list', ({ request }) => {
        const type = new URL(request.url).searchParams.get('gameType');
        if (type === 'LOTT')
          return page([game({ nodeId: '5', displayName: 'Demo Lotto', vassalage: 'DEMO', gameType: 'LOTT' })]);
        return page([
          game({ nodeId: '6', displayName: 'Fast 5D · 1 min', gameType: 'ELOTT', gameCode: 'elott-ssc-1m' }),
          game({ nodeId: '7', displayName: 'Demo Quick Draw', vassalage: 'DEMO', gameType: 'ELOTT' }),
        ]);
      }),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/lottery');
    expect(screen.getByRole('link', { name: /^Vietnamese lottery/ }).getAttribute('href')).toBe('/vnLottery');
    expect(screen.getByRole('link', { name: /^SEA lottery/ }).getAttribute('href')).toBe('/seaLottery');
    const vendors = await screen.findByRole('region', { name: "Vendors' lotteries" }, { timeout: 10_000 });
    expect(
      within(vendors)
        .getAllByRole('article')
        .map((a) => a.querySelector('h3')!.textContent),
    ).toEqual(['Demo Lotto', 'Demo Quick Draw']);
    expect(within(vendors).getAllByRole('button', { name: 'Start now' })).toHaveLength(2);
  });

  it('says so when there are no games, and offers a retry when loading fails', async () => {
    server.use(http.get('*/lgw/lottery/lobby', () => ok({ ...lobby(), games: [] })));
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/lottery');
    expect(await screen.findByText('No lottery games are open right now.', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('a failed load shows an error with a retry', async () => {
    server.use(
      http.get('*/lgw/lottery/lobby', () =>
        HttpResponse.json({ success: false, code: 'internal_error', message: 'Boom', value: null }, { status: 500 }),
      ),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/lottery');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
