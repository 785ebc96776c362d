import type { LaunchResult } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { useUi } from '../../state/ui.ts';
import { game, menus, vendor } from '../../test/games.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const launched: LaunchResult = {
  url: '/play/slot-lucky-dragon?token=abc&lang=en',
  gameName: 'Lucky Dragon',
  displayName: 'Lucky Dragon',
  vassalage: 'SEA',
  vendorName: 'SEA Games',
  walletMode: 'seamless',
  freePlay: false,
};

function setup(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.get('*/lgw/games/game_menus', () =>
      ok(
        menus({
          RNG: [vendor()],
          ESPORTS: [vendor({ vassalage: 'DEMO', displayName: 'Demo vendor', firstGameId: '50' })],
        }),
      ),
    ),
    http.get('*/lgw/games/list', () => ok({ content: [game()], pageNum: 1, pageSize: 42, total: 1, totalPages: 1 })),
    http.post('*/wps/game/launchGame', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

/** The first open of a centre loads its chunk (slow in a cold test run). */
const startButton = () => screen.findByRole('button', { name: 'Start now' }, { timeout: 5000 });

const fail = (code: string, status: number, message = 'x') =>
  HttpResponse.json({ success: false, code, message, value: null }, { status });

describe('game popup', { timeout: 20_000 }, () => {
  it('launches the game and shows its URL in an iframe; Escape and the close button close it', async () => {
    const bodies = setup(() => ok(launched));
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/rng');
    await userEvent.click(await startButton());
    const dialog = await screen.findByRole('dialog', { name: /Lucky Dragon/ });
    const frame = await within(dialog).findByTitle('Lucky Dragon');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/play/slot-lucky-dragon?token=abc&lang=en');
    expect(bodies).toEqual([{ nodeId: '11', freePlay: false, device: 'desktop', language: 'en' }]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(await startButton());
    const again = await screen.findByRole('dialog', { name: /Lucky Dragon/ });
    await within(again).findByTitle('Lucky Dragon');
    expect(bodies).toHaveLength(2); // a new start is a new game session
    await userEvent.click(within(again).getByRole('button', { name: 'Close the game' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a game in maintenance shows its message; a trial account is told a real account is needed', async () => {
    let answer = () => fail('game_maintenance', 503);
    setup(() => answer());
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/rng');
    await userEvent.click(await startButton());
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This game is under maintenance. Please try again later.',
    );
    expect(within(dialog).queryByTitle('Lucky Dragon')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    answer = () => fail('in_need_true_account', 403);
    await userEvent.click(await startButton());
    expect((await screen.findByRole('alert')).textContent).toContain('A real account is needed for this.');
  });

  it('an expired login closes the popup and opens the login popup', async () => {
    setup(() => fail('unauthorized', 401));
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/rng');
    await userEvent.click(await startButton());
    await waitFor(() => expect(useUi.getState().dialog).toBe('login'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('the esports nav entry opens the esports centre: no game starts from the navigation (issue 28)', async () => {
    const bodies = setup(() => ok({ ...launched, displayName: 'Demo Esports', vendorName: 'Demo vendor' }));
    useSession.getState().setToken('t'.repeat(43));
    const router = renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Live casino' })).toBeNull());
    expect(within(nav).getAllByRole('link', { name: /^(Home|Slots|Esports|Hot games|Promotions)$/ })).toHaveLength(5);
    await userEvent.click(within(nav).getByRole('link', { name: 'Esports' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/esports'));
    expect(screen.queryByRole('dialog', { name: /Demo Esports/ })).toBeNull();
    expect(bodies).toEqual([]);
  });

  it('a transfer-wallet vendor asks how much to bring first; the launch carries the amount', async () => {
    const bodies = setup(() => ok({ ...launched, vassalage: 'DEMOT', walletMode: 'transfer' }));
    server.use(
      http.get('*/lgw/games/list', () =>
        ok({ content: [game({ vassalage: 'DEMOT' })], pageNum: 1, pageSize: 42, total: 1, totalPages: 1 }),
      ),
      http.get('*/wps/relay/GCS_merchantWallet', () =>
        ok({
          merchantCode: 'demo',
          currency: 'PHP',
          exponent: 2,
          singleWallet: false,
          transferVendors: [{ vendorCode: 'DEMOT', vendorName: 'Demo transfer' }],
        }),
      ),
      http.get('*/wps/v2/wallets/balance', () =>
        ok({
          currency: 'PHP',
          exponent: 2,
          main: { balance: '12550', available: '12550' },
          vendors: [{ vendorCode: 'DEMOT', vendorName: 'Demo transfer', balance: '300' }],
        }),
      ),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/rng');
    await userEvent.click(await startButton());
    const dialog = await screen.findByRole('dialog', { name: /Lucky Dragon/ });
    expect(await within(dialog).findByRole('heading', { name: 'Bring money to Demo transfer' })).toBeTruthy();
    expect(dialog.textContent).toContain('PHP 125.50');
    expect(dialog.textContent).toContain('PHP 3.00');
    expect(bodies).toEqual([]); // nothing launched (nor moved) before the player chooses

    const amount = within(dialog).getByLabelText('Amount to bring (PHP)');
    await userEvent.type(amount, '200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the game' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your main wallet holds less than that.');
    expect(bodies).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'All' }));
    expect((amount as HTMLInputElement).value).toBe('125.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the game' }));
    await within(dialog).findByTitle('Lucky Dragon');
    expect(bodies).toEqual([expect.objectContaining({ nodeId: '11', transferAmount: '125.50' })]);
  });

  it('a transfer-wallet game started with an empty amount brings nothing (transferAmount 0)', async () => {
    const bodies = setup(() => ok(launched));
    server.use(
      http.get('*/lgw/games/list', () =>
        ok({ content: [game({ vassalage: 'DEMOT' })], pageNum: 1, pageSize: 42, total: 1, totalPages: 1 }),
      ),
      http.get('*/wps/relay/GCS_merchantWallet', () =>
        ok({
          merchantCode: 'demo',
          currency: 'PHP',
          exponent: 2,
          singleWallet: false,
          transferVendors: [{ vendorCode: 'DEMOT', vendorName: 'Demo transfer' }],
        }),
      ),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/rng');
    await userEvent.click(await startButton());
    const dialog = await screen.findByRole('dialog', { name: /Lucky Dragon/ });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Start the game' }));
    await within(dialog).findByTitle('Lucky Dragon');
    expect(bodies).toEqual([expect.objectContaining({ transferAmount: '0' })]);
  });
});
