import type { HouseRound } from '@sea/contracts';
import { commitServerSeed, playRound, type SlotRoundResult } from '@sea/games';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const seeds = { serverSeed: 'a revealed seed for the page', clientSeed: 'c-seed', nonce: 7 };
const bet = { lines: 10, betLevel: 5 };
const outcome = playRound({ gameId: 'slot-lucky-dragon', seeds, bet });

function stored(over: Partial<HouseRound> = {}): HouseRound {
  return {
    id: '9',
    gameId: 'slot-lucky-dragon',
    mathVersion: 1,
    status: 'settled',
    freePlay: false,
    bet,
    holds: null,
    stakeCredits: 50,
    winCredits: outcome.win,
    stake: '5000',
    win: String(outcome.win * 100),
    result: JSON.parse(JSON.stringify(outcome.result)) as Record<string, unknown>,
    nonce: 7,
    clientSeed: seeds.clientSeed,
    serverSeedHash: commitServerSeed(seeds.serverSeed),
    serverSeed: seeds.serverSeed,
    createdAt: '2026-01-02T03:04:05.000Z',
    settledAt: '2026-01-02T03:04:06.000Z',
    ...over,
  };
}

function serve(round: HouseRound) {
  let current = round;
  server.use(
    http.get('*/wps/house/fairness', () =>
      ok({ serverSeedHash: round.serverSeedHash, nextServerSeedHash: 'f'.repeat(64), clientSeed: 'c-seed', nonce: 8 }),
    ),
    http.get('*/wps/house/rounds/:id', ({ params }) =>
      params.id === current.id
        ? ok(current)
        : HttpResponse.json(
            { success: false, code: 'not_found', message: 'No such round.', value: null },
            { status: 404 },
          ),
    ),
    http.post('*/wps/house/seed', () => {
      current = { ...current, serverSeed: seeds.serverSeed };
      return ok({
        revealed: {
          serverSeed: seeds.serverSeed,
          serverSeedHash: current.serverSeedHash,
          clientSeed: 'c-seed',
          rounds: 1,
        },
        next: { serverSeedHash: 'b'.repeat(64), nextServerSeedHash: 'c'.repeat(64), clientSeed: 'n', nonce: 0 },
      });
    }),
  );
  useSession.getState().setToken('t'.repeat(43));
}

describe('fairness page', () => {
  it('shows the seed pair with the next server seed hash, and checks both promises when the client seed changes', async () => {
    const current = 'current server seed';
    const next = 'next server seed, committed ahead';
    let body: unknown;
    let pair = {
      serverSeedHash: commitServerSeed(current),
      nextServerSeedHash: commitServerSeed(next),
      clientSeed: 'old-client',
      nonce: 4,
    };
    server.use(
      http.get('*/wps/house/fairness', () => ok(pair)),
      http.post('*/wps/house/seed', async ({ request }) => {
        body = await request.json();
        const revealed = {
          serverSeed: current,
          serverSeedHash: pair.serverSeedHash,
          clientSeed: 'old-client',
          rounds: 4,
        };
        pair = {
          serverSeedHash: commitServerSeed(next),
          nextServerSeedHash: 'd'.repeat(64),
          clientSeed: 'my-pick',
          nonce: 0,
        };
        return ok({ revealed, next: pair });
      }),
    );
    useSession.getState().setToken('t'.repeat(43));
    const user = userEvent.setup();
    renderAt('/fairness');
    expect((await screen.findByTestId('next-hash', {}, { timeout: 10_000 })).textContent).toBe(commitServerSeed(next));
    expect(screen.getByTestId('current-hash').textContent).toBe(commitServerSeed(current));
    expect(screen.getByText('What we commit to')).toBeTruthy();
    await user.type(screen.getByLabelText(/^New client seed/), 'has space');
    await user.click(screen.getByRole('button', { name: 'Change the seed pair (reveals the current server seed)' }));
    expect(await screen.findByText('Use 1–64 printable characters without spaces.')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^New client seed/));
    await user.type(screen.getByLabelText(/^New client seed/), 'my-pick');
    await user.click(screen.getByRole('button', { name: 'Change the seed pair (reveals the current server seed)' }));
    const rotated = await screen.findByTestId('rotated', {}, { timeout: 10_000 });
    expect(body).toEqual({ clientSeed: 'my-pick' });
    expect(
      within(rotated).getByText('SHA-256 of the revealed server seed equals the hash you were shown.'),
    ).toBeTruthy();
    expect(
      within(rotated).getByText(
        'Your new pair uses the server seed whose hash was committed before you chose your client seed.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('next-hash').textContent).toBe('d'.repeat(64)));
  });

  it('says so when the new pair does not use the server seed committed ahead', async () => {
    const pair = {
      serverSeedHash: commitServerSeed('s1'),
      nextServerSeedHash: commitServerSeed('s2'),
      clientSeed: 'c',
      nonce: 0,
    };
    server.use(
      http.get('*/wps/house/fairness', () => ok(pair)),
      http.post('*/wps/house/seed', () =>
        ok({
          revealed: { serverSeed: 's1', serverSeedHash: pair.serverSeedHash, clientSeed: 'c', rounds: 1 },
          next: {
            serverSeedHash: commitServerSeed('another'),
            nextServerSeedHash: 'e'.repeat(64),
            clientSeed: 'x',
            nonce: 0,
          },
        }),
      ),
    );
    useSession.getState().setToken('t'.repeat(43));
    const user = userEvent.setup();
    renderAt('/fairness');
    await screen.findByTestId('next-hash', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Change the seed pair (reveals the current server seed)' }));
    const rotated = await screen.findByTestId('rotated', {}, { timeout: 10_000 });
    expect(
      within(rotated).getByText(
        'Your new pair does NOT use the server seed committed before you chose your client seed.',
      ),
    ).toBeTruthy();
  });

  it('recomputes a stored round from ?round= and confirms hash and result', async () => {
    serve(stored());
    renderAt('/fairness?round=9');
    const verdict = await screen.findByTestId('verification', {}, { timeout: 10_000 });
    expect(within(verdict).getByText('SHA-256 of the server seed equals the committed hash.')).toBeTruthy();
    expect(within(verdict).getByText('The recomputed outcome matches the stored result.')).toBeTruthy();
    expect(
      within(verdict).getByText(
        `Win: ${(outcome.win * 1).toLocaleString('en', { minimumFractionDigits: 2 })} (${outcome.win} credits)`,
      ),
    ).toBeTruthy();
    // The reels show the game's symbols as images (drawn like the game's), not their ids ("lantern").
    const grid = verdict.querySelector('.fairness__grid')!;
    const cells = [...grid.querySelectorAll('td')];
    expect(cells).toHaveLength(15);
    expect(cells.every((c) => c.textContent === '' && c.querySelector('canvas[role="img"]'))).toBe(true);
    const base = (outcome.result as SlotRoundResult).spins[0]!;
    expect(
      within(grid as HTMLElement)
        .getAllByRole('img')[0]!
        .getAttribute('aria-label'),
    ).toBe(base.grid[0]![0]);
  });

  it('says so when the stored result does not match what the seeds give', async () => {
    const wrong = JSON.parse(JSON.stringify(outcome.result)) as { spins: { stops: number[] }[] };
    wrong.spins[0]!.stops = wrong.spins[0]!.stops.map((s) => s + 1);
    serve(stored({ result: wrong as unknown as Record<string, unknown> }));
    renderAt('/fairness?round=9');
    const verdict = await screen.findByTestId('verification', {}, { timeout: 10_000 });
    expect(within(verdict).getByText('The recomputed outcome does NOT match the stored result.')).toBeTruthy();
  });

  it('explains a server seed not revealed yet, and reveals it on request', async () => {
    serve(stored({ serverSeed: null }));
    const user = userEvent.setup();
    renderAt('/fairness?round=9');
    expect(
      await screen.findByText('The server seed of this round is still secret', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('verification')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reveal the seed now (starts a new seed pair)' }));
    const verdict = await screen.findByTestId('verification', {}, { timeout: 10_000 });
    expect(within(verdict).getByText('The recomputed outcome matches the stored result.')).toBeTruthy();
  });

  it('checks seeds typed by hand (mismatching hash shown as such)', async () => {
    useSession.getState().clear();
    const user = userEvent.setup();
    renderAt('/fairness');
    await screen.findByText(
      'Log in to load your own rounds by their ID, or enter the seeds below.',
      {},
      { timeout: 10_000 },
    );
    await user.selectOptions(screen.getByLabelText('Game'), 'scratch-lucky-match');
    await user.type(screen.getByLabelText(/^Server seed/), seeds.serverSeed);
    await user.type(screen.getByLabelText('Committed hash (optional)'), 'e'.repeat(64));
    await user.type(screen.getByLabelText(/^Client seed/), seeds.clientSeed);
    await user.clear(screen.getByLabelText(/^Nonce/));
    await user.type(screen.getByLabelText(/^Nonce/), '7');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const verdict = await screen.findByTestId('verification', {}, { timeout: 10_000 });
    expect(within(verdict).getByText('SHA-256 of the server seed does NOT equal the committed hash.')).toBeTruthy();
    const scratch = playRound({ gameId: 'scratch-lucky-match', seeds, bet: { betLevel: 1 } });
    await waitFor(() => expect(within(verdict).getByText(`Win: ${scratch.win} credits`)).toBeTruthy());
  });
});
