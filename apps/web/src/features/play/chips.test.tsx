import type { SabongArenaView } from '@sea/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { SabongApi } from '../../api/sabong.ts';
import { createPlayI18n } from '../../i18n/play.ts';
import { chipsWithin, clampChip } from './chips.tsx';
import { SabongApp } from './sabong/SabongApp.tsx';

const CHIPS = [20n, 50n, 100n, 500n, 1_000n, 5_000n];

describe('a table chip within the limits', () => {
  it('keeps a chip inside, moves one below the minimum up and one above the maximum down', () => {
    // Limits in minor units, chips in major (× 100).
    expect(chipsWithin(CHIPS, 100n, 10_000n, 100_000n)).toEqual([100n, 500n, 1_000n]);
    expect(clampChip(CHIPS, 100n, 10_000n, 100_000n, 500n)).toBe(500n);
    expect(clampChip(CHIPS, 100n, 10_000n, 100_000n, 20n)).toBe(100n);
    expect(clampChip(CHIPS, 100n, 10_000n, 100_000n, 5_000n)).toBe(1_000n);
    // A minimum between chips: the next chip up.
    expect(clampChip(CHIPS, 100n, 6_000n, 5_000_000n, 50n)).toBe(100n);
    // No chip fits: the largest at or below the maximum.
    expect(clampChip(CHIPS, 100n, 6_000n, 9_000n, 20n)).toBe(50n);
  });
});

const arenaView = (minBet: string): SabongArenaView => ({
  serverTime: new Date().toISOString(),
  currency: 'PHP',
  exponent: 2,
  balance: '10000000',
  arena: {
    code: 'ARENA-1',
    name: 'Arena 1',
    minBet,
    maxBet: '5000000',
    fightMax: '250000000',
    bettingSeconds: 30,
    plasadaBps: 500,
    fight: {
      id: '7',
      fightNo: 3,
      phase: 'open',
      opensAt: new Date(Date.now() - 5_000).toISOString(),
      lastCallAt: new Date(Date.now() + 20_000).toISOString(),
      closesAt: new Date(Date.now() + 25_000).toISOString(),
      fightEndsAt: null,
      resultEndsAt: null,
      plasadaBps: 500,
      pools: { meron: '0', wala: '0', draw: '0' },
      payouts: { meron: null, wala: null, draw: null },
      oddsFixed: false,
      exchanges: null,
      outcome: null,
      cancelReason: null,
      seedHash: 'ab'.repeat(32),
      seed: null,
    },
    history: [],
  },
  myBets: [],
});

describe('the arena page when staff raise the minimum', () => {
  it('moves the chosen chip up to the new minimum as soon as the pushed settings are read, and says so', async () => {
    let minBet = '2000'; // 20.00
    let push: () => void = () => undefined;
    const bet = vi.fn(async () => ({}));
    const api = {
      lobby: vi.fn(),
      arena: vi.fn(async () => arenaView(minBet)),
      bet,
      history: vi.fn(async () => ({ fights: [] })),
      follow: (_: readonly string[], onChange: () => void, onLive: (live: boolean) => void) => {
        push = onChange;
        onLive(true);
        return () => undefined;
      },
    } as unknown as SabongApi;
    render(
      <I18nextProvider i18n={createPlayI18n('en')}>
        <SabongApp api={api} initialArena="ARENA-1" />
      </I18nextProvider>,
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Chip 50' }));
    expect(screen.getByRole('radio', { name: 'Chip 50' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('sb-chip-clamped')).toBeNull();
    // Staff raise the minimum to 100.00: the pushed settings make the page read the arena again.
    minBet = '10000';
    act(() => push());
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Chip 100' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(screen.getByTestId('sb-chip-clamped').textContent).toMatch(/minimum changed: your chip is now 100\.00/);
    expect((screen.getByRole('radio', { name: 'Chip 50' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Chip 20' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /^Meron,/ }));
    expect(bet).toHaveBeenCalledWith('ARENA-1', '7', 'meron', 10_000n, expect.any(String));
    // Choosing a chip again clears the notice.
    await userEvent.click(screen.getByRole('radio', { name: 'Chip 500' }));
    expect(screen.queryByTestId('sb-chip-clamped')).toBeNull();
  });

  it('a bet the server refuses as below a minimum the page had not read yet names the limits', async () => {
    let minBet = '2000';
    const bet = vi.fn(async () => {
      minBet = '10000';
      return Promise.reject(new ApiError('amount_out_of_range', 'A bet in this arena is 10000–5000000.', 400));
    });
    const api = {
      lobby: vi.fn(),
      arena: vi.fn(async () => arenaView(minBet)),
      bet,
      history: vi.fn(async () => ({ fights: [] })),
    } as unknown as SabongApi;
    render(
      <I18nextProvider i18n={createPlayI18n('en')}>
        <SabongApp api={api} initialArena="ARENA-1" />
      </I18nextProvider>,
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Chip 50' }));
    await userEvent.click(screen.getByRole('button', { name: /^Meron,/ }));
    // The page reads the arena again at once: the chip moves up and the refusal says why.
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Chip 100' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Bets in this arena are 100.00 – 50,000.00. Choose a chip within these limits.',
    );
  });
});
