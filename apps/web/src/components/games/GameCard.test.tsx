import { defaultFeatureFlags, type GameItem } from '@sea/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useGameLaunch } from '../../state/game-launch.ts';
import { useSession } from '../../state/session.ts';
import { useUi } from '../../state/ui.ts';
import { game } from '../../test/games.ts';
import { ok, server } from '../../test/server.ts';
import { FAVOURITE_THROTTLE_MS, GameCard } from './GameCard.tsx';

function renderCard(g: GameItem, flags: Partial<ReturnType<typeof defaultFeatureFlags>> = {}) {
  server.use(http.get('*/wps/system/whitelabel', () => ok({ ...defaultFeatureFlags(), ...flags })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <GameCard game={g} />
    </QueryClientProvider>,
  );
  return screen.getByRole('article', { name: g.displayName });
}

afterEach(() => {
  useGameLaunch.getState().close();
  vi.restoreAllMocks();
});

describe('game card', { timeout: 20_000 }, () => {
  it("shows the game's name while its image loads, the image once loaded, and a named tile when it fails", async () => {
    const card = renderCard(game());
    const art = card.querySelector('.game-art')!;
    const img = card.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/game-icons/slot-lucky-dragon.svg');
    expect(art.hasAttribute('data-fallback')).toBe(false);
    expect(art.querySelector('.game-art__name')!.textContent).toBe('Lucky Dragon');
    fireEvent.load(img);
    await waitFor(() => expect(art.querySelector('.game-art__name')).toBeNull());
    fireEvent.error(img);
    await waitFor(() => expect(art.getAttribute('data-fallback')).toBe('true'));
    // No generic picture: the tile names the game.
    expect(card.querySelector('img')).toBeNull();
    expect(art.querySelector('.game-art__name')!.textContent).toBe('Lucky Dragon');
    expect(within(card).getByRole('heading', { name: 'Lucky Dragon' })).toBeTruthy();
    expect(within(card).getByText('SEA Games')).toBeTruthy();
  });

  it("shows a tile with the game's name when the game has no image", () => {
    const card = renderCard(game({ iconUrl: null }));
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('.game-art[data-fallback]')!.textContent).toBe('Lucky Dragon');
  });

  it('a game in maintenance shows the badge and cannot be started', async () => {
    useSession.getState().setToken('t'.repeat(43));
    const card = renderCard(game({ maintenance: true }), { FREEPLAY3: true });
    expect(within(card).getByText('Maintenance')).toBeTruthy();
    const start = within(card).getByRole('button', { name: 'Start now' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    await userEvent.click(start);
    expect(useGameLaunch.getState().target).toBeNull();
  });

  it('offers a free trial only when the game supports it and FREEPLAY3 is on', async () => {
    let card = renderCard(game({ supportPlay: 0 }), { FREEPLAY3: true });
    expect(await within(card).findByRole('button', { name: 'Free trial' })).toBeTruthy();
    document.body.innerHTML = '';
    card = renderCard(game({ supportPlay: 1 }), { FREEPLAY3: true });
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Start now' })).toBeTruthy());
    expect(within(card).queryByRole('button', { name: 'Free trial' })).toBeNull();
    document.body.innerHTML = '';
    card = renderCard(game({ supportPlay: 0 }), { FREEPLAY3: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(within(card).queryByRole('button', { name: 'Free trial' })).toBeNull();
  });

  it('start opens the game popup when logged in, the login popup when not', async () => {
    const card = renderCard(game(), { FREEPLAY3: true });
    await userEvent.click(within(card).getByRole('button', { name: 'Start now' }));
    expect(useUi.getState().dialog).toBe('login');
    expect(useGameLaunch.getState().target).toBeNull();
    useUi.getState().close();
    useSession.getState().setToken('t'.repeat(43));
    await userEvent.click(within(card).getByRole('button', { name: 'Start now' }));
    expect(useGameLaunch.getState().target).toMatchObject({ nodeId: '11', freePlay: false });
    await userEvent.click(await within(card).findByRole('button', { name: 'Free trial' }));
    expect(useGameLaunch.getState().target).toMatchObject({ nodeId: '11', freePlay: true });
  });

  it('the heart needs login, and toggles a favourite at most once per second', async () => {
    const calls: string[] = [];
    let favs: string[] = [];
    server.use(
      http.get('*/wps/game/favourites/ids', () => ok({ favGameIds: favs })),
      http.post('*/wps/game/favourites', async ({ request }) => {
        const body = (await request.json()) as { nodeId: string; vendor: string; gameType: string };
        calls.push(`add ${body.nodeId} ${body.vendor} ${body.gameType}`);
        favs = [body.nodeId];
        return ok({ favGameIds: favs });
      }),
      http.delete('*/wps/game/favourites', async ({ request }) => {
        const body = (await request.json()) as { nodeId: string };
        calls.push(`remove ${body.nodeId}`);
        favs = [];
        return ok({ favGameIds: favs });
      }),
    );
    const card = renderCard(game());
    const heart = within(card).getByRole('button', { name: 'Favourite: Lucky Dragon' });
    await userEvent.click(heart);
    expect(useUi.getState().dialog).toBe('login');
    expect(calls).toEqual([]);

    useSession.getState().setToken('t'.repeat(43));
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    await userEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    now += FAVOURITE_THROTTLE_MS - 1;
    await userEvent.click(heart); // within the second: ignored
    await userEvent.click(heart);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual(['add 11 SEA RNG']);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    now += 1;
    await userEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    expect(calls).toEqual(['add 11 SEA RNG', 'remove 11']);
  });

  it('our own lottery game (SEA, ELOTT) opens its page instead of the game popup; logged out, the login popup', async () => {
    server.use(http.get('*/wps/system/whitelabel', () => ok(defaultFeatureFlags())));
    const g = game({ nodeId: '51', displayName: 'Fast 5D · 1 min', gameType: 'ELOTT', gameCode: 'elott-ssc-1m' });
    const router = createMemoryRouter(
      [
        { path: '/', element: <GameCard game={g} /> },
        { path: '/lottery/:gameCode', element: <p>lottery page</p> },
      ],
      { initialEntries: ['/'] },
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const card = screen.getByRole('article', { name: 'Fast 5D · 1 min' });
    expect(within(card).queryByRole('button', { name: 'Free trial' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Start now' }));
    expect(useUi.getState().dialog).toBe('login');
    useUi.getState().close();
    useSession.getState().setToken('t'.repeat(43));
    await userEvent.click(within(card).getByRole('button', { name: 'Start now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lottery/elott-ssc-1m'));
    expect(useGameLaunch.getState().target).toBeNull();
    useSession.getState().clear();
  });
});
