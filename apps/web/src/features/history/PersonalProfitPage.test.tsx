import type { PersonalProfit } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';
import { quickRange } from '../../lib/date-ranges.ts';

const zero = { deposits: '0', withdrawals: '0', bets: '0', wins: '0', bonuses: '0', profit: '0' };

function setup(answer: (q: URLSearchParams) => PersonalProfit) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/wps/member/profit', ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push(q);
      return ok(answer(q));
    }),
    http.get('*/wps/v2/wallets/balance', () =>
      ok({ currency: 'PHP', exponent: 2, main: { balance: '0', available: '0' }, vendors: [] }),
    ),
  );
  useSession.getState().setToken('t'.repeat(43));
  return calls;
}

describe('personal profit page', () => {
  it('shows summary tiles and the per-day table for the chosen range', async () => {
    const day = {
      deposits: '5000000',
      withdrawals: '500000',
      bets: '400000',
      wins: '250000',
      bonuses: '50000',
      profit: '-100000',
    };
    const calls = setup((q) => ({
      from: q.get('from')!,
      to: q.get('to')!,
      currency: 'PHP',
      exponent: 2,
      timezone: 'Asia/Manila',
      total: day,
      days: [{ date: q.get('to')!, ...day }],
    }));
    const user = userEvent.setup();
    renderAt('/member/personalProfit');
    const summary = await screen.findByRole('region', { name: 'Summary (PHP)' });
    const tile = (name: string) => within(summary).getByText(name).nextElementSibling!.textContent;
    expect(tile('Deposits')).toBe('50,000.00');
    expect(tile('Withdrawals')).toBe('5,000.00');
    expect(tile('Bets')).toBe('4,000.00');
    expect(tile('Wins')).toBe('2,500.00');
    expect(tile('Bonuses')).toBe('500.00');
    expect(tile('Profit')).toBe('-1,000.00');
    const week = quickRange('last7', new Date(), 'Asia/Manila');
    expect(calls[0]!.get('from')).toBe(week.from);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    // The site's one date format (DD/MM/YYYY), not the API's YYYY-MM-DD.
    const [y, m, d] = week.to.split('-');
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe(`${d}/${m}/${y}`);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['50,000.00', '5,000.00', '4,000.00', '2,500.00', '500.00', '-1,000.00']);

    await user.click(screen.getByRole('button', { name: 'Previous 30 days' }));
    const month = quickRange('last30', new Date(), 'Asia/Manila');
    await waitFor(() => expect(calls.at(-1)!.get('from')).toBe(month.from));
  });

  it('says when there was no activity', async () => {
    setup((q) => ({
      from: q.get('from')!,
      to: q.get('to')!,
      currency: 'PHP',
      exponent: 2,
      timezone: 'Asia/Manila',
      total: zero,
      days: [],
    }));
    renderAt('/member/personalProfit');
    expect(await screen.findByText('No activity in this period.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
