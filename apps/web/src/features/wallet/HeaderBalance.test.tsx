import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const memberInfo = (over: { isTrial?: boolean } = {}) =>
  http.get('*/wps/member/info', () =>
    ok({
      id: '7',
      account: 'member7',
      nickname: null,
      type: over.isTrial ? 4 : 0,
      isAgent: false,
      isTrial: over.isTrial ?? false,
      language: 'en',
      mobile: null,
      email: null,
      lastLoginAt: null,
      previousLoginAt: null,
    }),
  );

describe('header balance', () => {
  it('shows the main balance with 2 decimals and separators, refreshes on click, and masks with the eye', async () => {
    let calls = 0;
    const balances = ['123456789', '200000'];
    let releaseRefresh = () => {};
    const refreshHeld = new Promise<void>((r) => (releaseRefresh = r));
    server.use(
      memberInfo(),
      http.get('*/wps/v2/wallets/balance', async () => {
        const n = calls++;
        const main = balances[Math.min(n, balances.length - 1)]!;
        // The refresh answers only when the test has seen the busy state (no race with a slow machine).
        if (n === 1) await refreshHeld;
        return ok({ currency: 'PHP', exponent: 2, main: { balance: main, available: main }, vendors: [] });
      }),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/');
    const header = await screen.findByRole('banner');
    const amount = await within(header).findByRole('button', { name: /Balance/ });
    await waitFor(() => expect(amount.textContent).toContain('1,234,567.89'));
    expect(amount.textContent).toContain('PHP');

    const user = userEvent.setup();
    // Click refreshes: busy while the call runs, then the new amount; a double click makes one call.
    await user.dblClick(amount);
    await waitFor(() => expect(amount.getAttribute('aria-busy')).toBe('true'));
    releaseRefresh();
    await waitFor(() => expect(amount.textContent).toContain('2,000.00'));
    expect(amount.getAttribute('aria-busy')).toBe('false');
    expect(calls).toBe(2);

    // The eye masks (and remembers it), keyboard included.
    const eye = within(header).getByRole('button', { name: 'Hide balance' });
    expect(eye.getAttribute('aria-pressed')).toBe('false');
    eye.focus();
    await user.keyboard('{Enter}');
    expect(amount.textContent).toContain('******');
    expect(amount.textContent).not.toContain('2,000.00');
    expect(localStorage.getItem('wallet.balanceMasked')).toBe('1');
    const show = within(header).getByRole('button', { name: 'Show balance' });
    expect(show.getAttribute('aria-pressed')).toBe('true');
    await user.click(show);
    expect(amount.textContent).toContain('2,000.00');
    expect(localStorage.getItem('wallet.balanceMasked')).toBe('0');
  });

  it('starts masked when the member chose so earlier', async () => {
    localStorage.setItem('wallet.balanceMasked', '1');
    server.use(
      memberInfo(),
      http.get('*/wps/v2/wallets/balance', () =>
        ok({ currency: 'PHP', exponent: 2, main: { balance: '5000', available: '5000' }, vendors: [] }),
      ),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/');
    const amount = await within(await screen.findByRole('banner')).findByRole('button', { name: /Balance/ });
    expect(amount.textContent).toContain('******');
  });

  it('shows a trial tag instead of a balance to trial accounts', async () => {
    let called = false;
    server.use(
      memberInfo({ isTrial: true }),
      http.get('*/wps/v2/wallets/balance', () => {
        called = true;
        return HttpResponse.json(
          { success: false, value: null, message: 'no', code: 'in_need_true_account' },
          { status: 403 },
        );
      }),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('Trial')).toBeTruthy();
    expect(within(header).queryByRole('button', { name: /Balance/ })).toBeNull();
    expect(called).toBe(false);
  });

  it('shows what can be spent (held withdrawals taken off) with the hold beside it, and the currency', async () => {
    server.use(
      memberInfo(),
      http.get('*/wps/v2/wallets/balance', () =>
        ok({ currency: 'PHP', exponent: 2, main: { balance: '44000', available: '29000' }, vendors: [] }),
      ),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/');
    const header = await screen.findByRole('banner');
    const amount = await within(header).findByRole('button', { name: /Balance/ });
    await waitFor(() => expect(amount.textContent).toContain('290.00'));
    expect(amount.textContent).not.toContain('440.00');
    expect(amount.textContent).toContain('PHP');
    expect(within(amount).getByText('· 150.00 pending')).toBeTruthy();
  });

  it('puts Deposit, Withdraw and Betting record beside the balance, and the name opens the member centre', async () => {
    server.use(
      memberInfo(),
      http.get('*/wps/v2/wallets/balance', () =>
        ok({ currency: 'PHP', exponent: 2, main: { balance: '5000', available: '5000' }, vendors: [] }),
      ),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/');
    const header = await screen.findByRole('banner');
    const shortcuts = await within(header).findByRole('navigation', { name: 'Wallet shortcuts' });
    const links = within(shortcuts).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Deposit', '/member/depositv2'],
      ['Withdraw', '/member/withdraw'],
      ['Betting record', '/member/personalHistoryCopy'],
    ]);
    const name = within(header).getByRole('link', { name: 'member7 · Member centre' });
    expect(name.getAttribute('href')).toBe('/member/securityCenter');
    await userEvent.setup().click(within(shortcuts).getByRole('link', { name: 'Withdraw' }));
    expect(await screen.findByRole('navigation', { name: 'Member centre' })).toBeTruthy();
  });
});
