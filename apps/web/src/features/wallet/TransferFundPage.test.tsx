import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const wallets = (main: string, saba: string) => ({
  currency: 'PHP',
  exponent: 2,
  main: { balance: main, available: main },
  vendors: [
    { vendorCode: 'SABA', vendorName: 'SABA Sports', balance: saba },
    { vendorCode: 'EVO', vendorName: 'Evolution Live', balance: '0' },
  ],
});

describe('transferFund page', () => {
  it('shows the wallets, validates, transfers, and keeps the requestId only across a lost answer', async () => {
    let state = { main: '100000', saba: '2550' };
    const ids: string[] = [];
    let failNext: 'network' | 'funds' | null = null;
    server.use(
      http.get('*/wps/v2/wallets/balance', () => ok(wallets(state.main, state.saba))),
      http.get('*/wps/member/info/funds/consolidated', () =>
        ok({
          currency: 'PHP',
          exponent: 2,
          total: '102550',
          main: state.main,
          subWallets: state.saba,
          held: '0',
          available: state.main,
        }),
      ),
      http.post('*/wps/relay/GCS_walletTransfer', async ({ request }) => {
        const body = (await request.json()) as { from: string; to: string; amount: string; requestId: string };
        ids.push(body.requestId);
        if (failNext === 'network') {
          failNext = null;
          return HttpResponse.error();
        }
        if (failNext === 'funds') {
          failNext = null;
          return HttpResponse.json(
            { success: false, value: null, message: 'Insufficient balance.', code: 'insufficient_funds' },
            { status: 400 },
          );
        }
        const minor = String(Math.round(Number(body.amount) * 100));
        state =
          body.from === 'MAIN'
            ? { main: String(+state.main - +minor), saba: String(+state.saba + +minor) }
            : { main: String(+state.main + +minor), saba: String(+state.saba - +minor) };
        return ok({
          requestId: body.requestId,
          from: body.from,
          to: body.to,
          amount: minor,
          currency: 'PHP',
          exponent: 2,
          replay: false,
          mainBalance: state.main,
          vendorCode: 'SABA',
          vendorBalance: state.saba,
        });
      }),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/member/transferFund');
    const main = await screen.findByRole('article', { name: 'Main wallet' });
    expect(main.textContent).toContain('PHP 1,000.00');
    expect(within(screen.getByRole('article', { name: 'SABA Sports' })).getByText('PHP 25.50')).toBeTruthy();

    const user = userEvent.setup();
    const amount = screen.getByLabelText('Amount (PHP)');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Enter an amount.')).toBeTruthy();
    await user.type(amount, '1.234');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Enter an amount such as 100 or 100.50.')).toBeTruthy();
    expect(ids).toHaveLength(0);

    // A lost answer, then the retry of the same submission: the same requestId.
    await user.clear(amount);
    await user.type(amount, '100');
    failNext = 'network';
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('PHP 100.00 moved from Main wallet to SABA Sports.')).toBeTruthy();
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'SABA Sports' })).getByText('PHP 125.50')).toBeTruthy(),
    );

    // Move out with "All"; a refused answer starts a new requestId next time.
    await user.click(screen.getByRole('button', { name: 'Move out: SABA Sports' }));
    expect((screen.getByLabelText('From') as HTMLSelectElement).value).toBe('SABA');
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('MAIN');
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect((screen.getByLabelText('Amount (PHP)') as HTMLInputElement).value).toBe('125.50');
    failNext = 'funds';
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Insufficient balance.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('PHP 125.50 moved from SABA Sports to Main wallet.')).toBeTruthy();
    expect(new Set(ids).size).toBe(3);
  });

  it('offers a retry when the wallets cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get('*/wps/v2/wallets/balance', () =>
        fail
          ? HttpResponse.json(
              { success: false, value: null, message: 'x', code: 'service_unavailable' },
              { status: 503 },
            )
          : ok(wallets('0', '0')),
      ),
      http.get('*/wps/member/info/funds/consolidated', () =>
        ok({ currency: 'PHP', exponent: 2, total: '0', main: '0', subWallets: '0', held: '0', available: '0' }),
      ),
    );
    useSession.getState().setToken('t'.repeat(43));
    renderAt('/member/transferFund');
    expect(await screen.findByText('Your wallets could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Main wallet' })).toBeTruthy();
  });
});
