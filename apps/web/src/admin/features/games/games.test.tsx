import type { AdminGame, AdminRound, AdminVendor } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, searchOf, server } from '../../test/render-admin.tsx';

const vendor = (over: Partial<AdminVendor> = {}): AdminVendor => ({
  code: 'DEMO',
  name: 'Demo vendor',
  walletMode: 'seamless',
  adapter: 'demo',
  status: 'active',
  maintenance: false,
  sort: 10,
  iconUrl: null,
  launchUrl: null,
  hasWalletSecret: true,
  launchFunding: 'all',
  replaceSessions: true,
  ...over,
});

const game = (over: Partial<AdminGame> = {}): AdminGame => ({
  id: '41',
  vendorCode: 'DEMO',
  gameCode: 'demo-baccarat',
  name: 'Baccarat',
  displayNames: {},
  category: 'LIVE',
  classify: null,
  iconUrl: null,
  supportPlay: false,
  hot: false,
  sort: 3,
  status: 'active',
  minBet: '1000',
  maxBet: null,
  lines: null,
  ...over,
});

const gamesMe = meOf({ role: 'games', roleName: 'Games & lottery', permissions: ['games.view', 'games.manage'] });
const viewerMe = meOf({ role: 'risk', roleName: 'Risk', permissions: ['games.view'] });

describe('games screens', () => {
  it('vendors: maintenance through a confirmation, the rotated wallet key shown once', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let current = vendor();
    server.use(
      meHandler(gamesMe),
      http.get('*/admin/api/games/vendors', () => ok([current, vendor({ code: 'SEA', name: 'SEA Games' })])),
      http.patch('*/admin/api/games/vendors/:code', async ({ request }) => {
        await calls.record(request);
        current = { ...current, ...((await request.json()) as Partial<AdminVendor>) };
        return ok(current);
      }),
      http.post('*/admin/api/games/vendors/:code/wallet-secret', async ({ request }) => {
        await calls.record(request);
        return ok({ vendor: 'DEMO', secret: 'new-secret-abc' });
      }),
    );
    renderAdmin('/games/vendors', { token: 't' });
    const row = (await screen.findByText('Demo vendor')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Actions for Demo vendor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Start maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Put Demo vendor into maintenance' });
    await user.click(within(dialog).getByRole('button', { name: 'Start maintenance' }));
    await waitFor(() => expect(calls.calls[0]).toMatchObject({ method: 'PATCH', body: { maintenance: true } }));
    expect(calls.calls[0]!.path).toBe('/admin/api/games/vendors/DEMO');
    await waitFor(() =>
      expect(within(screen.getByText('Demo vendor').closest('tr')!).getByText('Maintenance')).toBeTruthy(),
    );

    await user.click(screen.getByRole('button', { name: 'Actions for Demo vendor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rotate wallet key' }));
    const rotate = await screen.findByRole('dialog', { name: 'Rotate the wallet key of Demo vendor' });
    expect(within(rotate).queryByText('new-secret-abc')).toBeNull();
    await user.click(within(rotate).getByRole('button', { name: 'Rotate wallet key' }));
    expect(await within(rotate).findByText('new-secret-abc')).toBeTruthy();
    expect(within(rotate).getByText(/Shown once/)).toBeTruthy();
    await user.click(within(rotate).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('new-secret-abc')).toBeNull());
  });

  it('vendors: the wallet mode changed after a confirmation that says what happens; a refusal is shown', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let current = vendor({ code: 'DEMOT', name: 'Demo transfer', walletMode: 'transfer' });
    let refuse = true;
    server.use(
      meHandler(gamesMe),
      http.get('*/admin/api/games/vendors', () => ok([current])),
      http.post('*/admin/api/games/vendors/:code/wallet-mode', async ({ request }) => {
        await calls.record(request);
        if (refuse)
          return fail(
            409,
            'vendor_wallet_in_use',
            "2 member(s) still hold money in this vendor's transfer wallets; it must be transferred back first.",
          );
        current = { ...current, walletMode: 'seamless' };
        return ok(current);
      }),
    );
    renderAdmin('/games/vendors', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Demo transfer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Switch to seamless wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Demo transfer to the seamless wallet?' });
    expect(within(dialog).getByText(/Refused while any member still holds money/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Switch to seamless wallet' }));
    expect(await within(dialog).findByText(/2 member\(s\) still hold money/)).toBeTruthy();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Switch to seamless wallet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.at(-1)).toMatchObject({
      path: '/admin/api/games/vendors/DEMOT/wallet-mode',
      body: { walletMode: 'seamless' },
    });
    await waitFor(() => expect(screen.getByRole('row', { name: /Demo transfer/ }).textContent).toMatch(/Seamless/i));
  });

  it('vendors: a viewer sees the list without actions', async () => {
    server.use(
      meHandler(viewerMe),
      http.get('*/admin/api/games/vendors', () => ok([vendor({ maintenance: true })])),
    );
    renderAdmin('/games/vendors', { token: 't' });
    expect(await screen.findByText('Demo vendor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });

  it('games: filters in the URL and the request; limits edited in major units, crossing refused', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(gamesMe),
      http.get('*/admin/api/games/vendors', () => ok([vendor()])),
      http.get('*/admin/api/games', async ({ request }) => {
        await calls.record(request);
        return ok({ total: 1, items: [game()], currency: 'PHP', exponent: 2 });
      }),
      http.patch('*/admin/api/games/:id', async ({ request }) => {
        await calls.record(request);
        return ok(game({ minBet: '500', maxBet: '250000' }));
      }),
    );
    const { router } = renderAdmin('/games?status=active', { token: 't' });
    expect(await screen.findByText('Baccarat')).toBeTruthy();
    expect(calls.calls[0]!.query).toEqual({ status: 'active', pageNo: '1', pageSize: '50' });
    expect(screen.getByText('10.00')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Hot'), 'true');
    await waitFor(() => expect(searchOf(router)).toEqual({ status: 'active', hot: 'true' }));
    await user.type(screen.getByLabelText('Name or code'), 'bacc{Enter}');
    await waitFor(() => expect(calls.calls.at(-1)!.query).toMatchObject({ hot: 'true', name: 'bacc' }));

    await user.click(screen.getByRole('button', { name: 'Edit Baccarat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Baccarat' });
    const min = within(dialog).getByLabelText('Minimum bet (PHP)');
    const max = within(dialog).getByLabelText('Maximum bet (PHP)');
    expect((min as HTMLInputElement).value).toBe('10.00');
    await user.clear(min);
    await user.type(min, '5');
    await user.type(max, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The maximum bet cannot be below the minimum bet')).toBeTruthy();
    expect(calls.calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.clear(max);
    await user.type(max, '2500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/admin/api/games/41',
      body: { minBet: '500', maxBet: '250000', sort: 3, status: 'active', hot: false, supportPlay: false },
    });
  });

  it('games: the server’s field error lands on its field', async () => {
    const user = userEvent.setup();
    server.use(
      meHandler(gamesMe),
      http.get('*/admin/api/games/vendors', () => ok([vendor()])),
      http.get('*/admin/api/games', () => ok({ total: 1, items: [game()], currency: 'PHP', exponent: 2 })),
      http.patch('*/admin/api/games/:id', () =>
        fail(400, 'validation_failed', 'The maximum bet cannot be below the minimum bet.', {
          fields: [{ field: 'maxBet', reason: 'invalid', message: 'Raced: below the new minimum.' }],
        }),
      ),
    );
    renderAdmin('/games', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Edit Baccarat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Baccarat' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Raced: below the new minimum.')).toBeTruthy();
  });

  it('games: an icon uploaded in the edit dialog, previewed, saved with the game; a refused file says why', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    const url = `/media/${'a'.repeat(64)}.png`;
    let refuse = true;
    server.use(
      meHandler(gamesMe),
      http.get('*/admin/api/games/vendors', () => ok([vendor()])),
      http.get('*/admin/api/games', () =>
        ok({ total: 1, items: [game({ iconUrl: '/game-icons/old.svg' })], currency: 'PHP', exponent: 2 }),
      ),
      http.post('*/admin/api/games/icons', () =>
        refuse
          ? fail(415, 'unsupported_media_type', 'Only PNG or JPG images are accepted.')
          : ok({ url, contentType: 'image/png', bytes: 900, width: 256, height: 256 }),
      ),
      http.patch('*/admin/api/games/:id', async ({ request }) => {
        await calls.record(request);
        return ok(game({ iconUrl: url }));
      }),
    );
    renderAdmin('/games', { token: 't' });
    await screen.findByText('Baccarat');
    // The list shows the icon.
    expect(document.querySelector('img.bo-game-icon')?.getAttribute('src')).toBe('/game-icons/old.svg');
    await user.click(screen.getByRole('button', { name: 'Edit Baccarat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Baccarat' });
    const picker = within(dialog).getByLabelText('Icon');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'icon.png', { type: 'image/png' });
    await user.upload(picker, file);
    expect(await within(dialog).findByText('Only PNG or JPG images are accepted.')).toBeTruthy();
    refuse = false;
    await user.upload(picker, file);
    await waitFor(() => expect(within(dialog).getByAltText('Preview of the game icon').getAttribute('src')).toBe(url));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ iconUrl: url });
  });

  it('round lookup: our game’s proof with the verification; a baccarat hand’s shoe proof; a vendor round without; none found', async () => {
    const user = userEvent.setup();
    const base: AdminRound = {
      reference: 'h77',
      vendorCode: 'SEA',
      vendorName: 'SEA Games',
      gameCode: 'slot-lucky-dragon',
      gameName: 'Lucky Dragon',
      category: 'RNG',
      memberAccount: 'member7',
      stake: '2000',
      payout: '5000',
      net: '3000',
      status: 'settled',
      summary: '3 koi on line 7',
      startedAt: '2026-11-28T06:00:00.000Z',
      settledAt: '2026-11-28T06:00:01.000Z',
      currency: 'PHP',
      exponent: 2,
      proof: {
        id: '77',
        gameId: 'slot-lucky-dragon',
        mathVersion: 1,
        status: 'settled',
        freePlay: false,
        bet: { lines: 20, betLevel: 1 },
        holds: null,
        stakeCredits: 20,
        winCredits: 50,
        stake: '2000',
        win: '5000',
        result: { spins: [] },
        nonce: 4,
        clientSeed: 'client-abc',
        serverSeedHash: 'a'.repeat(64),
        serverSeed: 'b'.repeat(64),
        createdAt: '2026-11-28T06:00:00.000Z',
        settledAt: '2026-11-28T06:00:01.000Z',
        verification: { hashMatches: true, resultMatches: true, recomputedWinCredits: 50, error: null },
      },
      tableProof: null,
    };
    const baccarat: AdminRound = {
      ...base,
      reference: 'bk9',
      gameCode: 'baccarat',
      gameName: 'Baccarat',
      category: 'LIVE',
      proof: null,
      tableProof: {
        game: 'baccarat',
        table: 'BAC-2',
        shoeId: '3',
        hand: 4,
        position: 31,
        cards: ['AS', '10H', '5D', 'KC'],
        seedHash: 'c'.repeat(64),
        seed: 'd'.repeat(64),
        verification: { hashMatches: true, cardsMatch: false },
      },
    };
    server.use(
      meHandler(viewerMe),
      http.get('*/admin/api/games/rounds', ({ request }) => {
        const ref = new URL(request.url).searchParams.get('reference');
        if (ref === 'h77') return ok({ items: [base] });
        if (ref === 'bk9') return ok({ items: [baccarat] });
        if (ref === 'r-1') return ok({ items: [{ ...base, reference: 'r-1', vendorCode: 'DEMO', proof: null }] });
        return ok({ items: [] });
      }),
    );
    const { router } = renderAdmin('/games/rounds', { token: 't' });
    const input = await screen.findByLabelText('Round reference');
    await user.type(input, 'a b{Enter}');
    expect(await screen.findByText('Letters, digits and . _ : - only, at most 64')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '#h77{Enter}');
    await waitFor(() => expect(searchOf(router)).toEqual({ ref: 'h77' }));
    const card = await screen.findByRole('region', { name: 'Round h77' });
    expect(within(card).getByText('member7')).toBeTruthy();
    expect(within(card).getByText('50.00 PHP')).toBeTruthy();
    expect(within(card).getByText('b'.repeat(64))).toBeTruthy();
    const checks = within(card).getByTestId('round-verification');
    expect(checks.textContent).toContain('hashes to the commitment shown before play');
    expect(checks.textContent).toContain('equals the stored result');

    await user.clear(input);
    await user.type(input, 'bk9{Enter}');
    const tableCard = await screen.findByRole('region', { name: 'Round bk9' });
    const shoe = within(tableCard).getByRole('region', { name: 'Shoe proof' });
    expect(within(shoe).getByText('AS 10H 5D KC')).toBeTruthy();
    expect(within(shoe).getByText(/Hand 4, from card 31 of the shoe/)).toBeTruthy();
    const shoeChecks = within(shoe).getByTestId('round-verification');
    expect(shoeChecks.textContent).toContain('hashes to the commitment published when the shoe started');
    expect(shoeChecks.textContent).toContain('does NOT deal these cards');

    await user.clear(input);
    await user.type(input, 'r-1{Enter}');
    const vendorCard = await screen.findByRole('region', { name: 'Round r-1' });
    expect(within(vendorCard).getByText(/Only our own games carry a fairness proof/)).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'nothing{Enter}');
    expect(await screen.findByText('No round has the reference nothing.')).toBeTruthy();
  });
});
