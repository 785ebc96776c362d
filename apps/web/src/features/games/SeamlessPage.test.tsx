import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { useUi } from '../../state/ui.ts';
import { game } from '../../test/games.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

describe('/seamless game page', { timeout: 20_000 }, () => {
  it('asks a visitor to log in', async () => {
    renderAt('/seamless?nodeId=11');
    await screen.findByRole('heading', { name: 'Games', level: 1 }, { timeout: 5000 });
    await userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' }));
    expect(useUi.getState().dialog).toBe('login');
  });

  it('with ?nodeId= the game fills the page (free trial with freePlay=1)', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/wps/game/launchGame', async ({ request }) => {
        bodies.push(await request.json());
        return ok({
          url: '/play/scratch-lucky-match?token=t&lang=en',
          gameName: 'Lucky Match',
          displayName: 'Lucky Match',
          vassalage: 'SEA',
          vendorName: 'SEA Games',
          walletMode: 'seamless',
          freePlay: true,
        });
      }),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/seamless?nodeId=13&freePlay=1');
    const frame = await screen.findByTitle('Lucky Match', {}, { timeout: 5000 });
    expect(frame.getAttribute('src')).toBe('/play/scratch-lucky-match?token=t&lang=en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lucky Match · SEA Games');
    expect(bodies).toEqual([expect.objectContaining({ nodeId: '13', freePlay: true })]);
  });

  it('without a game: the member’s favourites and recent games, with empty states', async () => {
    server.use(
      http.get('*/wps/game/favourites', () =>
        ok({ content: [game({ displayName: 'Lucky Dragon' })], pageNum: 1, pageSize: 6, total: 1, totalPages: 1 }),
      ),
      http.get('*/wps/game/favourites/ids', () => ok({ favGameIds: ['11'] })),
      http.get('*/wps/game/recent', () => ok([])),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/seamless');
    const favourites = await screen.findByRole('region', { name: 'Favourites' }, { timeout: 5000 });
    const card = await within(favourites).findByRole('article', { name: 'Lucky Dragon' });
    const heart = within(card).getByRole('button', { name: 'Favourite: Lucky Dragon' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    const recent = screen.getByRole('region', { name: 'Recently played' });
    expect(await within(recent).findByText('You have not played a game yet.')).toBeTruthy();
  });
});
