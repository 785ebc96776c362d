import type { AdminVipLevel, AdminVipLevels } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, server } from '../../test/render-admin.tsx';

const level = (over: Partial<AdminVipLevel>): AdminVipLevel => ({
  id: '1',
  level: 0,
  name: 'Member',
  threshold: '0',
  keepThreshold: '0',
  levelUpReward: '0',
  weeklyBonus: '0',
  monthlyBonus: '0',
  rebateBonusBp: 0,
  members: 12,
  payAs: 'cash',
  bonusTerms: null,
  ...over,
});
const ladder = (list: AdminVipLevel[]): AdminVipLevels => ({
  basis: 'tier_points',
  period: 'month',
  list,
  currency: 'PHP',
  exponent: 2,
});
const bronze = level({
  id: '2',
  level: 1,
  name: 'Bronze',
  threshold: '500',
  keepThreshold: '250',
  levelUpReward: '5000',
  monthlyBonus: '2000',
  rebateBonusBp: 5,
  members: 3,
});
const rewardsStaff = meOf({ role: 'rewards', permissions: ['rewards.view', 'rewards.manage'] });

describe('VIP levels editor', () => {
  it('lists the ladder; a new level is checked, the server’s field error shown, then saved in minor units', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let list = [level({}), bronze];
    let refuse = true;
    server.use(
      meHandler(rewardsStaff),
      http.get('*/admin/api/vip/levels', () => ok(ladder(list))),
      http.post('*/admin/api/vip/levels', async ({ request }) => {
        await calls.record(request);
        if (refuse) {
          refuse = false;
          return fail(400, 'validation_failed', 'Bronze already has this threshold.', {
            fields: [{ field: 'threshold', reason: 'taken', message: 'Bronze already has this threshold.' }],
          });
        }
        list = [...list, level({ id: '3', level: 2, name: 'Silver', threshold: '5000', members: 0 })];
        return ok(ladder(list));
      }),
    );
    renderAdmin('/rewards/vip-levels', { token: 't' });
    const row = await screen.findByRole('row', { name: /Bronze/ });
    expect(within(row).getByText('50.00 PHP')).toBeTruthy();
    expect(within(row).getByText('+0.05%')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New level' }));
    const dialog = await screen.findByRole('dialog', { name: 'New VIP level' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Name'), 'Silver');
    await user.type(within(dialog).getByLabelText('To reach (tier points)'), '500');
    await user.type(within(dialog).getByLabelText('To keep (tier points)'), '600');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The keep requirement is at most the threshold.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('To keep (tier points)'));
    await user.type(within(dialog).getByLabelText('To keep (tier points)'), '250');
    await user.clear(within(dialog).getByLabelText('Level-up reward (PHP)'));
    await user.type(within(dialog).getByLabelText('Level-up reward (PHP)'), '200');
    await user.clear(within(dialog).getByLabelText('Extra rebate (%)'));
    await user.type(within(dialog).getByLabelText('Extra rebate (%)'), '0.1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Bronze already has this threshold.')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('To reach (tier points)'));
    await user.type(within(dialog).getByLabelText('To reach (tier points)'), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls[1]).toMatchObject({
      method: 'POST',
      body: {
        name: 'Silver',
        threshold: '5000',
        keepThreshold: '250',
        levelUpReward: '20000',
        weeklyBonus: '0',
        monthlyBonus: '0',
        rebateBonusBp: 10,
      },
    });
    expect(await screen.findByRole('row', { name: /Silver/ })).toBeTruthy();
  });

  it('staff who may only view see no edit buttons; the list’s error state offers a retry', async () => {
    let failing = true;
    server.use(
      meHandler(meOf({ role: 'risk', permissions: ['rewards.view'] })),
      http.get('*/admin/api/vip/levels', () =>
        failing ? fail(503, 'database_unavailable', 'The database is not answering.') : ok(ladder([level({}), bronze])),
      ),
    );
    renderAdmin('/rewards/vip-levels', { token: 't' });
    const retry = await screen.findByRole('button', { name: /retry|try again/i });
    failing = false;
    await userEvent.setup().click(retry);
    await screen.findByRole('row', { name: /Bronze/ });
    expect(screen.queryByRole('button', { name: 'New level' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Bronze' })).toBeNull();
  });
});
