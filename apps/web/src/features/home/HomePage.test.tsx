import type { PopularRow } from '@sea/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../state/session.ts';
import { game, menus, vendor } from '../../test/games.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

afterEach(() => vi.unstubAllGlobals());

describe('home game rows', { timeout: 20_000 }, () => {
  it('shows hot games, a row per category (one Lottery row; sports as its books), the winners board and the providers', async () => {
    const six = Array.from({ length: 6 }, (_, i) => game({ nodeId: String(i + 1), displayName: `Slot ${i + 1}` }));
    const rows: PopularRow[] = [
      {
        gameCategory: 'LOTT',
        games: [game({ nodeId: '70', displayName: 'Vendor Lotto', vassalage: 'DEMO', gameType: 'LOTT' })],
        vendors: [vendor({ vassalage: 'DEMO' })],
      },
      {
        gameCategory: 'ELOTT',
        games: [game({ nodeId: '71', displayName: 'Fast 5D', gameType: 'ELOTT', gameCode: 'elott-ssc-1m' })],
        vendors: [vendor()],
      },
      { gameCategory: 'RNG', games: six, vendors: [vendor()] },
      {
        gameCategory: 'SPORTS',
        games: [],
        vendors: [vendor({ vassalage: 'DEMO', displayName: 'Demo vendor', firstGameId: '60' })],
      },
    ];
    server.use(
      http.get('*/lgw/games/popular', () => ok(rows)),
      http.get('*/lgw/games/hot', () => ok([game({ displayName: 'Hot One', hot: true })])),
      http.get('*/lgw/games/game_menus', () =>
        ok(menus({ RNG: [vendor()], SPORTS: [vendor({ vassalage: 'DEMO', displayName: 'Demo vendor' })] })),
      ),
      http.get('*/lgw/games/winners', ({ request }) => {
        expect(new URL(request.url).searchParams.get('limitNum')).toBe('20');
        return ok({
          currency: 'PHP',
          exponent: 2,
          winners: [
            {
              customerName: 'ab***9',
              winAmount: '123456',
              gameName: 'Lucky Dragon',
              iconUrl: null,
              gameType: 'RNG',
              at: '2024-05-01T10:00:00.000Z',
            },
          ],
        });
      }),
    );
    // The winners list is below the fold: it loads once its block comes near the view.
    let reveal: (() => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly cb: (entries: { isIntersecting: boolean }[]) => void) {}
        observe(el: Element) {
          if (el.classList.contains('home__near-winners')) reveal = () => this.cb([{ isIntersecting: true }]);
        }
        disconnect() {}
      },
    );
    renderAt('/');
    const hot = await screen.findByRole('region', { name: 'Hot games' });
    expect(await within(hot).findByRole('article', { name: 'Hot One' })).toBeTruthy();
    // The rows commit one at a time (components/reveal.ts): the first row (Lottery) shows without the later ones.
    expect(await screen.findByRole('region', { name: 'Lottery' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sports' })).toBeNull();
    const slots = await screen.findByRole('region', { name: 'Slots' });
    expect(within(slots).getAllByRole('article')).toHaveLength(6);
    expect(within(slots).getByRole('link', { name: 'More Slots' }).getAttribute('href')).toBe('/rng');
    // LOTT and ELOTT are one "Lottery" row (our draws first), opening the lottery lobby.
    const lottery = screen.getAllByRole('region', { name: 'Lottery' });
    expect(lottery).toHaveLength(1);
    expect(
      within(lottery[0])
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toEqual(['game-71-name', 'game-70-name']);
    expect(within(lottery[0]).getByRole('link', { name: 'More Lottery' }).getAttribute('href')).toBe('/lottery');
    // The rows commit one after another (components/reveal.ts), each after the previous has painted.
    const sports = await screen.findByRole('region', { name: 'Sports' });
    expect(within(sports).queryByRole('article')).toBeNull();
    expect(
      within(sports)
        .getByRole('link', { name: /Demo vendor/ })
        .getAttribute('href'),
    ).toBe('/sports?vendor=DEMO');
    // No winners block (not even its heading) until it is near the view and has wins.
    await waitFor(() => expect(reveal).toBeDefined());
    expect(screen.queryByRole('region', { name: 'Latest winners' })).toBeNull();
    act(() => reveal!());
    const winners = await screen.findByRole('region', { name: 'Latest winners' });
    expect(await within(winners).findByText('ab***9')).toBeTruthy();
    expect(within(winners).getByText('1,234.56')).toBeTruthy();
    const providers = await screen.findByRole('region', { name: 'Game providers' });
    expect(within(providers).getByRole('button', { name: 'Play Demo vendor' })).toBeTruthy();
    expect(within(providers).getByRole('button', { name: 'Play SEA Games' })).toBeTruthy();
  });

  it('a provider tile launches the vendor (spec §2): its first game in the popup; our own lottery opens /lottery', async () => {
    const launches: unknown[] = [];
    server.use(
      http.get('*/lgw/games/popular', () => ok([])),
      http.get('*/lgw/games/hot', () => ok([])),
      http.get('*/lgw/games/winners', () => ok({ currency: 'PHP', exponent: 2, winners: [] })),
      http.get('*/lgw/games/game_menus', () =>
        ok(
          menus({
            ELOTT: [vendor({ vassalage: 'SEA', firstGameId: '90' })],
            LIVE: [vendor({ vassalage: 'DEMO', displayName: 'Demo vendor', firstGameId: null })],
            SPORTS: [vendor({ vassalage: 'DEMO', displayName: 'Demo vendor', firstGameId: '61' })],
          }),
        ),
      ),
      http.post('*/wps/game/launchGame', async ({ request }) => {
        launches.push(await request.json());
        return ok({
          url: '/demo-vendor/play/demo-football?s=x&lang=en',
          gameName: 'Demo Football',
          displayName: 'Demo Football',
          vassalage: 'DEMO',
          vendorName: 'Demo vendor',
          walletMode: 'seamless',
          freePlay: false,
        });
      }),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/');
    const providers = await screen.findByRole('region', { name: 'Game providers' });
    expect(within(providers).getByRole('link', { name: 'Play SEA Games' }).getAttribute('href')).toBe('/lottery');
    await userEvent.click(within(providers).getByRole('button', { name: 'Play Demo vendor' }));
    expect(await screen.findByRole('dialog', { name: /Demo Football/ })).toBeTruthy();
    expect(launches).toEqual([expect.objectContaining({ nodeId: '61' })]);
  });
});
