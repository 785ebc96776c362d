import type { LeaderboardView, MallItem, MissionView, PointsOverview, RewardItem } from '@sea/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { lastSocket, sockets } from '../../test/fake-socket.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

/** Reward centre (claim once, history), missions (progress bars, check-in), leaderboard, points mall (redeem). */
const reward = (over: Partial<RewardItem> = {}): RewardItem => ({
  reference: 'RWD-AAAA1111',
  source: 'mission',
  kind: 'cash',
  bonusTerms: null,
  title: 'Daily check-in',
  amount: '500',
  status: 'claimable',
  expiresAt: '2026-12-05T04:00:00.000Z',
  claimedAt: null,
  createdAt: '2026-11-28T04:00:00.000Z',
  ...over,
});
const mission = (over: Partial<MissionView> = {}): MissionView => ({
  id: '1',
  kind: 'check_in',
  period: 'daily',
  category: null,
  title: 'Daily check-in',
  target: '1',
  progress: '0',
  reward: '500',
  endsAt: '2026-11-28T16:00:00.000Z',
  completed: false,
  streak: 0,
  payAs: 'cash',
  bonusTerms: null,
  ...over,
});
const board: LeaderboardView = {
  period: 'daily',
  metric: 'valid_bet',
  windowKey: '2026-11-28',
  endsAt: '2026-11-28T16:00:00.000Z',
  list: [
    { rank: 1, account: 'ab***c', score: '500000' },
    { rank: 2, account: 'de***f', score: '120000' },
  ],
  me: { rank: 2, score: '120000' },
  prizes: [{ rank: 1, amount: '88800' }],
  payAs: 'cash',
  bonusTerms: null,
};

function setup(summary = { missions: 1, rewards: 1, points: '40' }) {
  const state = { rewards: [reward()], missions: [mission()], claims: 0, checkIns: 0 };
  server.use(
    http.get('*/wps/member/messages/unread', () => ok({ unreadCount: 0 })),
    http.get('*/wps/rewards/summary', () => ok(summary)),
    http.get('*/wps/rewards', ({ request }) => {
      const view = new URL(request.url).searchParams.get('view');
      const list = state.rewards.filter((r) => (view === 'history') === (r.status !== 'claimable'));
      return ok({ list, total: list.length, pageNo: 1, pageSize: 10 });
    }),
    http.post('*/wps/rewards/:ref/claim', () => {
      state.claims += 1;
      state.rewards = state.rewards.map((r) => ({ ...r, status: 'claimed', claimedAt: '2026-11-28T05:00:00.000Z' }));
      return ok(state.rewards[0]);
    }),
    http.get('*/wps/rewards/missions', () => ok({ list: state.missions })),
    http.post('*/wps/rewards/check-in', () => {
      state.checkIns += 1;
      state.missions = [mission({ progress: '1', completed: true, streak: 1 })];
      return ok({ list: state.missions });
    }),
    http.get('*/wps/rewards/leaderboard', () => ok(board)),
  );
  useSession.getState().setToken('r'.repeat(43));
  return state;
}

describe('reward centre', () => {
  it('lists a claimable reward, claims it once, and moves it to the history; badges follow the socket', async () => {
    const state = setup();
    const user = userEvent.setup();
    renderAt('/member/rewardCenter');
    expect(await screen.findByRole('heading', { name: 'Reward centre', level: 1 }, { timeout: 30_000 })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Member centre' });
    expect(await within(menu).findByRole('link', { name: 'Reward centre (1 unread)' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Claim PHP 5.00' }));
    expect(await screen.findByText('PHP 5.00 was added to your main wallet.')).toBeTruthy();
    expect(state.claims).toBe(1);
    expect(await screen.findByText('Nothing to claim right now. Complete a mission to earn a reward.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const item = (await screen.findByText('Daily check-in', { exact: false })).closest('li')!;
    expect(within(item).getByText('Claimed', { selector: '.rewards__status' })).toBeTruthy();

    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    server.use(http.get('*/wps/rewards/summary', () => ok({ missions: 0, rewards: 3, points: '0' })));
    act(() => lastSocket().fire('connect'));
    act(() => lastSocket().fire('rewards', { missions: 0, rewards: 3 }));
    expect(await within(menu).findByRole('link', { name: 'Reward centre (3 unread)' })).toBeTruthy();
  });

  it('a reward paid as bonus shows its wagering terms and says where the money went', async () => {
    const state = setup();
    state.rewards = [
      reward({
        source: 'cashback',
        kind: 'bonus',
        title: 'Slots cashback · 2026-11-27',
        amount: '2000',
        bonusTerms: { multiplier: 2, maxConversion: '1800', maxStake: null, expiryDays: 7 },
      }),
    ];
    const user = userEvent.setup();
    renderAt('/member/rewardCenter');
    expect(
      await screen.findByText('Bonus money: wager 2× within 7 days · converts at most PHP 18.00', undefined, {
        timeout: 30_000,
      }),
    ).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Claim PHP 20.00' }));
    expect(
      await screen.findByText('PHP 20.00 was added to your bonus account. Its wagering is in Bonus details.'),
    ).toBeTruthy();
    expect(state.claims).toBe(1);
  });
});

describe('missions and leaderboard', () => {
  it('shows progress bars, checks in, and shows the board with masked names and the own rank', async () => {
    const state = setup();
    const user = userEvent.setup();
    renderAt('/member/missionLeaderboard');
    const bar = await screen.findByRole('progressbar', { name: 'Progress of Daily check-in' }, { timeout: 30_000 });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Check in today' }));
    await waitFor(() =>
      expect(
        screen.getByRole('progressbar', { name: 'Progress of Daily check-in' }).getAttribute('aria-valuenow'),
      ).toBe('100'),
    );
    expect(state.checkIns).toBe(1);
    expect(screen.getByText('1 day in a row')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the reward centre' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    expect(within(table).getByText('ab***c')).toBeTruthy();
    expect(within(table).getByText('PHP 888.00')).toBeTruthy();
    expect(screen.getByTestId('my-rank').textContent).toBe('Your rank: 2 (1,200.00)');
    // Cash rewards and prizes: nothing about bonus money.
    expect(screen.queryByTestId('pay-as')).toBeNull();
  });

  it('says beside the reward and the prizes when they are paid as bonus money, with the wagering terms', async () => {
    const state = setup();
    const bonus = {
      payAs: 'bonus' as const,
      bonusTerms: { multiplier: 3, maxConversion: null, maxStake: '2000', expiryDays: 5 },
    };
    state.missions = [
      mission({ id: '2', kind: 'bet_amount', title: 'Spin 100', target: '10000', reward: '1500', ...bonus }),
      mission({ id: '3', kind: 'rounds', title: 'Play 5', target: '5', reward: '700' }),
    ];
    server.use(http.get('*/wps/rewards/leaderboard', () => ok({ ...board, ...bonus })));
    renderAt('/member/missionLeaderboard');
    const spin = await screen.findByRole('listitem', { name: 'Spin 100' }, { timeout: 30_000 });
    expect(within(spin).getByText('PHP 15.00')).toBeTruthy();
    expect(within(spin).getByTestId('pay-as').textContent).toBe(
      'Bonus money: wager 3× within 5 days · max stake PHP 20.00',
    );
    expect(within(screen.getByRole('listitem', { name: 'Play 5' })).queryByTestId('pay-as')).toBeNull();
    await screen.findByRole('table', { name: 'Leaderboard' });
    const board_ = screen.getByRole('region', { name: 'Leaderboard' });
    expect(within(board_).getByTestId('pay-as').textContent).toBe(
      'Bonus money: wager 3× within 5 days · max stake PHP 20.00',
    );
  });
});

describe('points mall', () => {
  it('redeems an item with the transaction password; stock and points drop', async () => {
    setup();
    let items: MallItem[] = [
      {
        id: '7',
        kind: 'cash',
        name: 'Credit 10',
        description: '',
        points: '30',
        cashAmount: '1000',
        stock: 5,
        perMemberLimit: 2,
      },
    ];
    let overview: PointsOverview = {
      balance: '40',
      earnedTotal: '40',
      today: '40',
      rules: {
        threshold: '100',
        dailyCap: '50',
        cashPerPoint: '10',
        defaultBps: 10000,
        contributions: [{ category: 'LIVE', bps: 1000 }],
      },
    };
    const sent: unknown[] = [];
    server.use(
      http.get('*/wps/points', () => ok(overview)),
      http.get('*/wps/points/mall', () => ok({ list: items })),
      http.get('*/wps/points/orders', () => ok({ list: [], total: 0, pageNo: 1, pageSize: 10 })),
      http.post('*/wps/points/mall/redeem', async ({ request }) => {
        sent.push(await request.json());
        items = [{ ...items[0]!, stock: 4 }];
        overview = { ...overview, balance: '10' };
        return ok({
          reference: 'PMO-AAAA2222',
          itemName: 'Credit 10',
          kind: 'cash',
          points: '30',
          cashAmount: '1000',
          address: null,
          status: 'paid',
          createdAt: '2026-11-28T05:00:00.000Z',
          shippedAt: null,
          refusedAt: null,
          refuseReason: null,
        });
      }),
    );
    const user = userEvent.setup();
    renderAt('/pointMall');
    expect(await screen.findByTestId('points-balance', undefined, { timeout: 30_000 })).toHaveProperty(
      'textContent',
      '40',
    );
    await user.click(await screen.findByRole('button', { name: 'Redeem: Credit 10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem Credit 10' });
    await user.click(within(dialog).getByRole('button', { name: 'Redeem now' }));
    expect(await within(dialog).findByText('Enter your transaction password')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Transaction password/), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Redeem now' }));
    expect(await within(dialog).findByText('Redeemed Credit 10. Order PMO-AAAA2222.')).toBeTruthy();
    expect(sent).toEqual([{ itemId: '7', transactionPassword: '246810' }]);
    await waitFor(() => expect(screen.getByTestId('points-balance').textContent).toBe('10'));
    expect(screen.getByTestId('stock-7').textContent).toMatch(/In stock: 4/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('tab', { name: 'Points rules' }));
    const rates = await screen.findByRole('table', { name: 'Exchange rate table' });
    expect(within(rates).getByText('10%')).toBeTruthy();
  });
});
