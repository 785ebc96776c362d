import type { Winner } from '@sea/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, server } from '../../test/server.ts';
import WinnersBoard from './WinnersBoard.tsx';

const winner = (customerName: string): Winner => ({
  customerName,
  winAmount: '123456',
  gameName: 'Lucky Dragon',
  iconUrl: null,
  gameType: 'RNG',
  at: '2024-05-01T10:00:00.000Z',
});

/** The board's server: one winner, whose name the test changes; counts the requests. */
function board() {
  const state = { name: 'ab***9', calls: 0 };
  server.use(
    http.get('*/lgw/games/winners', () => {
      state.calls++;
      return ok({ currency: 'PHP', exponent: 2, winners: [winner(state.name)] });
    }),
  );
  return state;
}

/** A page load in this tab: a fresh app (empty memory cache), the tab's sessionStorage as it is. */
const load = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WinnersBoard />
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

/**
 * Runs `fn` with a session storage whose reads and/or writes of the board throw (blocked by the browser, or full);
 * other keys (the site's session) work. `attempts` records the board's uses of storage.
 */
async function withStorage<T>(fail: { read: boolean; write: boolean }, fn: (attempts: string[]) => Promise<T>) {
  const real = sessionStorage;
  const attempts: string[] = [];
  const board = (key: string) => key.startsWith('winners:');
  vi.stubGlobal('sessionStorage', {
    getItem(key: string) {
      if (!board(key)) return real.getItem(key);
      attempts.push('read');
      if (fail.read) throw new DOMException('blocked', 'SecurityError');
      return real.getItem(key);
    },
    setItem(key: string, value: string) {
      if (!board(key)) return real.setItem(key, value);
      attempts.push('write');
      if (fail.write) throw new DOMException('full', 'QuotaExceededError');
      return real.setItem(key, value);
    },
    removeItem: (key: string) => real.removeItem(key),
    clear: () => real.clear(),
  });
  try {
    return await fn(attempts);
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('winners board cached in session (spec: limit 20, cached in session)', () => {
  it('a reload in the same tab shows the kept board without asking the server; once a minute old it is refreshed', async () => {
    const s = board();
    const first = load();
    expect(await screen.findByText('ab***9')).toBeTruthy();
    expect(s.calls).toBe(1);
    const key = 'winners:en'; // per language
    expect(JSON.parse(sessionStorage.getItem(key)!).board.winners[0].customerName).toBe('ab***9');
    first.unmount();

    s.name = 'cd***1';
    const second = load();
    expect(screen.getByText('ab***9')).toBeTruthy(); // at once, from the session
    await new Promise((r) => setTimeout(r, 50));
    expect(s.calls).toBe(1);
    expect(screen.queryByText('cd***1')).toBeNull();
    second.unmount();

    const kept = JSON.parse(sessionStorage.getItem(key)!);
    sessionStorage.setItem(key, JSON.stringify({ ...kept, at: Date.now() - 61_000 }));
    load();
    expect(screen.getByText('ab***9')).toBeTruthy(); // shown while the fresh one loads
    expect(await screen.findByText('cd***1')).toBeTruthy();
    expect(s.calls).toBe(2);
    expect(JSON.parse(sessionStorage.getItem(key)!).board.winners[0].customerName).toBe('cd***1');
  });

  it('shows no block at all (not even its heading) until real rounds have won something', async () => {
    let calls = 0;
    server.use(
      http.get('*/lgw/games/winners', () => {
        calls++;
        return ok({ currency: 'PHP', exponent: 2, winners: [] });
      }),
    );
    const view = load();
    await waitFor(() => expect(calls).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(view.container.innerHTML).toBe('');
    expect(screen.queryByRole('heading', { name: 'Latest winners' })).toBeNull();
  });

  it('a new session (nothing kept) asks the server', async () => {
    const s = board();
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('winners:'))).toEqual([]);
    load();
    expect(await screen.findByText('ab***9')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Latest winners' })).toBeTruthy();
    expect(s.calls).toBe(1);
  });

  it('without storage (blocked: every use throws) the board still shows, from the server', async () => {
    const s = await withStorage({ read: true, write: true }, async (attempts) => {
      const calls = board();
      load();
      expect(await screen.findByText('ab***9')).toBeTruthy();
      await waitFor(() => expect(attempts).toEqual(['read', 'write']));
      return calls;
    });
    expect(s.calls).toBe(1);
    expect(sessionStorage.length).toBe(0);
  });

  it('with storage full (writing throws) the board still shows, from the server', async () => {
    const s = await withStorage({ read: false, write: true }, async (attempts) => {
      const calls = board();
      load();
      expect(await screen.findByText('ab***9')).toBeTruthy();
      await waitFor(() => expect(attempts).toEqual(['read', 'write']));
      return calls;
    });
    expect(s.calls).toBe(1);
  });

  it('a kept board that is not valid JSON is ignored', async () => {
    sessionStorage.setItem('winners:en', '{not json');
    const s = board();
    load();
    expect(await screen.findByText('ab***9')).toBeTruthy();
    expect(s.calls).toBe(1);
  });
});
