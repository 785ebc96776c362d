import type { AdminMission, AdminPrizeTable, AdminVipLevel, RaffleSummary } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, server } from '../../test/render-admin.tsx';

/**
 * Pay as cash / as bonus (+ wagering terms) in the mission, leaderboard prize, VIP level, referral and raffle
 * editors (issue 23): the terms are checked and sent with the programme, a server refusal of one term lands on its
 * field, the lists show how each pays, and turning a mission off keeps its terms.
 */
const money = { currency: 'PHP', exponent: 2 };
const TERMS = { multiplier: 3, maxConversion: '25000', maxStake: null, expiryDays: 5 };
const staff = meOf({ role: 'rewards', permissions: ['rewards.view', 'rewards.manage'] });
const mission = (over: Partial<AdminMission> = {}): AdminMission => ({
  id: '1',
  kind: 'bet_amount',
  period: 'daily',
  category: 'SLOT',
  title: 'Bet 100 on slots',
  target: '10000',
  reward: '1000',
  streakBonus: '0',
  startsAt: null,
  endsAt: null,
  sortOrder: 0,
  active: true,
  payAs: 'cash',
  bonusTerms: null,
  ...over,
});

/** Chooses bonus money and fills the terms: × 3, 5 days, at most 250 converted. */
async function chooseBonus(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement) {
  await user.selectOptions(within(scope).getByLabelText('Pay as'), 'bonus');
  const mult = within(scope).getByLabelText('Wagering (× the amount)');
  await user.clear(mult);
  await user.type(mult, '3');
  const days = within(scope).getByLabelText('Days to wager');
  await user.clear(days);
  await user.type(days, '5');
  await user.type(within(scope).getByLabelText('Maximum conversion (PHP)'), '250');
}

describe('pay as bonus: missions', () => {
  it('a mission paid as bonus is sent with its terms, listed with them, and keeps them when turned off', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let list = [mission({ id: '2', title: 'Weekly bonus', payAs: 'bonus', bonusTerms: TERMS })];
    server.use(
      meHandler(staff),
      http.get('*/admin/api/rewards/missions', () => ok({ list, ...money })),
      http.post('*/admin/api/rewards/missions', async ({ request }) => {
        await calls.record(request);
        list = [...list, mission({ id: '3', payAs: 'bonus', bonusTerms: TERMS })];
        return ok(list.at(-1));
      }),
      http.put('*/admin/api/rewards/missions/:id', async ({ request }) => {
        await calls.record(request);
        return ok(list[0]);
      }),
    );
    renderAdmin('/rewards/missions', { token: 't' });
    const row = await screen.findByRole('row', { name: /Weekly bonus/ });
    expect(within(row).getByText('Bonus ×3 · 5 days')).toBeTruthy();
    expect(within(row).getByText('Converts at most 250.00 PHP')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Turn off Weekly bonus' }));
    await waitFor(() => expect(calls.calls).toHaveLength(1));
    expect(calls.calls[0]!.body).toMatchObject({ active: false, payAs: 'bonus', bonusTerms: TERMS });

    await user.click(screen.getByRole('button', { name: 'New mission' }));
    const dialog = await screen.findByRole('dialog', { name: 'New mission' });
    await user.type(within(dialog).getByLabelText('Title'), 'Bet 100 on slots');
    await user.type(within(dialog).getByLabelText('Valid bet to reach (PHP)'), '100');
    await user.type(within(dialog).getByLabelText('Reward (PHP)'), '10');
    await user.selectOptions(within(dialog).getByLabelText('Pay as'), 'bonus');
    const mult = within(dialog).getByLabelText('Wagering (× the amount)');
    await user.clear(mult);
    await user.type(mult, '300');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A whole number from 0 to 200.')).toBeTruthy();
    expect(calls.calls).toHaveLength(1);
    await chooseBonus(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls[1]!.body).toMatchObject({ reward: '1000', payAs: 'bonus', bonusTerms: TERMS });
  });

  it('the server’s refusal of a term is shown at that field', async () => {
    const user = userEvent.setup();
    server.use(
      meHandler(staff),
      http.get('*/admin/api/rewards/missions', () => ok({ list: [], ...money })),
      http.post('*/admin/api/rewards/missions', () =>
        fail(400, 'validation_failed', 'A maximum conversion of 0 would never pay; leave it empty for no cap.', {
          fields: [{ field: 'bonusTerms.maxConversion', message: 'A maximum conversion of 0 would never pay.' }],
        }),
      ),
    );
    renderAdmin('/rewards/missions', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'New mission' }));
    const dialog = await screen.findByRole('dialog', { name: 'New mission' });
    await user.type(within(dialog).getByLabelText('Title'), 'Bet 100');
    await user.type(within(dialog).getByLabelText('Valid bet to reach (PHP)'), '100');
    await user.type(within(dialog).getByLabelText('Reward (PHP)'), '10');
    await chooseBonus(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const field = within(dialog).getByLabelText('Maximum conversion (PHP)');
    expect(await within(dialog).findByText('A maximum conversion of 0 would never pay.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('pay as bonus: leaderboard prizes, VIP levels, referral, raffles', () => {
  it('a board’s prize table is saved as bonus and shown with its terms', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    const board = (over: Partial<AdminPrizeTable['list'][number]> = {}): AdminPrizeTable['list'][number] => ({
      period: 'daily',
      metric: 'multiplier',
      amounts: ['50000'],
      payAs: 'cash',
      bonusTerms: null,
      ...over,
    });
    let list = [board()];
    server.use(
      meHandler(staff),
      http.get('*/admin/api/rewards/leaderboard-prizes', () => ok({ list, ...money })),
      http.put('*/admin/api/rewards/leaderboard-prizes', async ({ request }) => {
        await calls.record(request);
        list = [board({ payAs: 'bonus', bonusTerms: TERMS })];
        return ok({ list, ...money });
      }),
    );
    renderAdmin('/rewards/leaderboard-prizes', { token: 't' });
    const card = await screen.findByRole('region', { name: /best win/i });
    expect(within(card).getByText('Paid as: Cash')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    await chooseBonus(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls[0]!.body).toEqual({
      period: 'daily',
      metric: 'multiplier',
      amounts: ['50000'],
      payAs: 'bonus',
      bonusTerms: TERMS,
    });
    expect(await within(card).findByText('Paid as: Bonus ×3 · 5 days')).toBeTruthy();
  });

  it('a VIP level’s level-up reward is saved as bonus and listed with its terms', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    const bronze: AdminVipLevel = {
      id: '2',
      level: 1,
      name: 'Bronze',
      threshold: '500',
      keepThreshold: '250',
      levelUpReward: '5000',
      weeklyBonus: '0',
      monthlyBonus: '0',
      rebateBonusBp: 0,
      members: 3,
      payAs: 'cash',
      bonusTerms: null,
    };
    let list = [bronze];
    const ladder = () => ({ basis: 'tier_points', period: 'month', list, ...money });
    server.use(
      meHandler(staff),
      http.get('*/admin/api/vip/levels', () => ok(ladder())),
      http.put('*/admin/api/vip/levels/:id', async ({ request }) => {
        await calls.record(request);
        list = [{ ...bronze, payAs: 'bonus', bonusTerms: TERMS }];
        return ok(ladder());
      }),
    );
    renderAdmin('/rewards/vip-levels', { token: 't' });
    const row = await screen.findByRole('row', { name: /Bronze/ });
    expect(within(row).getByText('Cash')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Edit Bronze' }));
    const dialog = await screen.findByRole('dialog');
    await chooseBonus(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls[0]!.body).toMatchObject({ levelUpReward: '5000', payAs: 'bonus', bonusTerms: TERMS });
    expect(
      await within(await screen.findByRole('row', { name: /Bronze/ })).findByText('Bonus ×3 · 5 days'),
    ).toBeTruthy();
  });

  it('the referral programme is saved as bonus with its terms', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    const settings = {
      enabled: true,
      minFirstDeposit: '10000',
      turnover: '20000',
      withinDays: 30,
      referrerReward: '5000',
      refereeReward: '0',
      monthlyCap: 20,
      payAs: 'cash',
      bonusTerms: null,
      ...money,
    };
    server.use(
      meHandler(staff),
      http.get('*/admin/api/referral/settings', () => ok(settings)),
      http.put('*/admin/api/referral/settings', async ({ request }) => {
        await calls.record(request);
        return ok({ ...settings, ...(calls.calls.at(-1)!.body as object) });
      }),
    );
    renderAdmin('/rewards/referral', { token: 't' });
    await screen.findByLabelText('Reward to the member (PHP)');
    const form = screen.getByRole('form');
    await chooseBonus(user, form);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The referral programme was saved.')).toBeTruthy();
    expect(calls.calls[0]!.body).toMatchObject({ referrerReward: '5000', payAs: 'bonus', bonusTerms: TERMS });
  });

  it('a raffle is saved as bonus and listed with its terms', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    const raffle: RaffleSummary = {
      id: '9',
      title: 'Weekend raffle',
      startsAt: '2026-11-28T00:00:00.000Z',
      endsAt: '2026-11-29T00:00:00.000Z',
      drawAt: '2026-11-29T01:00:00.000Z',
      turnoverPerTicket: '10000',
      maxTickets: 5,
      categories: [],
      prizes: ['10000'],
      payAs: 'cash',
      bonusTerms: null,
      status: 'open',
      seedHash: 'a'.repeat(64),
      seed: null,
      drawnAt: null,
      entrants: 0,
      tickets: 0,
    };
    let list = [raffle];
    server.use(
      meHandler(staff),
      http.get('*/admin/api/raffles', () => ok({ list, ...money })),
      http.put('*/admin/api/raffles/:id', async ({ request }) => {
        await calls.record(request);
        list = [{ ...raffle, payAs: 'bonus', bonusTerms: TERMS }];
        return ok(list[0]);
      }),
    );
    renderAdmin('/rewards/raffles', { token: 't' });
    const row = await screen.findByRole('row', { name: /Weekend raffle/ });
    expect(within(row).getByText('Cash')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Edit Weekend raffle' }));
    const dialog = await screen.findByRole('dialog');
    await chooseBonus(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls[0]!.body).toMatchObject({ prizes: ['10000'], payAs: 'bonus', bonusTerms: TERMS });
    expect(
      await within(await screen.findByRole('row', { name: /Weekend raffle/ })).findByText('Bonus ×3 · 5 days'),
    ).toBeTruthy();
  });
});
