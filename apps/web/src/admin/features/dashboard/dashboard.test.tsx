import type { Dashboard, DashboardFigures } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, searchOf, server } from '../../test/render-admin.tsx';

const figures = (over: Partial<DashboardFigures> = {}): DashboardFigures => ({
  bets: '1234500',
  wins: '1000000',
  ggr: '234500',
  bonuses: '0',
  ngr: '234500',
  betCount: 321,
  deposits: '500000',
  depositCount: 4,
  withdrawals: '120000',
  withdrawalCount: 1,
  registrations: 12,
  firstTimeDepositors: 3,
  activePlayers: 27,
  ...over,
});

const dashboardOf = (from: string, to: string, over: Partial<Dashboard> = {}): Dashboard => ({
  from,
  to,
  today: '2026-11-28',
  timezone: 'Asia/Manila',
  currency: 'PHP',
  exponent: 2,
  freshAsOf: '2026-11-28T06:00:00.000Z',
  totals: figures(),
  days: [{ day: to, ...figures() }],
  categories: [
    { category: 'SLOT', bets: '1000000', wins: '800000', ggr: '200000', betCount: 300 },
    { category: 'ELOTT', bets: '234500', wins: '200000', ggr: '34500', betCount: 21 },
  ],
  queues: {
    depositsPending: 2,
    withdrawalsRequested: 1,
    withdrawalsAwaitingSecondApproval: 0,
    adjustmentsPending: 3,
    lotteryResultsPending: 0,
    disputes: 0,
  },
  ...over,
});

describe('dashboard', () => {
  it('is the landing page: figures of today as cards, the queues linking to their screens, the category table', async () => {
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/dashboard', async ({ request }) => {
        await calls.record(request);
        return ok(dashboardOf('2026-11-28', '2026-11-28'));
      }),
    );
    const { router } = renderAdmin('/', { token: 't' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    const bets = await screen.findByRole('listitem', { name: 'Bets' }, { timeout: 10_000 });
    expect(within(bets).getByText('12,345.00 PHP')).toBeTruthy();
    expect(within(bets).getByText('321 bets')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'GGR' })).getByText('2,345.00 PHP')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Bonuses' })).getByText('0.00 PHP')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Deposits' })).getByText('5,000.00 PHP')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Deposits' })).getByText('4 payments')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Active players' })).getByText('27')).toBeTruthy();
    expect(calls.calls[0]!.query).toEqual({ days: '1' });
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');

    const queue = screen.getByRole('link', { name: /Deposits to approve/ });
    expect(queue.textContent).toContain('2');
    expect(queue.getAttribute('href')).toBe('/admin/payments/deposits');
    expect(screen.getByRole('link', { name: /Adjustments to approve/ }).getAttribute('href')).toBe(
      '/admin/payments/adjustments?status=pending',
    );
    expect(screen.getByRole('link', { name: /Lottery results to confirm/ }).getAttribute('href')).toBe(
      '/admin/lottery/issues?status=awaiting',
    );

    const categories = screen.getByRole('group', { name: 'Per category' });
    expect(within(categories).getByRole('row', { name: /SLOT 10,000.00 8,000.00 2,000.00 300/ })).toBeTruthy();
    // The charts' chunk arrives on its own.
    // (recharts is a large module: a slow, shared machine may take seconds to load it)
    expect(await screen.findByRole('figure', { name: 'Per day' }, { timeout: 20_000 })).toBeTruthy();
  });

  it('7 / 30 days and a chosen range go into the URL and the query; a reversed range is refused in place', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/dashboard', async ({ request }) => {
        await calls.record(request);
        const q = new URL(request.url).searchParams;
        const from = q.get('from') ?? (q.get('days') === '7' ? '2026-11-22' : '2026-10-30');
        return ok(dashboardOf(from, q.get('to') ?? '2026-11-28'));
      }),
    );
    const { router } = renderAdmin('/dashboard', { token: 't' });
    await screen.findByRole('listitem', { name: 'Bets' });
    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ days: '7' }));
    expect(await screen.findByText('2026-11-22 – 2026-11-28 (Asia/Manila)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '30 days' }));
    expect(await screen.findByText('2026-10-30 – 2026-11-28 (Asia/Manila)')).toBeTruthy();

    const range = screen.getByRole('group', { name: 'Range' });
    await user.type(within(range).getByLabelText('From'), '2026-11-10');
    await user.type(within(range).getByLabelText('To'), '2026-11-01');
    await user.click(within(range).getByRole('button', { name: 'Show' }));
    expect(await within(range).findByRole('alert')).toBeTruthy();
    await user.clear(within(range).getByLabelText('To'));
    await user.type(within(range).getByLabelText('To'), '2026-11-15');
    await user.click(within(range).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ from: '2026-11-10', to: '2026-11-15' }));
    expect(await screen.findByText('2026-11-10 – 2026-11-15 (Asia/Manila)')).toBeTruthy();
    expect(calls.calls.map((c) => c.query)).toEqual([
      { days: '1' },
      { days: '7' },
      { days: '30' },
      { from: '2026-11-10', to: '2026-11-15' },
    ]);
  });

  it('shows a failed call with a retry, then the figures (an empty category list said so)', async () => {
    const user = userEvent.setup();
    let answer = fail(503, 'service_unavailable', 'The database is not reachable right now.');
    server.use(
      meHandler(),
      http.get('*/admin/api/dashboard', () => answer),
    );
    renderAdmin('/dashboard', { token: 't' });
    expect(await screen.findByText('The database is not reachable right now.')).toBeTruthy();
    answer = ok(dashboardOf('2026-11-28', '2026-11-28', { categories: [] }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No bets in this range.')).toBeTruthy();
  });

  it('a role without dashboard.view has no Dashboard entry and lands on its first screen', async () => {
    server.use(
      meHandler(meOf({ role: 'finance', permissions: ['payments.view'] })),
      http.get('*/admin/api/deposits', () =>
        ok({ list: [], total: 0, pageNo: 1, pageSize: 20, currency: 'PHP', exponent: 2 }),
      ),
    );
    const { router } = renderAdmin('/', { token: 't' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/payments/deposits'));
    const nav = screen.getByRole('complementary', { name: 'Back-office navigation' });
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Members' })).toBeNull();
  });
});
