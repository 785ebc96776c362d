import type { AdminMallItem, AdminMallOrder, AdminMission } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, searchOf, server } from '../../test/render-admin.tsx';

const money = { currency: 'PHP', exponent: 2 };
const mission = (over: Partial<AdminMission> = {}): AdminMission => ({
  id: '1',
  kind: 'check_in',
  period: 'daily',
  category: null,
  title: 'Daily check-in',
  target: '1',
  reward: '500',
  streakBonus: '100',
  startsAt: null,
  endsAt: null,
  sortOrder: 0,
  active: true,
  payAs: 'cash',
  bonusTerms: null,
  ...over,
});
const item = (over: Partial<AdminMallItem> = {}): AdminMallItem => ({
  id: '4',
  kind: 'cash',
  name: 'Credit 10',
  description: '',
  points: '300',
  cashAmount: '1000',
  stock: 20,
  perMemberLimit: 5,
  active: true,
  sortOrder: 0,
  ...over,
});
const order = (over: Partial<AdminMallOrder> = {}): AdminMallOrder => ({
  reference: 'PMO-4H8J2K6M',
  itemName: 'Mug',
  kind: 'physical',
  points: '100',
  cashAmount: '0',
  address: '12 Rizal St, Manila',
  status: 'pending',
  createdAt: '2026-11-28T05:00:00.000Z',
  shippedAt: null,
  refusedAt: null,
  refuseReason: null,
  account: 'member7',
  ...over,
});
const rewardsStaff = meOf({ role: 'rewards', permissions: ['rewards.view', 'rewards.manage'] });

describe('rewards: missions', () => {
  it('lists missions; a new one is checked, then sent in minor units; one is turned off', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let list = [mission(), mission({ id: '2', kind: 'rounds', period: 'weekly', title: 'Play 3 rounds', target: '3' })];
    server.use(
      meHandler(rewardsStaff),
      http.get('*/admin/api/rewards/missions', () => ok({ list, ...money })),
      http.post('*/admin/api/rewards/missions', async ({ request }) => {
        await calls.record(request);
        const created = mission({ id: '3', kind: 'bet_amount', title: 'Bet 100 on slots', target: '10000' });
        list = [...list, created];
        return ok(created);
      }),
      http.put('*/admin/api/rewards/missions/:id', async ({ request, params }) => {
        await calls.record(request);
        list = list.map((m) => (m.id === params.id ? { ...m, active: false } : m));
        return ok(list.find((m) => m.id === params.id));
      }),
    );
    renderAdmin('/rewards/missions', { token: 't' });
    const row = await screen.findByRole('row', { name: /Play 3 rounds/ });
    expect(within(row).getByText('3 rounds')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Daily check-in/ })).getByText('5.00 PHP')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New mission' }));
    const dialog = await screen.findByRole('dialog', { name: 'New mission' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a title.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Title'), 'Bet 100 on slots');
    await user.selectOptions(within(dialog).getByLabelText('Window'), 'daily');
    await user.type(within(dialog).getByLabelText('Valid bet to reach (PHP)'), '100.001');
    await user.type(within(dialog).getByLabelText('Game category'), 'slot');
    await user.type(within(dialog).getByLabelText('Reward (PHP)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Too many decimals for this currency.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Valid bet to reach (PHP)'));
    await user.type(within(dialog).getByLabelText('Valid bet to reach (PHP)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls[0]).toMatchObject({
      method: 'POST',
      body: {
        kind: 'bet_amount',
        period: 'daily',
        category: 'SLOT',
        title: 'Bet 100 on slots',
        target: '10000',
        reward: '1000',
        streakBonus: '0',
        startsAt: null,
        endsAt: null,
        active: true,
      },
    });
    await screen.findByRole('row', { name: /Bet 100 on slots/ });

    await user.click(screen.getByRole('button', { name: 'Turn off Play 3 rounds' }));
    await waitFor(() => expect(calls.calls[1]).toMatchObject({ method: 'PUT', path: '/admin/api/rewards/missions/2' }));
    expect(calls.calls[1]!.body).toMatchObject({ kind: 'rounds', period: 'weekly', target: '3', active: false });
    expect(await within(screen.getByRole('row', { name: /Play 3 rounds/ })).findByText('Off')).toBeTruthy();
  });

  it('shows the server’s field error in the dialog; empty and error states of the list', async () => {
    const user = userEvent.setup();
    let failing = true;
    server.use(
      meHandler(rewardsStaff),
      http.get('*/admin/api/rewards/missions', () =>
        failing ? fail(503, 'database_unavailable', 'The database is not answering.') : ok({ list: [], ...money }),
      ),
      http.post('*/admin/api/rewards/missions', () =>
        fail(400, 'validation_failed', 'Some fields are not valid.', {
          fields: [{ field: 'reward', message: 'Target and reward are above 0.' }],
        }),
      ),
    );
    renderAdmin('/rewards/missions', { token: 't' });
    expect(await screen.findByText('The database is not answering.')).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No missions yet/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New mission' }));
    const dialog = await screen.findByRole('dialog', { name: 'New mission' });
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'check_in');
    expect(within(dialog).queryByLabelText(/Valid bet to reach/)).toBeNull();
    await user.type(within(dialog).getByLabelText('Title'), 'Check in');
    await user.type(within(dialog).getByLabelText('Reward (PHP)'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Target and reward are above 0.')).toBeTruthy();
  });

  it('a viewer without rewards.manage sees the list without actions; the nav shows Rewards but not bonus claims', async () => {
    server.use(
      meHandler(meOf({ role: 'viewer', permissions: ['rewards.view'] })),
      http.get('*/admin/api/rewards/missions', () => ok({ list: [mission()], ...money })),
    );
    renderAdmin('/rewards/missions', { token: 't' });
    await screen.findByRole('row', { name: /Daily check-in/ });
    expect(screen.queryByRole('button', { name: 'New mission' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Daily check-in' })).toBeNull();
    const nav = screen.getByRole('complementary', { name: 'Back-office navigation' });
    expect(within(nav).getByRole('link', { name: 'Points mall' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Bonus claims' })).toBeNull();
  });
});

describe('rewards: points mall', () => {
  it('adds a physical item (no cash), edits stock, shows out of stock', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let list = [item(), item({ id: '5', kind: 'physical', name: 'Mug', cashAmount: '0', stock: 0 })];
    server.use(
      meHandler(rewardsStaff),
      http.get('*/admin/api/rewards/mall-items', () => ok({ list, ...money })),
      http.post('*/admin/api/rewards/mall-items', async ({ request }) => {
        await calls.record(request);
        const created = item({ id: '6', kind: 'physical', name: 'T-shirt', cashAmount: '0', points: '900' });
        list = [...list, created];
        return ok(created);
      }),
      http.put('*/admin/api/rewards/mall-items/:id', async ({ request, params }) => {
        await calls.record(request);
        list = list.map((i) => (i.id === params.id ? { ...i, stock: 40 } : i));
        return ok(list.find((i) => i.id === params.id));
      }),
    );
    renderAdmin('/rewards/mall', { token: 't' });
    const mug = await screen.findByRole('row', { name: /Mug/ });
    expect(within(mug).getByText('Out of stock')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Credit 10/ })).getByText('10.00 PHP')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New item' }));
    const dialog = await screen.findByRole('dialog', { name: 'New mall item' });
    await user.type(within(dialog).getByLabelText('Name'), 'T-shirt');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'physical');
    expect(within(dialog).queryByLabelText(/Cash paid/)).toBeNull();
    await user.type(within(dialog).getByLabelText('Price in points'), '900');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls[0]!.body).toEqual({
      kind: 'physical',
      name: 'T-shirt',
      description: '',
      points: '900',
      cashAmount: '0',
      stock: 100,
      perMemberLimit: 1,
      sortOrder: 0,
      active: true,
    });

    await user.click(screen.getByRole('button', { name: 'Edit Mug' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit item: Mug' });
    await user.clear(within(edit).getByLabelText('Stock'));
    await user.type(within(edit).getByLabelText('Stock'), '40');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.calls[1]).toMatchObject({ method: 'PUT', path: '/admin/api/rewards/mall-items/5' }),
    );
    expect(calls.calls[1]!.body).toMatchObject({ stock: 40, kind: 'physical' });
    expect(await within(screen.getByRole('row', { name: /Mug/ })).findByText('40')).toBeTruthy();
  });

  it('orders: filters in the URL and the query; a pending order is marked shipped after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let list = [order(), order({ reference: 'PMO-22222222', kind: 'cash', itemName: 'Credit 10', status: 'paid' })];
    server.use(
      meHandler(rewardsStaff),
      http.get('*/admin/api/rewards/mall-orders', async ({ request }) => {
        await calls.record(request);
        return ok({ list, total: list.length, pageNo: 1, pageSize: 20, ...money });
      }),
      http.post('*/admin/api/rewards/mall-orders/:ref/refuse', async ({ request, params }) => {
        await calls.record(request);
        list = list.map((o) =>
          o.reference === params.ref ? { ...o, status: 'refused' as const, refuseReason: 'Out of caps' } : o,
        );
        return ok(list.find((o) => o.reference === params.ref));
      }),
      http.post('*/admin/api/rewards/mall-orders/:ref/ship', async ({ request, params }) => {
        await calls.record(request);
        list = list.map((o) => (o.reference === params.ref ? { ...o, status: 'shipped' as const } : o));
        return ok(list[0]);
      }),
    );
    const { router } = renderAdmin('/rewards/mall-orders', { token: 't' });
    const pending = await screen.findByRole('row', { name: /PMO-4H8J2K6M/ });
    expect(within(screen.getByRole('row', { name: /PMO-22222222/ })).queryByRole('button')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => expect(searchOf(router)).toEqual({ status: 'pending' }));
    await waitFor(() => expect(calls.calls.at(-1)!.query).toMatchObject({ status: 'pending' }));

    await user.click(within(pending).getByRole('button', { name: 'Mark shipped' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark PMO-4H8J2K6M shipped?' });
    expect(within(confirm).getByText(/12 Rizal St, Manila/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.some((c) => c.path === '/admin/api/rewards/mall-orders/PMO-4H8J2K6M/ship')).toBe(true);
    expect(await within(screen.getByRole('row', { name: /PMO-4H8J2K6M/ })).findByText('Shipped')).toBeTruthy();

    // Another pending order is refused: a reason is required, then sent; the list shows it refused.
    list = [...list, order({ reference: 'PMO-33333333', itemName: 'Cap', points: '1200' })];
    await user.selectOptions(screen.getByLabelText('Status'), '');
    const cap = await screen.findByRole('row', { name: /PMO-33333333/ });
    await user.click(within(cap).getByRole('button', { name: 'Refuse' }));
    const refuse = await screen.findByRole('dialog', { name: 'Refuse PMO-33333333?' });
    expect(within(refuse).getByText(/1,200 points go back to the member/)).toBeTruthy();
    await user.click(within(refuse).getByRole('button', { name: 'Refuse' }));
    expect(await within(refuse).findByText('Give a reason')).toBeTruthy();
    await user.type(within(refuse).getByLabelText('Reason'), 'Out of caps');
    await user.click(within(refuse).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.find((c) => c.path.endsWith('/refuse'))).toMatchObject({
      path: '/admin/api/rewards/mall-orders/PMO-33333333/refuse',
      body: { reason: 'Out of caps' },
    });
    expect(await within(screen.getByRole('row', { name: /PMO-33333333/ })).findByText('Refused')).toBeTruthy();
  });
});

describe('rewards: prizes and points rules', () => {
  it('shows each board’s prizes; a rank is added and the table sent in minor units', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let boards = [
      { period: 'daily', metric: 'valid_bet', amounts: ['88800', '58800'] },
      { period: 'daily', metric: 'multiplier', amounts: [] as string[] },
      { period: 'weekly', metric: 'valid_bet', amounts: [] as string[] },
      { period: 'weekly', metric: 'multiplier', amounts: [] as string[] },
    ];
    server.use(
      meHandler(rewardsStaff),
      http.get('*/admin/api/rewards/leaderboard-prizes', () => ok({ list: boards, ...money })),
      http.put('*/admin/api/rewards/leaderboard-prizes', async ({ request }) => {
        await calls.record(request);
        const b = calls.calls.at(-1)!.body as { period: string; metric: string; amounts: string[] };
        boards = boards.map((x) => (x.period === b.period && x.metric === b.metric ? { ...x, amounts: b.amounts } : x));
        return ok({ list: boards, ...money });
      }),
    );
    renderAdmin('/rewards/leaderboard-prizes', { token: 't' });
    const daily = await screen.findByRole('region', { name: 'Daily · Valid bet' });
    expect(within(daily).getByText('888.00 PHP')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Weekly · Best win (multiplier)' })).getByText('No prizes.'),
    ).toBeTruthy();

    await user.click(within(daily).getByRole('button', { name: 'Edit prizes: Daily · Valid bet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prizes: Daily · Valid bet' });
    expect((within(dialog).getByLabelText('Prize for rank 1 (PHP)') as HTMLInputElement).value).toBe('888.00');
    await user.click(within(dialog).getByRole('button', { name: 'Add a rank' }));
    await user.type(within(dialog).getByLabelText('Prize for rank 3 (PHP)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an amount above 0.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Prize for rank 3 (PHP)'));
    await user.type(within(dialog).getByLabelText('Prize for rank 3 (PHP)'), '100.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls[0]!.body).toEqual({
      period: 'daily',
      metric: 'valid_bet',
      amounts: ['88800', '58800', '10050'],
      payAs: 'cash',
      bonusTerms: null,
    });
    expect(await within(daily).findByText('100.50 PHP')).toBeTruthy();
  });

  it('points rules: not set up yet; saved with percentages as basis points', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(rewardsStaff),
      http.get('*/admin/api/rewards/points-rules', () => ok({ rules: null, ...money })),
      http.put('*/admin/api/rewards/points-rules', async ({ request }) => {
        await calls.record(request);
        return ok({
          rules: { threshold: '10000', dailyCap: '500', cashPerPoint: '10', defaultBps: 10000, contributions: [] },
          ...money,
        });
      }),
    );
    renderAdmin('/rewards/points-rules', { token: 't' });
    expect(await screen.findByText(/Points are not set up yet/)).toBeTruthy();
    await user.type(screen.getByLabelText('Weighted valid bet per point (PHP)'), '100');
    await user.type(screen.getByLabelText('Cash one point converts to (PHP)'), '0.10');
    await user.clear(screen.getByLabelText('Most points a member earns per day'));
    await user.type(screen.getByLabelText('Most points a member earns per day'), '500');
    await user.click(screen.getByRole('button', { name: 'Add a category' }));
    await user.type(screen.getByLabelText('Category'), 'live');
    await user.clear(screen.getByLabelText('Contribution (%)'));
    await user.type(screen.getByLabelText('Contribution (%)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Points rules saved.')).toBeTruthy();
    expect(calls.calls[0]!.body).toEqual({
      threshold: '10000',
      dailyCap: '500',
      cashPerPoint: '10',
      defaultBps: 10000,
      contributions: [{ category: 'LIVE', bps: 1250 }],
    });
  });
});
