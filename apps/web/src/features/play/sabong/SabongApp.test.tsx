import type { SabongArenaView, SabongFightView } from '@sea/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import type { SabongApi } from '../../../api/sabong.ts';
import { createPlayI18n } from '../../../i18n/play.ts';
import { SabongApp } from './SabongApp.tsx';

const fight = (over: Partial<SabongFightView> = {}): SabongFightView => ({
  id: '7',
  fightNo: 3,
  phase: 'open',
  opensAt: new Date(Date.now() - 5_000).toISOString(),
  lastCallAt: new Date(Date.now() + 20_000).toISOString(),
  closesAt: new Date(Date.now() + 25_000).toISOString(),
  fightEndsAt: null,
  resultEndsAt: null,
  plasadaBps: 500,
  pools: { meron: '60000000', wala: '40000000', draw: '0' },
  payouts: { meron: '158.33', wala: '237.50', draw: '900.00' },
  oddsFixed: false,
  exchanges: null,
  outcome: null,
  cancelReason: null,
  seedHash: 'ab'.repeat(32),
  seed: null,
  ...over,
});

const view = (f: SabongFightView, myBets: SabongArenaView['myBets'] = []): SabongArenaView => ({
  serverTime: new Date().toISOString(),
  currency: 'PHP',
  exponent: 2,
  balance: '100000',
  arena: {
    code: 'ARENA-1',
    name: 'Arena 1',
    minBet: '2000',
    maxBet: '5000000',
    fightMax: '250000000',
    bettingSeconds: 30,
    plasadaBps: 500,
    fight: f,
    history: [{ id: '6', fightNo: 2, outcome: 'wala', cancelled: false }],
  },
  myBets,
});

function fakeApi(arena: () => Promise<SabongArenaView>, bet = vi.fn()): SabongApi {
  return {
    lobby: vi.fn(),
    arena: vi.fn(arena),
    bet,
    history: vi.fn(async () => ({ fights: [] })),
  } as unknown as SabongApi;
}

const renderApp = (api: SabongApi | null, lang = 'en') =>
  render(
    <I18nextProvider i18n={createPlayI18n(lang)}>
      <SabongApp api={api} initialArena="ARENA-1" />
    </I18nextProvider>,
  );

describe('sabong arena page', () => {
  it('says the fight is simulated, shows live estimates, bets the chip; a refusal is a clear message', async () => {
    const bet = vi.fn(async () => Promise.reject(new ApiError('insufficient_funds', '', 409)));
    const api = fakeApi(async () => view(fight()), bet);
    renderApp(api);
    expect(await screen.findByText('Pays 158.33 per 100')).toBeTruthy();
    expect(screen.getByText('Pays 237.50 per 100')).toBeTruthy();
    expect(screen.getByTestId('sb-simulated').textContent).toMatch(/not a real cockfight/);
    expect(screen.getByTestId('sb-odds-note').textContent).toMatch(/^Estimated/);
    await userEvent.click(screen.getByRole('radio', { name: 'Chip 50' }));
    await userEvent.click(screen.getByRole('button', { name: /^Meron,/ }));
    expect(bet).toHaveBeenCalledWith('ARENA-1', '7', 'meron', 5000n, expect.any(String));
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient balance.');
  });

  it('after close the spots are shut and the odds fixed; the result and what came back are shown', async () => {
    const api = fakeApi(async () =>
      view(fight({ phase: 'result', oddsFixed: true, outcome: 'wala', exchanges: ['meron', 'wala', 'wala'] }), [
        { id: '1', fightId: '7', side: 'meron', amount: '2000', status: 'settled', payout: '0' },
      ]),
    );
    renderApp(api);
    expect((await screen.findByTestId('sb-result')).textContent).toBe('Wala wins · No win this fight');
    expect(screen.getByTestId('sb-odds-note').textContent).toMatch(/^Fixed at close/);
    expect((screen.getByRole('button', { name: /^Wala,/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Settled')).toBeTruthy();
  });

  it('a cancelled fight says why; TL texts; a missing session is an error, not a blank page', async () => {
    const api = fakeApi(async () =>
      view(fight({ phase: 'cancelled', cancelReason: 'minimum_payout', oddsFixed: true })),
    );
    renderApp(api, 'tl');
    expect((await screen.findByTestId('sb-result')).textContent).toMatch(/^Kanselado: 107/);
    expect(screen.getByTestId('sb-simulated').textContent).toMatch(/hindi totoong sabong/);
    const failing = fakeApi(async () => Promise.reject(new ApiError('unauthorized', '', 401)));
    const { unmount } = renderApp(failing);
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => /session has ended/.test(s.textContent!))).toBe(true),
    );
    unmount();
    renderApp(null);
    expect(screen.getAllByRole('alert').at(-1)!.textContent).toMatch(/session has ended/);
  });
});
