import type { HouseSession } from '@sea/contracts';
import { gameConfig, playRound, type SlotRoundResult } from '@sea/games';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createHouseApi } from '../../../api/house.ts';
import { createPlayI18n } from '../../../i18n/play.ts';
import { ok, server } from '../../../test/server.ts';
import { PlayApp } from '../PlayApp.tsx';

// Seeds whose round triggers 8 free spins (found by search): the page must play them all from the one answer.
const seeds = { serverSeed: 'free spins seed', clientSeed: 'c', nonce: 90 };
const bet = { lines: 20, betLevel: 1 };
const outcome = playRound({ gameId: 'slot-lucky-dragon', seeds, bet });
const fairness = { serverSeedHash: 'cd'.repeat(32), nextServerSeedHash: 'ef'.repeat(32), clientSeed: 'c', nonce: 90 };

const session: HouseSession = {
  gameId: 'slot-lucky-dragon',
  config: gameConfig('slot-lucky-dragon') as unknown as Record<string, unknown>,
  displayName: 'Lucky Dragon',
  language: 'en',
  currency: 'PHP',
  exponent: 2,
  creditValue: '100',
  balance: '100000',
  freePlay: false,
  fairness,
  openRound: null,
};

describe('Lucky Dragon', () => {
  it('spins on Space, plays the free spins the server returned, then shows the server’s balance', async () => {
    expect((outcome.result as SlotRoundResult).freeSpins.played).toBe(8);
    const bodies: unknown[] = [];
    server.use(
      http.get('*/house/v1/session', () => ok(session)),
      http.post('*/house/v1/rounds', async ({ request }) => {
        bodies.push(await request.json());
        return ok({
          round: {
            id: '77',
            gameId: 'slot-lucky-dragon',
            mathVersion: 1,
            status: 'settled',
            freePlay: false,
            bet,
            holds: null,
            stakeCredits: 20,
            winCredits: outcome.win,
            stake: '2000',
            win: String(outcome.win * 100),
            result: outcome.result,
            nonce: 90,
            clientSeed: 'c',
            serverSeedHash: fairness.serverSeedHash,
            serverSeed: null,
            createdAt: new Date().toISOString(),
            settledAt: new Date().toISOString(),
          },
          balance: String(100000 - 2000 + outcome.win * 100),
          fairness: { ...fairness, nonce: 91 },
        });
      }),
    );
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={createPlayI18n('en')}>
        <PlayApp api={createHouseApi('s'.repeat(43), 'en')} />
      </I18nextProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Turbo' }, { timeout: 10_000 }));
    expect(screen.getByTestId('total-bet').textContent).toBe('20.00');
    await user.keyboard(' ');
    // The stake leaves the shown balance at once; the result is not shown before the reels stop.
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('PHP 980.00'));
    expect(bodies[0]).toMatchObject({ bet });
    expect(await screen.findByText('8 FREE SPINS', {}, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByText('Free spin 1 of 8', {}, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByText('Free spin 8 of 8', {}, { timeout: 20000 })).toBeTruthy();
    await waitFor(
      () =>
        expect(screen.getByTestId('balance').textContent).toBe(
          `PHP ${(980 + outcome.win).toLocaleString('en', { minimumFractionDigits: 2 })}`,
        ),
      { timeout: 15000 },
    );
    expect(screen.getByTestId('win').textContent).toBe(`${outcome.win}.00`);
    // After a win the message tells of it (the round's win, or a winning line), never "Good luck!".
    expect(document.querySelector('.slot__message')!.textContent).toMatch(
      /^(You won \d[\d,.]*!|Line \d+:|\d × \w+ pays)/,
    );
    expect(bodies).toHaveLength(1);
  }, 60_000);
});
