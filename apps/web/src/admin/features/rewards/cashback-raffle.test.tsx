import type { AdminCashbackProgramme, RaffleSummary } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, server } from '../../test/render-admin.tsx';

const money = { currency: 'PHP', exponent: 2 };
const rewardsStaff = meOf({ role: 'rewards', permissions: ['rewards.view', 'rewards.manage'] });
const programme = (over: Partial<AdminCashbackProgramme> = {}): AdminCashbackProgramme => ({
  id: '1',
  title: 'Daily slots cashback',
  period: 'daily',
  payAs: 'cash',
  bonusTerms: null,
  percentBp: 1000,
  minNetLoss: '1000',
  cap: '5000',
  categories: ['SLOT'],
  active: true,
  createdAt: '2026-11-28T04:00:00.000Z',
  ...over,
});
const raffle = (over: Partial<RaffleSummary> = {}): RaffleSummary => ({
  id: '7',
  title: 'Weekend raffle',
  startsAt: '2026-11-28T00:00:00.000Z',
  endsAt: '2026-11-29T00:00:00.000Z',
  drawAt: '2026-11-29T00:00:00.000Z',
  turnoverPerTicket: '10000',
  maxTickets: 5,
  categories: [],
  prizes: ['10000', '5000'],
  status: 'drawn',
  seedHash: 'f'.repeat(64),
  seed: 'e'.repeat(64),
  drawnAt: '2026-11-29T00:00:10.000Z',
  entrants: 2,
  tickets: 8,
  payAs: 'cash',
  bonusTerms: null,
  ...over,
});

describe('cashback programmes', () => {
  it('lists programmes and runs; a new one is checked, sent in minor units and basis points; server field errors land on the field', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let refuse = true;
    server.use(
      meHandler(rewardsStaff),
      http.get('*/admin/api/cashback/programmes', () => ok({ list: [programme()], ...money })),
      http.get('*/admin/api/cashback/runs', () =>
        ok({
          list: [
            {
              id: '3',
              programmeId: '1',
              title: 'Daily slots cashback',
              periodKey: '2026-11-27',
              members: 4,
              total: '12000',
              ranAt: '2026-11-28T16:10:00.000Z',
            },
          ],
          total: 1,
          pageNo: 1,
          pageSize: 20,
          ...money,
        }),
      ),
      http.post('*/admin/api/cashback/programmes', async ({ request }) => {
        await calls.record(request);
        if (refuse) {
          refuse = false;
          return fail(400, 'validation_failed', 'Some fields are not valid.', {
            fields: [{ field: 'percentBp', message: 'At most 100 %.' }],
          });
        }
        return ok(programme({ id: '2', title: 'Weekly live' }));
      }),
    );
    renderAdmin('/rewards/cashback', { token: 't' });
    const row = await screen.findByRole('row', { name: /Daily slots cashback.*10 %/ });
    expect(within(row).getByText('50.00 PHP')).toBeTruthy();
    const runs = screen.getByRole('region', { name: 'Closed periods' });
    expect(await within(runs).findByText('2026-11-27')).toBeTruthy();
    expect(within(runs).getByText('120.00 PHP')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New programme' }));
    const dialog = await screen.findByRole('dialog', { name: 'New cashback programme' });
    await user.type(within(dialog).getByLabelText('Title'), 'Weekly live');
    await user.selectOptions(within(dialog).getByLabelText('Period'), 'weekly');
    await user.type(within(dialog).getByLabelText('Cashback (%)'), '2.5');
    await user.clear(within(dialog).getByLabelText('Minimum net loss (PHP)'));
    await user.type(within(dialog).getByLabelText('Minimum net loss (PHP)'), '100');
    await user.type(within(dialog).getByLabelText('Cap per member and period (PHP)'), '50.001');
    await user.type(within(dialog).getByLabelText('Game categories'), 'live, slot');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Too many decimals for this currency.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Cap per member and period (PHP)'));
    await user.type(within(dialog).getByLabelText('Cap per member and period (PHP)'), '500');
    // Paid as bonus money: the terms are checked here, sent with the programme.
    await user.selectOptions(within(dialog).getByLabelText('Pay as'), 'bonus');
    const days = within(dialog).getByLabelText('Days to wager');
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A whole number of days from 1 to 365.')).toBeTruthy();
    expect(calls.calls).toHaveLength(0);
    await user.clear(days);
    await user.type(days, '10');
    await user.clear(within(dialog).getByLabelText('Wagering (× the amount)'));
    await user.type(within(dialog).getByLabelText('Wagering (× the amount)'), '3');
    await user.type(within(dialog).getByLabelText('Maximum conversion (PHP)'), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 100 %.')).toBeTruthy();
    expect(calls.calls[0]!.body).toEqual({
      title: 'Weekly live',
      period: 'weekly',
      percentBp: 250,
      minNetLoss: '10000',
      cap: '50000',
      categories: ['LIVE', 'SLOT'],
      active: true,
      payAs: 'bonus',
      bonusTerms: { multiplier: 3, maxConversion: '25000', maxStake: null, expiryDays: 10 },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('raffles', () => {
  it('lists raffles, shows a draw with its seed and winners; a new raffle is sent in minor units', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(rewardsStaff),
      http.get('*/admin/api/raffles', () => ok({ list: [raffle()], ...money })),
      http.get('*/admin/api/raffles/:id', () =>
        ok({
          raffle: raffle(),
          algorithm: 'raffle-fisher-yates-hmac-sha256-v1',
          blocks: [
            { holder: 'ab***c', tickets: 3, from: 1 },
            { holder: 'de***f', tickets: 5, from: 4 },
          ],
          winners: [
            { rank: 1, ticket: 5, holder: 'de***f', amount: '10000', mine: false },
            { rank: 2, ticket: 2, holder: 'ab***c', amount: '5000', mine: false },
          ],
          mine: null,
          ...money,
        }),
      ),
      http.post('*/admin/api/raffles', async ({ request }) => {
        await calls.record(request);
        return ok(raffle({ id: '8', status: 'open', seed: null }));
      }),
    );
    renderAdmin('/rewards/raffles', { token: 't' });
    const row = await screen.findByRole('row', { name: /Weekend raffle/ });
    expect(within(row).getByText('Drawn')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Result of Weekend raffle' }));
    const result = await screen.findByRole('dialog', { name: 'Draw: Weekend raffle' });
    expect(within(result).getByText('e'.repeat(64))).toBeTruthy();
    const winners = within(result).getByRole('region', { name: 'Winners' });
    expect(within(winners).getByText('#5')).toBeTruthy();
    expect(within(winners).getByText('100.00 PHP')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'New raffle' }));
    const dialog = await screen.findByRole('dialog', { name: 'New raffle' });
    await user.type(within(dialog).getByLabelText('Title'), 'Cup raffle');
    await user.type(within(dialog).getByLabelText('Tickets from'), '2026-12-01T00:00');
    await user.type(within(dialog).getByLabelText('Tickets until'), '2026-12-02T00:00');
    await user.type(within(dialog).getByLabelText('Draw at'), '2026-12-02T01:00');
    await user.type(within(dialog).getByLabelText('Valid bet per ticket (PHP)'), '100');
    await user.type(within(dialog).getByLabelText('Prizes (PHP)'), '1000, 500.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls[0]!.body).toMatchObject({
      title: 'Cup raffle',
      turnoverPerTicket: '10000',
      maxTickets: 10,
      categories: [],
      prizes: ['100000', '50050'],
    });
  });
});
