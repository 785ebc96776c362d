import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { LotteryGame, MyLotteryBet, PlaceLotteryBets } from '../../api/lottery.ts';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';
import { emptyBets, lotteryChain, lotteryGame } from './test-data.ts';

const results = { page: 1, pageSize: 1, total: 0, list: [] };

function serve(games: (() => LotteryGame)[]) {
  let calls = 0;
  let balanceCalls = 0;
  server.use(
    http.get('*/lgw/lottery/games/:code', () => {
      const g = games[Math.min(calls, games.length - 1)]!();
      calls += 1;
      return ok(g);
    }),
    http.get('*/lgw/lottery/games/:code/results', () => ok(results)),
    http.get('*/wps/lottery/bets', () => ok(emptyBets)),
    http.get('*/wps/v2/wallets/balance', () => {
      balanceCalls += 1;
      return ok({ currency: 'PHP', exponent: 2, main: { balance: '100000', available: '100000' }, vendors: [] });
    }),
  );
  useSession.getState().setToken('t'.repeat(43));
  return { balanceCalls: () => balanceCalls };
}

afterEach(() => useSession.getState().clear());

async function pickStraight2(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: '2 straight' }, { timeout: 10_000 }));
  const fourth = screen.getByRole('group', { name: '4th' });
  const fifth = screen.getByRole('group', { name: '5th' });
  await user.click(within(fourth).getByRole('button', { name: '1, 4th' }));
  await user.click(within(fourth).getByRole('button', { name: '2, 4th' }));
  await user.click(within(fifth).getByRole('button', { name: '3, 5th' }));
}

describe('lottery game page', { timeout: 30_000 }, () => {
  it('builds a bet with live units and charge, and puts the server field errors on the bet', async () => {
    serve([() => lotteryGame()]);
    let body: PlaceLotteryBets | null = null;
    server.use(
      http.post('*/wps/lottery/bets', async ({ request }) => {
        body = (await request.json()) as PlaceLotteryBets;
        return HttpResponse.json(
          {
            success: false,
            code: 'invalid_bet',
            message: 'A bet is not valid.',
            value: {
              fields: [{ field: 'bets.0.selection', reason: 'invalid_bet', message: 'position 2: pick at least 1' }],
            },
          },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    renderAt('/lottery/elott-ssc-1m');
    expect(await screen.findByText('20261126-0961', {}, { timeout: 10_000 })).toBeTruthy();
    await pickStraight2(user);
    const pressed = screen.getByRole('button', { name: '1, 4th' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('live-charge').textContent).toBe('2 units × 1.00 = 2.00');
    const stake = screen.getByRole('textbox', { name: /Unit stake/ });
    await user.clear(stake);
    await user.type(stake, '1.5');
    expect(screen.getByText('The unit stake must be a multiple of 1.00.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to slip' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(stake);
    await user.type(stake, '5');
    expect(screen.getByTestId('live-charge').textContent).toBe('2 units × 5.00 = 10.00');
    await user.click(screen.getByRole('button', { name: 'Add to slip' }));
    const slip = screen.getByTestId('slip');
    expect(within(slip).getByText('1,2|3')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Chase' }), '3');
    expect(screen.getByTestId('slip-total').textContent).toBe('30.00');
    await user.click(screen.getByRole('button', { name: 'Place bets' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-total').textContent).toBe('30.00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This bet: position 2: pick at least 1')).toBeTruthy();
    expect(body).toMatchObject({
      gameCode: 'elott-ssc-1m',
      issueId: '20261126-0961',
      bets: [{ code: 'ssc.straight.2b', selection: { positions: [[1, 2], [3]] }, unitStake: '500' }],
      chase: { issues: 3, stopOnWin: true },
    });
    expect(body!.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the requestId across a retry after a lost answer; success clears the slip and refetches the balance', async () => {
    const s = serve([() => lotteryGame()]);
    const ids: string[] = [];
    server.use(
      http.post('*/wps/lottery/bets', async ({ request }) => {
        const b = (await request.json()) as PlaceLotteryBets;
        ids.push(b.requestId);
        if (ids.length === 1) return HttpResponse.error();
        return ok({ orderRef: 'L-77', charge: '200', balance: '99800', bets: [] });
      }),
    );
    const user = userEvent.setup();
    renderAt('/lottery/elott-ssc-1m');
    await pickStraight2(user);
    await user.click(screen.getByRole('button', { name: 'Add to slip' }));
    await user.click(screen.getByRole('button', { name: 'Place bets' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await within(dialog).findByRole('alert');
    const before = s.balanceCalls();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Bets placed: order L-77, charged 2.00.')).toBeTruthy();
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(screen.queryByTestId('slip')).toBeNull();
    await waitFor(() => expect(s.balanceCalls()).toBeGreaterThan(before));
  });

  it('shows "closed, drawing…" after the close and rolls over to the next issue', async () => {
    const now = Date.now();
    const closed = () =>
      lotteryGame({
        current: {
          issueId: '20261126-0961',
          status: 'closed',
          closesAt: new Date(now - 9_000).toISOString(),
          drawsAt: new Date(now - 1_000).toISOString(),
        },
      });
    const next = () =>
      lotteryGame({
        current: {
          issueId: '20261126-0962',
          status: 'open',
          closesAt: new Date(Date.now() + 50_000).toISOString(),
          drawsAt: new Date(Date.now() + 60_000).toISOString(),
        },
      });
    serve([closed, closed, next]);
    renderAt('/lottery/elott-ssc-1m');
    const issue = await screen.findByTestId('current-issue', {}, { timeout: 10_000 });
    expect(within(issue).getByText('20261126-0961')).toBeTruthy();
    expect(within(issue).getByText('Closed, drawing…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Place bets' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(within(issue).getByText('20261126-0962')).toBeTruthy(), { timeout: 10_000 });
    expect(within(issue).getByText('Closes in')).toBeTruthy();
  });

  it('my bets: statuses, payout, totals; a bet of the open issue can be cancelled', async () => {
    serve([() => lotteryGame()]);
    const bet = (over: Partial<MyLotteryBet>): MyLotteryBet => ({
      ref: 'B1',
      orderRef: 'O1',
      gameCode: 'elott-ssc-1m',
      issueId: '20261126-0961',
      code: 'ssc.bsoe.sum',
      selection: { sides: ['big'] },
      describe: 'big',
      units: 1,
      unitStake: '100',
      charge: '100',
      status: 'placed',
      payout: '0',
      lines: [],
      createdAt: '2026-11-26T10:00:00.000Z',
      settledAt: null,
      ...over,
    });
    let list = [
      bet({}),
      bet({ ref: 'B2', issueId: '20261126-0960', status: 'won', payout: '196', settledAt: '2026-11-26T10:00:00.000Z' }),
      bet({ ref: 'B3', issueId: '20261126-0959', status: 'lost', settledAt: '2026-11-26T10:00:00.000Z' }),
    ];
    let cancelled = '';
    server.use(
      http.get('*/wps/lottery/bets', () =>
        ok({ page: 1, pageSize: 20, total: list.length, list, totals: { charge: '300', payout: '196' } }),
      ),
      http.post('*/wps/lottery/bets/:ref/cancel', ({ params }) => {
        cancelled = String(params.ref);
        list = list.map((b) => (b.ref === cancelled ? { ...b, status: 'refunded' as const } : b));
        return ok(list[0]);
      }),
    );
    const user = userEvent.setup();
    renderAt('/lottery/elott-ssc-1m');
    await user.click(await screen.findByRole('tab', { name: 'My bets' }, { timeout: 10_000 }));
    const bets = await screen.findByTestId('my-bets');
    const items = within(bets).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/^(Placed|Won|Lost|Refunded)$/).textContent)).toEqual([
      'Placed',
      'Won',
      'Lost',
    ]);
    expect(within(items[1]!).getByText('1.96')).toBeTruthy();
    expect(screen.getByTestId('my-bets-totals').textContent).toBe('Totals: charged 3.00, paid 1.96');
    expect(within(items[1]!).queryByRole('button', { name: 'Cancel bet' })).toBeNull();
    await user.click(within(items[0]!).getByRole('button', { name: 'Cancel bet' }));
    expect(await screen.findByText('Bet cancelled and refunded.')).toBeTruthy();
    expect(cancelled).toBe('B1');
    await waitFor(() => expect(within(screen.getByTestId('my-bets')).getByText('Refunded')).toBeTruthy());
  });

  it('shows the chain’s commitment and, once published, the next chain’s; the tabs move with the arrow keys', async () => {
    const next = lotteryChain({ seq: 2, chainId: 'c2', terminalHash: 'b'.repeat(64), firstIssueId: '20270203-0641' });
    serve([() => lotteryGame({ nextChain: next })]);
    const user = userEvent.setup();
    renderAt('/lottery/elott-ssc-1m');
    const info = await screen.findByTestId('chain-info', {}, { timeout: 10_000 });
    await user.click(within(info).getByText('Provably fair · chain #1'));
    expect(within(info).getByText('a'.repeat(64))).toBeTruthy();
    expect(within(info).getByText(/^Next chain #2 from issue 20270203-0641, published /)).toBeTruthy();
    expect(within(info).getByText('b'.repeat(64))).toBeTruthy();
    const bet = screen.getByRole('tab', { name: 'Bet' });
    bet.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Results' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Results' }));
  });
});
