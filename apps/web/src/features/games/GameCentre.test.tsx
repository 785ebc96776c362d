import type { GameItem, GamePage } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { game, menus, vendor } from '../../test/games.ts';
import { renderAt } from '../../test/render.tsx';
import { baseStatus, ok, server } from '../../test/server.ts';

/** A catalogue of `games` answered like the server (filters, pages); records every query string. */
function catalogue(games: GameItem[]) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/lgw/games/game_menus', () =>
      ok(
        menus({
          RNG: [vendor(), vendor({ vassalage: 'JILI', displayName: 'JILI Slots', firstGameId: '30' })],
          FISH: [vendor({ vassalage: 'DEMO', displayName: 'Demo vendor', firstGameId: '40' })],
        }),
      ),
    ),
    http.get('*/lgw/games/list', ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push(q);
      const pageNo = Number(q.get('pageNo'));
      const pageSize = Number(q.get('pageSize'));
      const name = q.get('gameName')?.toLowerCase();
      const matching = games.filter(
        (g) =>
          (!q.get('gameType') || g.gameType === q.get('gameType')) &&
          (!q.get('vassalage') || g.vassalage === q.get('vassalage')) &&
          (!q.get('gameClassify') || g.gameClassify === q.get('gameClassify')) &&
          (!q.get('hot') || g.hot) &&
          (!name || g.displayName.toLowerCase().includes(name)),
      );
      const value: GamePage = {
        content: matching.slice((pageNo - 1) * pageSize, pageNo * pageSize),
        pageNum: pageNo,
        pageSize,
        total: matching.length,
        totalPages: Math.max(1, Math.ceil(matching.length / pageSize)),
      };
      return ok(value);
    }),
  );
  return calls;
}

const fish = Array.from({ length: 8 }, (_, i) =>
  game({ nodeId: String(40 + i), displayName: `Fish ${i + 1}`, gameType: 'FISH', vassalage: 'DEMO' }),
);
const slots = [
  game({ nodeId: '11', displayName: 'Lucky Dragon' }),
  game({ nodeId: '12', displayName: 'Jacks or Better', gameClassify: 'VP', hot: true }),
  game({ nodeId: '13', displayName: 'Lucky Match', gameClassify: 'SC' }),
  game({ nodeId: '30', displayName: 'Fortune Gems', vassalage: 'JILI', vendorName: 'JILI Slots', hot: true }),
];

const cards = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

describe('game centres', { timeout: 20_000 }, () => {
  it('a centre lists its category 6 games a page, with pages', async () => {
    const calls = catalogue([...fish, ...slots]);
    renderAt('/fish');
    expect(await screen.findByRole('heading', { name: 'Fishing', level: 1 }, { timeout: 5000 })).toBeTruthy();
    await screen.findByText('8 games');
    expect(cards()).toEqual(['Fish 1', 'Fish 2', 'Fish 3', 'Fish 4', 'Fish 5', 'Fish 6']);
    expect(calls.at(-1)!.get('gameType')).toBe('FISH');
    expect(calls.at(-1)!.get('pageSize')).toBe('6');
    const pager = screen.getByRole('navigation', { name: 'Game pages' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(cards()).toEqual(['Fish 7', 'Fish 8']));
    expect(calls.at(-1)!.get('pageNo')).toBe('2');
    expect(within(pager).getByText('Page 2 of 2')).toBeTruthy();
  });

  it('the slots centre filters by vendor, by game type (SC/VP/JP/TG/AC/BG) and by name', async () => {
    const calls = catalogue(slots);
    const router = renderAt('/rng');
    await screen.findByText('4 games');
    expect(calls.at(-1)!.get('pageSize')).toBe('42');

    const vendors = screen.getByRole('group', { name: 'Vendors' });
    expect(
      within(vendors)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All vendors', 'SEA Games', 'JILI Slots']);
    await userEvent.click(within(vendors).getByRole('button', { name: 'JILI Slots' }));
    await waitFor(() => expect(cards()).toEqual(['Fortune Gems']));
    expect(calls.at(-1)!.get('vassalage')).toBe('JILI');
    expect(router.state.location.search).toBe('?vendor=JILI');
    await userEvent.click(within(vendors).getByRole('button', { name: 'All vendors' }));

    const types = screen.getByRole('group', { name: 'Game types' });
    // TY is enabled in the test merchant, so bingo is offered (spec §9).
    expect(
      within(types)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All types', 'Scratch', 'Video poker', 'Jackpot', 'Table games', 'Arcade', 'Bingo']);
    await userEvent.click(within(types).getByRole('button', { name: 'Video poker' }));
    await waitFor(() => expect(cards()).toEqual(['Jacks or Better']));
    expect(calls.at(-1)!.get('gameClassify')).toBe('VP');
    expect(within(types).getByRole('button', { name: 'Video poker' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(types).getByRole('button', { name: 'Jackpot' }));
    expect(await screen.findByText('No games here yet.')).toBeTruthy();
    await userEvent.click(within(types).getByRole('button', { name: 'All types' }));
    await screen.findByText('4 games');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search games' }), 'lucky');
    await waitFor(() => expect(cards()).toEqual(['Lucky Dragon', 'Lucky Match']));
    expect(calls.at(-1)!.get('gameName')).toBe('lucky');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search games' }), 'zzz');
    expect(await screen.findByText('No game matches “luckyzzz”.')).toBeTruthy();
  });

  it('bingo is not offered when TY is not enabled', async () => {
    catalogue(slots);
    renderAt('/rng', { ...baseStatus, languages: ['en'] });
    const types = await screen.findByRole('group', { name: 'Game types' });
    expect(within(types).queryByRole('button', { name: 'Bingo' })).toBeNull();
  });

  it('/hot lists the hot games', async () => {
    const calls = catalogue(slots);
    renderAt('/hot');
    expect(await screen.findByRole('heading', { name: 'Hot games', level: 1 })).toBeTruthy();
    await screen.findByText('2 games');
    expect(cards()).toEqual(['Jacks or Better', 'Fortune Gems']);
    expect(calls.at(-1)!.get('hot')).toBe('true');
    expect(calls.at(-1)!.has('gameType')).toBe(false);
  });

  it('a failed list shows an error with a retry that works', async () => {
    let fail = true;
    server.use(
      http.get('*/lgw/games/list', () =>
        fail
          ? HttpResponse.json(
              { success: false, code: 'service_unavailable', message: 'x', value: null },
              { status: 503 },
            )
          : ok({ content: [game()], pageNum: 1, pageSize: 6, total: 1, totalPages: 1 }),
      ),
    );
    renderAt('/live');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service is temporarily unavailable');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Lucky Dragon' })).toBeTruthy();
  });
});
