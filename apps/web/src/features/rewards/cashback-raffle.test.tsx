import type { CashbackStanding, PlayerRaffle, RaffleDetail } from '@sea/contracts';
import { commitServerSeed, drawRaffle } from '@sea/games';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';
import { verifyRaffle } from './RafflePage.tsx';

/** The reward centre's cashback and raffle blocks, and a raffle's page with its in-browser verification. */
const money = { currency: 'PHP', exponent: 2 };
const standing = (over: Partial<CashbackStanding> = {}): CashbackStanding => ({
  id: '1',
  title: 'Daily slots cashback',
  period: 'daily',
  payAs: 'cash',
  bonusTerms: null,
  percentBp: 1000,
  minNetLoss: '1000',
  cap: '5000',
  categories: ['SLOT'],
  periodKey: '2026-11-28',
  periodEndsAt: '2026-11-28T16:00:00.000Z',
  netLoss: '30000',
  expected: '3000',
  ...over,
});
const seed = 'a'.repeat(64);
const summary = {
  id: '7',
  title: 'Weekend raffle',
  startsAt: '2026-11-28T00:00:00.000Z',
  endsAt: '2026-11-29T00:00:00.000Z',
  drawAt: '2026-11-29T00:00:00.000Z',
  turnoverPerTicket: '10000',
  maxTickets: 5,
  categories: [],
  prizes: ['10000', '5000'],
  status: 'drawn' as const,
  seedHash: commitServerSeed(seed),
  seed,
  drawnAt: '2026-11-29T00:00:10.000Z',
  entrants: 2,
  tickets: 8,
  payAs: 'cash' as const,
  bonusTerms: null,
};
const blocks = [
  { holder: 'ab***c', tickets: 3, from: 1 },
  { holder: 'de***f', tickets: 5, from: 4 },
];
const winners = drawRaffle(seed, '7', 8, 2).map((ticket, i) => ({
  rank: i + 1,
  ticket,
  holder: ticket <= 3 ? 'ab***c' : 'de***f',
  amount: summary.prizes[i]!,
  mine: ticket <= 3,
}));
const detail: RaffleDetail = {
  raffle: summary,
  algorithm: 'raffle-fisher-yates-hmac-sha256-v1',
  blocks,
  winners,
  mine: { turnover: '35000', tickets: 3, from: 1 },
  ...money,
};
const playerRaffle: PlayerRaffle = {
  ...summary,
  status: 'open',
  seed: null,
  drawnAt: null,
  myTickets: 3,
  myTurnover: '35000',
};

function setup(list: CashbackStanding[]) {
  server.use(
    http.get('*/wps/member/messages/unread', () => ok({ unreadCount: 0 })),
    http.get('*/wps/rewards/summary', () => ok({ missions: 0, rewards: 0, points: '0' })),
    http.get('*/wps/rewards', () => ok({ list: [], total: 0, pageNo: 1, pageSize: 10 })),
    http.get('*/wps/cashback', () => ok({ list, ...money })),
    http.get('*/wps/raffles', () => ok({ list: [playerRaffle], ...money })),
    http.get('*/wps/raffles/:id', () => ok(detail)),
  );
  useSession.getState().setToken('c'.repeat(43));
}

describe('cashback and raffles in the reward centre', () => {
  it("shows the running period's net loss and expected cashback, and the member's raffle tickets", async () => {
    setup([standing(), standing({ id: '2', title: 'Weekly live', period: 'weekly', netLoss: '-500', expected: '0' })]);
    renderAt('/member/rewardCenter');
    const daily = await screen.findByRole('listitem', { name: 'Daily slots cashback' }, { timeout: 30_000 });
    expect(within(daily).getByText('PHP 300.00')).toBeTruthy();
    expect(within(daily).getByText('PHP 30.00')).toBeTruthy();
    expect(within(daily).getByText('10 % of net loss from PHP 10.00, up to PHP 50.00', { exact: false })).toBeTruthy();
    const weekly = screen.getByRole('listitem', { name: 'Weekly live' });
    expect(within(weekly).getByText('You are ahead this period: no cashback.')).toBeTruthy();
    const raffle = await screen.findByRole('listitem', { name: 'Weekend raffle' });
    expect(within(raffle).getByText('You have 3 tickets')).toBeTruthy();
    expect(within(raffle).getByRole('link', { name: 'Tickets and draw of Weekend raffle' }).getAttribute('href')).toBe(
      '/raffle/7',
    );
  });

  it('shows an empty cashback block when there is no programme', async () => {
    setup([]);
    renderAt('/member/rewardCenter');
    expect(
      await screen.findByText('There is no cashback programme right now.', undefined, { timeout: 30_000 }),
    ).toBeTruthy();
  });
});

describe('raffle page', () => {
  it('shows my tickets, the winners and verifies the draw in the browser', async () => {
    setup([]);
    const user = userEvent.setup();
    renderAt('/raffle/7');
    expect(await screen.findByRole('heading', { name: 'Weekend raffle', level: 1 }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('You have 3 tickets')).toBeTruthy();
    expect(screen.getByText(seed)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Winners' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Verify in this browser' }));
    expect(
      await screen.findByText('Verified: the seed matches its hash and the winners are exactly these tickets.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('pay-as')).toBeNull(); // prizes in cash: nothing more said
  });

  it('says beside the prizes when they are paid as bonus money (raffle page and the reward centre)', async () => {
    const bonus = {
      payAs: 'bonus' as const,
      bonusTerms: { multiplier: 3, maxConversion: null, maxStake: '2000', expiryDays: 5 },
    };
    setup([]);
    server.use(
      http.get('*/wps/raffles', () => ok({ list: [{ ...playerRaffle, ...bonus }], ...money })),
      http.get('*/wps/raffles/:id', () => ok({ ...detail, raffle: { ...summary, ...bonus } })),
    );
    renderAt('/raffle/7');
    expect(await screen.findByRole('heading', { name: 'Weekend raffle', level: 1 }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByTestId('pay-as').textContent).toBe('Bonus money: wager 3× within 5 days · max stake PHP 20.00');
    cleanup();
    renderAt('/member/rewardCenter');
    const raffle = await screen.findByRole('listitem', { name: 'Weekend raffle' }, { timeout: 30_000 });
    expect(within(raffle).getByTestId('pay-as').textContent).toBe(
      'Bonus money: wager 3× within 5 days · max stake PHP 20.00',
    );
  });

  it('refuses a result that does not follow from the seed, or a seed that does not match its hash', () => {
    expect(verifyRaffle(detail)).toBe(true);
    const other = winners.map((w) => ({ ...w, ticket: (w.ticket % 8) + 1 }));
    expect(verifyRaffle({ ...detail, winners: other })).toBe(false);
    expect(verifyRaffle({ ...detail, raffle: { ...summary, seed: 'b'.repeat(64) } })).toBe(false);
    expect(verifyRaffle({ ...detail, blocks: [{ holder: 'x', tickets: 9, from: 1 }] })).toBe(false);
  });
});
