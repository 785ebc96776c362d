import type {
  LotteryAdminGame,
  LotteryAdminIssue,
  LotteryAdminIssueDetail,
  LotteryCorrectionPreview,
  LotteryShortfall,
} from '@sea/contracts';
import { VN_PRIZES } from '@sea/games';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, searchOf, server } from '../../test/render-admin.tsx';
import { layoutOf } from './result-layout.ts';

const issue = (over: Partial<LotteryAdminIssue> = {}): LotteryAdminIssue => ({
  gameCode: 'vn-mt-danang',
  gameName: 'Đà Nẵng',
  kind: 'vn',
  source: 'manual',
  issueId: '20261128-0001',
  status: 'awaiting',
  closesAt: '2026-11-28T10:10:00.000Z',
  drawsAt: '2026-11-28T10:15:00.000Z',
  drawnAt: null,
  settledAt: null,
  bets: 3,
  stake: '45000',
  payout: '0',
  houseResult: '45000',
  winners: 0,
  pendingResult: false,
  ...over,
});

const detail = (over: Partial<LotteryAdminIssueDetail> = {}): LotteryAdminIssueDetail => ({
  issue: issue(),
  currency: 'PHP',
  exponent: 2,
  region: 'MT',
  board: null,
  numbers: null,
  versions: [],
  refundedBets: 0,
  refunded: '0',
  ...over,
});

const game: LotteryAdminGame = {
  gameCode: 'vn-mt-danang',
  name: 'Đà Nẵng',
  kind: 'vn',
  source: 'manual',
  enabled: true,
  intervalSeconds: 86400,
  region: 'MT',
  station: 'Đà Nẵng',
  timezone: 'Asia/Ho_Chi_Minh',
  drawTime: '17:15',
  weekdays: [3, 6],
  monthDays: null,
  closeSeconds: 300,
  prizeGroup: 1960,
  minUnitStake: '100',
  maxUnitStake: '1000000',
  maxNumberStake: '5000000',
};

const gamesHandler = () =>
  http.get('*/admin/api/lottery/games', () => ok({ currency: 'PHP', exponent: 2, items: [game] }));

/** Types a whole MT result: every number of every prize, `de` the special prize's last two digits. */
async function typeMtResult(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, de: string) {
  for (const row of layoutOf('vn', 'MT'))
    for (let n = 0; n < row.count; n++) {
      const digits =
        row.key === 'DB'
          ? `1234${de}`
          : String(n + 1)
              .repeat(row.digits)
              .slice(0, row.digits);
      const input = within(form).getByLabelText(new RegExp(`^${prizeLabel(row.key)}, number ${n + 1}$`));
      await user.type(input, digits);
    }
}
const prizeLabel = (key: string) =>
  ({
    DB: 'Special',
    G1: 'Prize 1',
    G2: 'Prize 2',
    G3: 'Prize 3',
    G4: 'Prize 4',
    G5: 'Prize 5',
    G6: 'Prize 6',
    G7: 'Prize 7',
    G8: 'Prize 8',
  })[key]!;

describe('lottery', () => {
  it('the result form has the prizes of the engine (packages/games)', () => {
    expect(layoutOf('vn', 'MB')).toEqual(VN_PRIZES.MB);
    expect(layoutOf('vn', 'MT')).toEqual(VN_PRIZES.MNT);
    expect(layoutOf('vn', 'MN')).toEqual(VN_PRIZES.MNT);
  });

  it('draws list: totals, filters kept in the URL and sent to the server, a row opens its draw', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      gamesHandler(),
      http.get('*/admin/api/lottery/issues', async ({ request }) => {
        await calls.record(request);
        return ok({
          total: 1,
          currency: 'PHP',
          exponent: 2,
          items: [issue({ status: 'settled', payout: '95000', houseResult: '-50000' })],
        });
      }),
      http.get('*/admin/api/lottery/games/:g/issues/:i', () => ok(detail())),
    );
    const { router } = renderAdmin('/lottery/issues?status=settled', { token: 't' });
    expect(await screen.findByText('-500.00')).toBeTruthy();
    expect(calls.calls[0]!.query).toEqual({ status: 'settled', pageNo: '1', pageSize: '20' });
    await user.selectOptions(await screen.findByLabelText('Game'), 'vn-mt-danang');
    await waitFor(() => expect(searchOf(router)).toMatchObject({ status: 'settled', gameCode: 'vn-mt-danang' }));
    await waitFor(() => expect(calls.calls.at(-1)!.query).toMatchObject({ gameCode: 'vn-mt-danang' }));
    await user.click(screen.getByRole('link', { name: '20261128-0001' }));
    expect(await screen.findByRole('heading', { name: 'Draw 20261128-0001 · Đà Nẵng' })).toBeTruthy();
  });

  it('the one who entered a result cannot confirm it: the page says so and offers only discarding', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    const pending = detail({
      issue: issue({ pendingResult: true }),
      versions: [
        {
          version: 1,
          source: 'manual',
          status: 'pending',
          enteredBy: '1',
          enteredByName: 'me',
          enteredAt: '2026-11-28T10:20:00.000Z',
          confirmedBy: null,
          confirmedByName: null,
          confirmedAt: null,
          appliedAt: null,
          board: null,
        },
      ],
    });
    server.use(
      meHandler(meOf({ id: '1' })),
      http.get('*/admin/api/lottery/games/:g/issues/:i', () => ok(pending)),
      http.post('*/admin/api/lottery/results/discard', async ({ request }) => {
        await calls.record(request);
        return ok({});
      }),
    );
    renderAdmin('/lottery/issues/vn-mt-danang/20261128-0001', { token: 't' });
    expect(await screen.findByText(/You entered this result, so another staff member must confirm it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm result' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Discard entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the entry of draw 20261128-0001?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard entry' }));
    await waitFor(() => expect(calls.calls[0]?.body).toEqual({ gameCode: 'vn-mt-danang', issueId: '20261128-0001' }));
  });

  it('a second staff member confirms by typing the result again; the server’s refusal is shown', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let answer: 'mismatch' | 'ok' = 'mismatch';
    const pending = detail({
      issue: issue({ pendingResult: true }),
      versions: [
        {
          version: 1,
          source: 'manual',
          status: 'pending',
          enteredBy: '5',
          enteredByName: 'lena.ops',
          enteredAt: '2026-11-28T10:20:00.000Z',
          confirmedBy: null,
          confirmedByName: null,
          confirmedAt: null,
          appliedAt: null,
          board: null,
        },
      ],
    });
    server.use(
      meHandler(meOf({ id: '1' })),
      http.get('*/admin/api/lottery/games/:g/issues/:i', () => ok(pending)),
      http.post('*/admin/api/lottery/results/confirm', async ({ request }) => {
        await calls.record(request);
        return answer === 'ok'
          ? ok({})
          : fail(409, 'lottery_result_mismatch', 'The result does not match the one entered; nothing changed.');
      }),
    );
    renderAdmin('/lottery/issues/vn-mt-danang/20261128-0001', { token: 't' });
    // The staff member by username, never by an internal number.
    expect(await screen.findByText(/entered by lena\.ops .*waiting for a second staff member/)).toBeTruthy();
    expect(screen.queryByText(/staff #5/)).toBeNull();
    expect(screen.getAllByText(/lena\.ops/).length).toBeGreaterThanOrEqual(2);
    const form = screen.getByRole('form', { name: 'Confirm the result' });
    // Incomplete numbers never reach the server.
    await user.click(within(form).getByRole('button', { name: 'Confirm result' }));
    expect(await within(form).findByText(/Fill in every number/)).toBeTruthy();
    expect(calls.calls).toHaveLength(0);
    await typeMtResult(user, form, '42');
    await user.click(within(form).getByRole('button', { name: 'Confirm result' }));
    expect(await within(form).findByText(/does not match the one entered/)).toBeTruthy();
    const body = calls.calls[0]!.body as {
      gameCode: string;
      result: { region: string; prizes: Record<string, string[]> };
    };
    expect(body.gameCode).toBe('vn-mt-danang');
    expect(body.result.region).toBe('MT');
    expect(body.result.prizes.DB).toEqual(['123442']);
    expect(body.result.prizes.G4).toHaveLength(7);
    answer = 'ok';
    await user.click(within(form).getByRole('button', { name: 'Confirm result' }));
    await waitFor(() => expect(calls.calls).toHaveLength(2));
  });

  it('a correction of a settled draw shows who gains and who loses before it is sent', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    const preview: LotteryCorrectionPreview = {
      gameCode: 'vn-mt-danang',
      issueId: '20261128-0001',
      version: 2,
      members: [
        {
          memberId: '7',
          memberAccount: 'member7',
          bets: 1,
          oldPayout: '95000',
          newPayout: '0',
          difference: '-95000',
          available: '20000',
          shortfall: '75000',
        },
        {
          memberId: '8',
          memberAccount: 'member8',
          bets: 1,
          oldPayout: '0',
          newPayout: '9500',
          difference: '9500',
          available: '0',
          shortfall: '0',
        },
      ],
      totals: {
        members: 2,
        bets: 2,
        gainers: 1,
        losers: 1,
        oldPayout: '95000',
        newPayout: '9500',
        difference: '-85500',
        shortfall: '75000',
      },
      currency: 'PHP',
      exponent: 2,
    };
    server.use(
      meHandler(),
      http.get('*/admin/api/lottery/games/:g/issues/:i', () =>
        ok(
          detail({
            issue: issue({ status: 'settled', payout: '95000' }),
            board: [{ prize: 'DB', numbers: ['123442'] }],
          }),
        ),
      ),
      http.post('*/admin/api/lottery/results/preview', async ({ request }) => {
        await calls.record(request);
        return ok(preview);
      }),
      http.post('*/admin/api/lottery/results', async ({ request }) => {
        await calls.record(request);
        return ok({});
      }),
    );
    renderAdmin('/lottery/issues/vn-mt-danang/20261128-0001', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Correct the result' }));
    const form = screen.getByRole('form', { name: 'Enter the result' });
    await typeMtResult(user, form, '37');
    await user.click(within(form).getByRole('button', { name: 'Preview who gains and who loses' }));
    const table = await screen.findByRole('region', { name: 'Correction preview' });
    expect(within(table).getByText(/2 members — 1 gain, 1 lose/)).toBeTruthy();
    const row = within(table).getByRole('row', { name: /member7/ });
    expect(within(row).getByText('-950.00')).toBeTruthy();
    expect(within(row).getByText('750.00')).toBeTruthy();
    expect(calls.calls[0]!.path).toBe('/admin/api/lottery/results/preview');
    await user.click(within(form).getByRole('button', { name: 'Submit for confirmation' }));
    await waitFor(() => expect(calls.calls.at(-1)!.path).toBe('/admin/api/lottery/results'));
    expect(calls.calls[1]!.body).toEqual(calls.calls[0]!.body);
  });

  it('cancel with refunds states the consequence and needs a reason', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/lottery/games/:g/issues/:i', () => ok(detail())),
      http.post('*/admin/api/lottery/issues/:id/cancel', async ({ request }) => {
        await calls.record(request);
        return ok({
          gameCode: 'vn-mt-danang',
          issueId: '20261128-0001',
          issueStatus: 'refunded',
          refundedBets: 3,
          refunded: '45000',
        });
      }),
    );
    renderAdmin('/lottery/issues/vn-mt-danang/20261128-0001', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Cancel draw and refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel draw 20261128-0001' });
    expect(within(dialog).getByText(/every placed bet \(3 bets, 450.00 PHP\) is refunded/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel draw and refund' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Station did not draw');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel draw and refund' }));
    await waitFor(() =>
      expect(calls.calls[0]).toMatchObject({
        path: '/admin/api/lottery/issues/20261128-0001/cancel',
        body: { gameCode: 'vn-mt-danang', reason: 'Station did not draw' },
      }),
    );
  });

  it('games: schedules listed; settings edited with the server’s field errors on their fields', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      gamesHandler(),
      http.patch('*/admin/api/lottery/games/:code', async ({ request }) => {
        await calls.record(request);
        return fail(400, 'validation_failed', 'Not below the maximum unit stake.', {
          in: 'body',
          fields: [{ field: 'maxNumberStake', reason: 'too_small', message: 'Not below the maximum unit stake.' }],
        });
      }),
    );
    renderAdmin('/lottery/games', { token: 't' });
    const row = await screen.findByRole('row', { name: /Đà Nẵng/ });
    expect(within(row).getByText('Wed, Sat · 17:15 (Asia/Ho_Chi_Minh)')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings of Đà Nẵng' });
    const field = within(dialog).getByLabelText('Most on one number');
    await user.clear(field);
    await user.type(field, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Not below the maximum unit stake.')).toBeTruthy();
    expect(calls.calls[0]!.body).toMatchObject({ maxNumberStake: '10', closeSeconds: 300, enabled: true });
  });

  it('shortfalls: a win owed to a closed account stands out (red) from money still to collect (amber)', async () => {
    const row = (over: Partial<LotteryShortfall>): LotteryShortfall => ({
      memberId: '7',
      memberAccount: 'member7',
      betRef: 'LB-0001',
      gameCode: 'vn-mt-danang',
      issueId: '20261128-0001',
      version: 2,
      shortfall: '0',
      collected: '0',
      outstanding: '0',
      owedToMember: '0',
      status: 'open',
      createdAt: '2026-11-28T11:00:00.000Z',
      lastCollectedAt: null,
      ...over,
    });
    server.use(
      meHandler(),
      gamesHandler(),
      http.get('*/admin/api/lottery/shortfalls', () =>
        ok({
          total: 3,
          items: [
            row({ memberAccount: 'gone8', betRef: 'LB-0002', status: 'owed', owedToMember: '95000' }),
            row({ status: 'open', shortfall: '75000', outstanding: '75000' }),
            row({ memberAccount: 'paid9', betRef: 'LB-0003', status: 'collected', shortfall: '500', collected: '500' }),
          ],
        }),
      ),
    );
    renderAdmin('/lottery/shortfalls', { token: 't' });
    const owed = within(await screen.findByRole('row', { name: /gone8/ })).getByText('Owed to a closed account');
    expect(owed.className).toContain('bo-badge--bad');
    expect(within(screen.getByRole('row', { name: /member7/ })).getByText('Open').className).toContain(
      'bo-badge--warn',
    );
    expect(within(screen.getByRole('row', { name: /paid9/ })).getByText('Collected').className).toContain(
      'bo-badge--good',
    );
  });
});
