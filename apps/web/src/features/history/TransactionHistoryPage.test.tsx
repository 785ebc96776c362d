import type { TransactionHistory, TransactionRow } from '@sea/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { i18n } from '../../i18n/index.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';
import { quickRange } from '../../lib/date-ranges.ts';

const row = (over: Partial<TransactionRow>): TransactionRow => ({
  id: '1-1',
  time: '2024-05-01T10:00:00.000Z',
  type: 'deposit',
  code: 'deposit',
  wallet: 'MAIN',
  amount: '123456',
  balanceAfter: '123456',
  status: 'completed',
  reference: 'DEP-9',
  ...over,
});

/** Answers with `rows` paged like the server; records every query string. */
function setup(rows: TransactionRow[] | (() => Response)) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/wps/member/transactions', ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push(q);
      if (typeof rows === 'function') return rows();
      const pageNo = Number(q.get('pageNo'));
      const pageSize = Number(q.get('pageSize'));
      const type = q.get('type');
      const matching = type === 'all' ? rows : rows.filter((r) => r.type === type);
      const value: TransactionHistory = {
        total: matching.length,
        pageNo,
        pageSize,
        currency: 'PHP',
        exponent: 2,
        timezone: 'Asia/Manila',
        items: matching.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      };
      return ok(value);
    }),
    http.get('*/wps/v2/wallets/balance', () =>
      ok({ currency: 'PHP', exponent: 2, main: { balance: '0', available: '0' }, vendors: [] }),
    ),
  );
  useSession.getState().setToken('t'.repeat(43));
  return calls;
}

describe('transaction history page', () => {
  it('shows the member’s rows with signed amounts, balances and statuses, for the previous 7 days by default', async () => {
    const calls = setup([
      row({
        id: 'h5',
        type: 'withdrawal',
        code: 'withdrawal',
        amount: '-2000',
        balanceAfter: null,
        status: 'pending',
        reference: 'WIT-42',
      }),
      row({
        id: '1-2',
        type: 'transfer',
        code: 'wallet_transfer',
        wallet: 'SABA',
        amount: '3000',
        balanceAfter: '3000',
        reference: 'MAIN → SABA',
      }),
      row({ id: '1-1' }),
    ]);
    renderAt('/member/transactionHistory');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('-20.00')).toBeTruthy();
    expect(within(rows[0]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[0]!).getByText('—')).toBeTruthy();
    expect(within(rows[1]!).getByText('+30.00')).toBeTruthy();
    expect(within(rows[1]!).getByText('SABA')).toBeTruthy();
    expect(within(rows[2]!).getByText('+1,234.56')).toBeTruthy();
    expect(within(rows[2]!).getByText('Main wallet')).toBeTruthy();
    expect(within(rows[2]!).getByText('Completed')).toBeTruthy();
    expect(screen.getByText('3 transactions')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();

    const week = quickRange('last7', new Date(), 'Asia/Manila');
    expect(Object.fromEntries(calls[0]!)).toEqual({
      type: 'all',
      from: week.from,
      to: week.to,
      pageNo: '1',
      pageSize: '20',
    });
    expect(screen.getByRole('button', { name: 'Previous 7 days' }).getAttribute('aria-pressed')).toBe('true');
    // Dates as the site writes them (DD/MM/YYYY), whatever the browser's locale.
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(week.from.split('-').reverse().join('/'));
  });

  it('filters by type and date range, and pages', async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      row({ id: `1-${45 - i}`, amount: String((45 - i) * 100), reference: `DEP-${45 - i}` }),
    );
    const calls = setup([...many, row({ id: 'b1', type: 'bet', code: 'bet', amount: '-500', reference: 'J-1' })]);
    const user = userEvent.setup();
    renderAt('/member/transactionHistory');
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(calls.at(-1)!.get('pageNo')).toBe('2');
    expect(screen.getByText('DEP-25')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('Type'), 'bet');
    await waitFor(() => expect(screen.getByText('1 transactions')).toBeTruthy());
    expect(calls.at(-1)!.get('type')).toBe('bet');
    expect(calls.at(-1)!.get('pageNo')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Today' }));
    const today = quickRange('today', new Date(), 'Asia/Manila');
    await waitFor(() => expect(calls.at(-1)!.get('from')).toBe(today.from));
    expect(calls.at(-1)!.get('to')).toBe(today.to);
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '05/01/2024' } });
    await waitFor(() => expect(calls.at(-1)!.get('from')).toBe('2024-01-05'));
    // A date that does not exist is refused where it is typed, and asks nothing.
    const asked = calls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '31/02/2024' } });
    fireEvent.blur(screen.getByLabelText('From'));
    expect(await screen.findByText('Write the date as DD/MM/YYYY.')).toBeTruthy();
    expect(calls.length).toBe(asked);
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says so when the range is inverted, without asking the server', async () => {
    const calls = setup([row({})]);
    renderAt('/member/transactionHistory');
    await screen.findByRole('table');
    const before = calls.length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '01/01/2000' } });
    expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls.length).toBe(before);
  });

  it('has an empty state', async () => {
    setup([]);
    renderAt('/member/transactionHistory');
    expect(await screen.findByText('No transactions in this period.')).toBeTruthy();
  });

  it('has an error state with retry, in TY too', async () => {
    let fail = true;
    setup(() =>
      fail
        ? HttpResponse.json({ success: false, value: null, message: 'x', code: 'internal_error' }, { status: 500 })
        : ok({ total: 0, pageNo: 1, pageSize: 20, currency: 'PHP', exponent: 2, timezone: 'Asia/Manila', items: [] }),
    );
    // A member whose account language is TY (a session starts in the account's language).
    server.use(
      http.get('*/wps/member/info', () =>
        ok({
          id: '7',
          account: 'member7',
          nickname: null,
          type: 0,
          isAgent: false,
          isTrial: false,
          language: 'ty',
          mobile: null,
          email: null,
          lastLoginAt: null,
          previousLoginAt: null,
        }),
      ),
    );
    await i18n.changeLanguage('ty');
    renderAt('/member/transactionHistory');
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button'));
    expect(await screen.findByText('Không có giao dịch trong khoảng thời gian này.')).toBeTruthy();
  });
});
