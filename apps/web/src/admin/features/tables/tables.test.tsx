import type { AdminBaccaratTable, AdminSabongArena } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, server } from '../../test/render-admin.tsx';

const table = (over: Partial<AdminBaccaratTable> = {}): AdminBaccaratTable => ({
  code: 'BAC-1',
  name: 'Baccarat 1',
  status: 'open',
  variant: 'commission',
  minBet: '1000',
  maxBet: '5000000',
  roundMax: '100000000',
  bettingSeconds: 15,
  pending: null,
  round: { id: '41', hand: 7, phase: 'betting', inPlay: true },
  shoe: { id: '3', hands: 6, ending: false },
  ...over,
});
const arena = (over: Partial<AdminSabongArena> = {}): AdminSabongArena => ({
  code: 'ARENA-1',
  name: 'Arena 1',
  status: 'open',
  plasadaBps: 500,
  bettingSeconds: 30,
  minBet: '2000',
  maxBet: '5000000',
  fightMax: '250000000',
  minPayout: 107,
  pending: null,
  fight: { id: '9', fightNo: 4, phase: 'fighting', inPlay: true },
  ...over,
});

const listHandlers = (tables: AdminBaccaratTable[], arenas: AdminSabongArena[]) => [
  http.get('*/admin/api/baccarat/tables', () => ok({ currency: 'PHP', exponent: 2, items: tables })),
  http.get('*/admin/api/sabong/arenas', () => ok({ currency: 'PHP', exponent: 2, items: arenas })),
];

describe('back office: tables and arenas', () => {
  it('lists tables and arenas with their state, round, shoe, limits and pending settings', async () => {
    server.use(
      meHandler(),
      ...listHandlers(
        [
          table(),
          table({
            code: 'BAC-2',
            name: 'Baccarat 2',
            status: 'closed',
            pending: {
              variant: 'no-commission',
              minBet: '5000',
              maxBet: '100000',
              roundMax: '2000000',
              bettingSeconds: 20,
            },
          }),
        ],
        [arena()],
      ),
    );
    renderAdmin('/games/tables', { token: 't' });
    const row = await screen.findByRole('row', { name: /Baccarat 1/ });
    expect(within(row).getByText('Open')).toBeTruthy();
    expect(within(row).getByText('Hand 7')).toBeTruthy();
    expect(within(row).getByText('Betting')).toBeTruthy();
    expect(within(row).getByText('#3 · hands: 6')).toBeTruthy();
    const closing = screen.getByRole('row', { name: /Baccarat 2/ });
    expect(within(closing).getByText('Closing after this round')).toBeTruthy();
    expect(within(closing).getByText(/From the next round: 50\.00 – 1,000\.00/)).toBeTruthy();
    expect(within(closing).getByRole('button', { name: /Open/ })).toBeTruthy();
    const fight = screen.getByRole('row', { name: /Arena 1/ });
    expect(within(fight).getByText('Fight 4')).toBeTruthy();
    expect(within(fight).getByText('5 %')).toBeTruthy();
    expect(within(fight).getByRole('button', { name: /Cancel fight/ })).toBeTruthy();
  });

  it('a viewer without games.manage sees no actions; a failed list shows its error', async () => {
    server.use(meHandler(meOf({ permissions: ['games.view'] })), ...listHandlers([table()], []));
    renderAdmin('/games/tables', { token: 't' });
    const row = await screen.findByRole('row', { name: /Baccarat 1/ });
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.getByText('No sabong arenas yet.')).toBeTruthy();
  });

  it('table settings: checked in the form, sent in minor units, the server’s field errors on their fields', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      ...listHandlers([table()], [arena()]),
      http.put('*/admin/api/baccarat/tables/:code/settings', async ({ request }) => {
        await calls.record(request);
        return fail(400, 'validation_failed', 'At most 60 seconds.', {
          in: 'body',
          fields: [{ field: 'bettingSeconds', reason: 'too_big', message: 'At most 60 seconds.' }],
        });
      }),
    );
    renderAdmin('/games/tables', { token: 't' });
    const row = await screen.findByRole('row', { name: /Baccarat 1/ });
    await user.click(within(row).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings of Baccarat 1' });
    const max = within(dialog).getByLabelText('Maximum bet');
    await user.clear(max);
    await user.type(max, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The maximum bet must be at least the minimum.')).toBeTruthy();
    expect(calls.calls).toHaveLength(0);
    await user.clear(max);
    await user.type(max, '2000.50');
    await user.selectOptions(within(dialog).getByLabelText('Commission'), 'no-commission');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 60 seconds.')).toBeTruthy();
    expect(calls.calls[0]).toMatchObject({
      path: '/admin/api/baccarat/tables/BAC-1/settings',
      body: { variant: 'no-commission', minBet: '1000', maxBet: '200050', roundMax: '100000000', bettingSeconds: 15 },
    });
  });

  it('close asks first; cancel a round asks for a reason and sends it', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      ...listHandlers([table()], [arena()]),
      http.post('*/admin/api/baccarat/tables/:code/close', async ({ request }) => {
        await calls.record(request);
        return ok(table({ status: 'closed' }));
      }),
      http.post('*/admin/api/baccarat/rounds/:id/cancel', async ({ request }) => {
        await calls.record(request);
        return ok({ roundId: '41', refunded: 3 });
      }),
    );
    renderAdmin('/games/tables', { token: 't' });
    const row = await screen.findByRole('row', { name: /Baccarat 1/ });
    await user.click(within(row).getByRole('button', { name: /^Close/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Close Baccarat 1?' });
    expect(within(confirm).getByText(/The round in play finishes/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Close after this round' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls[0]!.path).toBe('/admin/api/baccarat/tables/BAC-1/close');

    await user.click(within(row).getByRole('button', { name: /Cancel round/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Baccarat 1, hand 7?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel round' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy(); // a reason is required
    await user.type(within(dialog).getByRole('textbox'), 'Card misdealt');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel round' }));
    await waitFor(() => expect(calls.calls).toHaveLength(2));
    expect(calls.calls[1]).toMatchObject({
      path: '/admin/api/baccarat/rounds/41/cancel',
      body: { reason: 'Card misdealt' },
    });
  });

  it('arena settings: plasada in percent sent as basis points', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      ...listHandlers([], [arena()]),
      http.put('*/admin/api/sabong/arenas/:code/settings', async ({ request }) => {
        await calls.record(request);
        return ok(arena());
      }),
    );
    renderAdmin('/games/tables', { token: 't' });
    expect(await screen.findByText('No baccarat tables yet.')).toBeTruthy();
    const row = await screen.findByRole('row', { name: /Arena 1/ });
    await user.click(within(row).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings of Arena 1' });
    const plasada = within(dialog).getByLabelText('Plasada (%)');
    await user.clear(plasada);
    await user.type(plasada, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter 0 to 15 (up to two decimals).')).toBeTruthy();
    await user.clear(plasada);
    await user.type(plasada, '7.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.calls).toHaveLength(1));
    expect(calls.calls[0]!.body).toEqual({
      plasadaBps: 750,
      bettingSeconds: 30,
      minBet: '2000',
      maxBet: '5000000',
      fightMax: '250000000',
      minPayout: 107,
    });
  });
});
