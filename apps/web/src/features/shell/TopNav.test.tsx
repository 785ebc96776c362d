import { NAV_DROPDOWN_TILES } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useGameLaunch } from '../../state/game-launch.ts';
import { useSession } from '../../state/session.ts';
import { menus, vendor } from '../../test/games.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

describe('top navigation', { timeout: 20_000 }, () => {
  it('lists home, the categories that have vendors, hot games and promotions; a drop-down holds ≤ 11 vendor tiles and "more"', async () => {
    const many = Array.from({ length: 13 }, (_, i) =>
      vendor({ vassalage: `V${i}`, displayName: `Vendor ${i}`, firstGameId: String(100 + i) }),
    );
    server.use(
      http.get('*/lgw/games/game_menus', () =>
        ok(menus({ RNG: many, LOTT: [vendor({ vassalage: 'L1', displayName: 'Lotto One' })], ELOTT: [vendor()] })),
      ),
    );
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Live casino' })).toBeNull());
    const top = [...nav.querySelectorAll(':scope > ul > li > a')].map((a) => a.textContent);
    expect(top).toEqual(['Home', 'Slots', 'Lottery', 'Hot games', 'Promotions']);

    const slots = within(nav).getByRole('list', { name: 'Slots vendors' });
    const tiles = within(slots).getAllByRole('listitem');
    expect(tiles).toHaveLength(NAV_DROPDOWN_TILES + 1);
    // A game starts only from its card: a vendor tile opens the centre on that vendor.
    expect(within(slots).queryAllByRole('button')).toEqual([]);
    expect(
      within(slots)
        .getAllByRole('link')
        .slice(0, NAV_DROPDOWN_TILES)
        .map((b) => b.getAttribute('href')),
    ).toEqual(many.slice(0, 11).map((v) => `/rng?vendor=${v.vassalage}`));
    expect(within(slots).getByRole('link', { name: 'More' }).getAttribute('href')).toBe('/rng');
    // LOTT and ELOTT share the Lottery entry and its drop-down; every tile of it opens the lottery lobby.
    const lottery = within(nav).getByRole('list', { name: 'Lottery vendors' });
    expect(within(lottery).getByRole('link', { name: 'Play SEA Games' }).getAttribute('href')).toBe('/lottery');
    expect(within(lottery).getByRole('link', { name: 'Play Lotto One' }).getAttribute('href')).toBe('/lottery');
    expect(within(nav).getByRole('link', { name: 'Lottery' }).getAttribute('href')).toBe('/lottery');
  });

  it('keeps the fixed entries while the menus cannot be read', async () => {
    server.use(http.get('*/lgw/games/game_menus', () => new Response(null, { status: 502 })));
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Live casino' }).getAttribute('href')).toBe('/live');
    await new Promise((r) => setTimeout(r, 100));
    expect(within(nav).getByRole('link', { name: 'Cockfight' })).toBeTruthy();
  });

  it('"Lottery" and "Esports" open their centres, whoever their first vendor is: no game starts from the bar', async () => {
    server.use(
      http.get('*/lgw/games/game_menus', () =>
        ok(
          menus({
            LOTT: [vendor({ vassalage: 'L1', displayName: 'Lotto One', firstGameId: '7' })],
            ELOTT: [vendor()],
            ESPORTS: [vendor({ vassalage: 'E1', displayName: 'Esports One', firstGameId: '8' })],
          }),
        ),
      ),
    );
    useSession.getState().setToken('t'.repeat(43));
    server.use(
      http.get('*/lgw/lottery/lobby', () =>
        ok({ serverTime: new Date().toISOString(), exponent: 2, currency: 'PHP', games: [] }),
      ),
    );
    const router = renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).queryByRole('list', { name: 'Lottery vendors' })).toBeTruthy());
    await userEvent.click(within(nav).getByRole('link', { name: 'Lottery' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lottery'));
    expect(useGameLaunch.getState().target).toBeNull();
    await userEvent.click(within(nav).getByRole('link', { name: 'Esports' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/esports'));
    expect(useGameLaunch.getState().target).toBeNull();
    useSession.getState().clear();
  });
});
