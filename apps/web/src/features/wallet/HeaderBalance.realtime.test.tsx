import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_FIRST_MS } from '../../api/realtime-keys.ts';
import { useRealtime } from '../../state/realtime.ts';
import { useSession } from '../../state/session.ts';
import { lastSocket, sockets } from '../../test/fake-socket.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

/**
 * The header balance follows the pushed `balance` event (no HTTP call), and while the socket is down it is polled
 * with back-off (10 s, 20 s, 40 s …), read once more on reconnect, and not polled at all while connected.
 */
const TOKEN = 'r'.repeat(43);

function serve() {
  const state = { calls: 0, main: '123456' };
  server.use(
    http.get('*/wps/member/info', () =>
      ok({
        id: '7',
        account: 'member7',
        nickname: null,
        type: 0,
        isAgent: false,
        isTrial: false,
        language: 'en',
        mobile: null,
        email: null,
        lastLoginAt: null,
        previousLoginAt: null,
      }),
    ),
    http.get('*/wps/v2/wallets/balance', () => {
      state.calls++;
      return ok({ currency: 'PHP', exponent: 2, main: { balance: state.main, available: state.main }, vendors: [] });
    }),
    http.get('*/wps/member/messages/unread', () => ok({ unreadCount: 0 })),
  );
  return state;
}

async function balanceButton() {
  const header = await screen.findByRole('banner');
  return within(header).findByRole('button', { name: /Balance/ });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('header balance over pushed events', () => {
  it('opens the socket only when logged in, with the session token, and shows a pushed balance without a call', async () => {
    const state = serve();
    renderAt('/');
    await screen.findByRole('banner');
    expect(sockets).toHaveLength(0); // logged out: no socket (and no socket.io-client chunk)

    act(() => useSession.getState().setToken(TOKEN));
    const amount = await balanceButton();
    await waitFor(() => expect(amount.textContent).toContain('1,234.56'));
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = lastSocket();
    expect(socket.opts).toMatchObject({ path: '/socket.io', auth: { token: TOKEN }, transports: ['websocket'] });
    act(() => socket.fire('connect'));
    expect(useRealtime.getState().status).toBe('connected');

    act(() => socket.fire('balance', { main: '500000', available: '450000', currency: 'PHP', seq: '12' }));
    await waitFor(() => expect(amount.textContent).toContain('4,500.00'));
    expect(within(amount).getByText('· 500.00 pending')).toBeTruthy();
    // an older journal's event arriving late changes nothing
    act(() => socket.fire('balance', { main: '1', available: '1', currency: 'PHP', seq: '11' }));
    expect(amount.textContent).toContain('4,500.00');
    expect(state.calls).toBe(1);

    // logout closes it
    act(() => useSession.getState().clear());
    await waitFor(() => expect(socket.closed).toBe(true));
    expect(useRealtime.getState().status).toBe('off');
  });

  it('polls with back-off while the socket is down, reads again on reconnect, and stops polling once connected', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const state = serve();
    useSession.getState().setToken(TOKEN);
    renderAt('/');
    const amount = await balanceButton();
    await waitFor(() => expect(amount.textContent).toContain('1,234.56'));
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = lastSocket();
    await act(async () => socket.fire('connect'));
    await act(async () => socket.fire('disconnect', 'transport close'));
    expect(useRealtime.getState().status).toBe('down');
    expect(state.calls).toBe(1);

    state.main = '200000';
    await act(() => vi.advanceTimersByTimeAsync(FALLBACK_FIRST_MS - 500));
    expect(state.calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(state.calls).toBe(2));
    await waitFor(() => expect(amount.textContent).toContain('2,000.00'));
    // the next poll waits twice as long
    await act(() => vi.advanceTimersByTimeAsync(2 * FALLBACK_FIRST_MS - 1500));
    expect(state.calls).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(state.calls).toBe(3));
    // then four times
    await act(() => vi.advanceTimersByTimeAsync(4 * FALLBACK_FIRST_MS - 1500));
    expect(state.calls).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(state.calls).toBe(4));

    // back: one read (events missed while down are not replayed), then no polling at all
    state.main = '300000';
    await act(async () => socket.fire('connect'));
    await waitFor(() => expect(state.calls).toBe(5));
    await waitFor(() => expect(amount.textContent).toContain('3,000.00'));
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(state.calls).toBe(5);
  });

  it('a refused handshake (session over) stops reconnecting with that token', async () => {
    serve();
    useSession.getState().setToken(TOKEN);
    renderAt('/');
    await balanceButton();
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = lastSocket();
    act(() => socket.fire('connect_error', new Error('unauthorized')));
    expect(socket.closed).toBe(true);
    expect(useRealtime.getState().status).toBe('down');
  });

  it('a pushed maintenance notice shows at the top of the page and can be dismissed', async () => {
    serve();
    useSession.getState().setToken(TOKEN);
    renderAt('/');
    await balanceButton();
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => lastSocket().fire('connect'));
    act(() => lastSocket().fire('maintenance', { on: true, message: 'Upgrading the wallet.', endsAt: null }));
    const notice = await screen.findByTestId('maintenance-notice');
    expect(notice.textContent).toContain('The site is going into maintenance. Upgrading the wallet.');
    act(() => within(notice).getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByTestId('maintenance-notice')).toBeNull();
  });
});
