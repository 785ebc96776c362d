import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { useRealtime } from '../state/realtime.ts';
import { lastSocket } from '../test/fake-socket.ts';
import { connectRealtime } from './realtime.ts';

/** The events → the query caches and the realtime store (the socket is test/fake-socket.ts). */
const TOKEN = 'k'.repeat(43);

function setup() {
  const qc = new QueryClient();
  const stop = connectRealtime(qc, { token: TOKEN, merchant: 'demo' });
  const socket = lastSocket();
  socket.fire('connect');
  const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;
  return { qc, stop, socket, stale };
}

describe('realtime client', () => {
  it('sends the session and the merchant in the handshake, and reports its state', () => {
    const { socket, stop } = setup();
    expect(socket.opts).toMatchObject({ auth: { token: TOKEN, merchant: 'demo' } });
    expect(useRealtime.getState().status).toBe('connected');
    socket.fire('disconnect', 'transport close');
    expect(useRealtime.getState().status).toBe('down');
    stop();
    expect(useRealtime.getState().status).toBe('off');
    expect(socket.closed).toBe(true);
  });

  it('sets the unread count, and invalidates the inbox, the contracts and a drawn game only', () => {
    const { qc, socket, stale } = setup();
    const list = ['messages', 'list', TOKEN, { pageNo: 1 }];
    const pending = ['contracts', 'pending', TOKEN];
    const results = ['lottery', 'results', 'SSC1', 1, 10];
    const other = ['lottery', 'results', 'K3F1', 1, 10];
    const bets = ['lotteryBets', TOKEN, {}];
    for (const k of [list, pending, results, other, bets]) qc.setQueryData(k, {});

    socket.fire('messages', { unread: 4 });
    expect(qc.getQueryData(['messages', 'unread', TOKEN])).toEqual({ unreadCount: 4 });
    expect(stale(list)).toBe(true);

    socket.fire('contractOffer', { contractId: '9', type: 'dividend' });
    expect(stale(pending)).toBe(true);

    socket.fire('lotteryDrawn', { game: 'SSC1', issue: '20261128-0001', result: [1, 2, 3, 4, 5], settled: false });
    expect(stale(results)).toBe(true);
    expect(stale(other)).toBe(false);
    expect(stale(bets)).toBe(false);
    socket.fire('lotteryDrawn', { game: 'SSC1', issue: '20261128-0001', result: [1, 2, 3, 4, 5], settled: true });
    expect(stale(bets)).toBe(true);
  });

  it('joins the rooms of the games the pages watch, again after a reconnect, and leaves them', () => {
    const { socket } = setup();
    const release = useRealtime.getState().watchGame('SSC1');
    const again = useRealtime.getState().watchGame('SSC1'); // a second page on the same game
    expect(socket.sent).toEqual([['subscribe', { game: 'SSC1' }]]);
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    expect(socket.sent.at(-1)).toEqual(['subscribe', { game: 'SSC1' }]);
    release();
    expect(socket.sent.filter(([e]) => e === 'unsubscribe')).toEqual([]);
    again();
    expect(socket.sent.at(-1)).toEqual(['unsubscribe', { game: 'SSC1' }]);
  });

  it('shows a maintenance notice and drops it when maintenance is over', () => {
    const { socket } = setup();
    socket.fire('maintenance', { on: true, message: 'Back at 03:00', endsAt: null });
    expect(useRealtime.getState().maintenance).toEqual({ on: true, message: 'Back at 03:00', endsAt: null });
    socket.fire('maintenance', { on: false, message: null, endsAt: null });
    expect(useRealtime.getState().maintenance).toBeNull();
  });
});
