import type { AdminReferral } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler, meOf, ok, recorder, renderAdmin, server } from '../../test/render-admin.tsx';

const referral = (over: Partial<AdminReferral> = {}): AdminReferral => ({
  id: '5',
  referrer: 'alice',
  referee: 'bob',
  status: 'flagged',
  flags: ['same_ip'],
  firstDeposit: '10000',
  turnover: '20000',
  registeredAt: '2026-11-28T05:00:00.000Z',
  qualifiedAt: '2026-11-28T06:00:00.000Z',
  reviewedBy: null,
  reviewReason: null,
  ...over,
});
const page = (list: AdminReferral[]) => ({
  list,
  total: list.length,
  pageNo: 1,
  pageSize: 20,
  currency: 'PHP',
  exponent: 2,
});
const manager = meOf({ role: 'marketing', permissions: ['rewards.view', 'rewards.manage'] });

describe('referrals (back office)', () => {
  it('lists flagged referrals with why they are held; approve grants, reject needs a reason', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let list = [referral(), referral({ id: '6', referee: 'carol', flags: ['same_device', 'same_bank_account'] })];
    server.use(
      meHandler(manager),
      http.get('*/admin/api/referral/referrals', async ({ request }) => {
        await calls.record(request);
        return ok(page(list.filter((r) => r.status === 'flagged')));
      }),
      http.post('*/admin/api/referral/referrals/:id/review', async ({ request, params }) => {
        await calls.record(request);
        const body = calls.calls.at(-1)!.body as { decision: string; reason?: string };
        list = list.map((r) =>
          r.id === params.id
            ? { ...r, status: body.decision === 'approve' ? 'rewarded' : 'rejected', reviewReason: body.reason ?? null }
            : r,
        );
        return ok(list.find((r) => r.id === params.id));
      }),
    );
    renderAdmin('/rewards/referrals', { token: 't' });
    const bob = await screen.findByRole('row', { name: /bob/ });
    expect(within(bob).getByText('same IP address')).toBeTruthy();
    expect(within(bob).getByText('100.00 PHP')).toBeTruthy();
    expect(
      within(screen.getByRole('row', { name: /carol/ })).getByText('same device, same payout bank account'),
    ).toBeTruthy();

    await user.click(within(bob).getByRole('button', { name: 'Approve' }));
    const approve = await screen.findByRole('dialog', { name: /Approve the referral of bob/ });
    await user.click(within(approve).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/admin/api/referral/referrals/5/review',
      body: { decision: 'approve' },
    });
    await waitFor(() => expect(screen.queryByRole('row', { name: /bob/ })).toBeNull());

    await user.click(within(screen.getByRole('row', { name: /carol/ })).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: /Reject the referral of carol/ });
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await within(reject).findByRole('alert')).toBeTruthy();
    expect(calls.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await user.type(within(reject).getByLabelText('Reason'), 'Same bank account as alice');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      decision: 'reject',
      reason: 'Same bank account as alice',
    });
    expect(await screen.findByText('No referrals are waiting for review.')).toBeTruthy();
  });

  it('saves the programme in minor units and refuses too many decimals', async () => {
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
      currency: 'PHP',
      exponent: 2,
    };
    server.use(
      meHandler(manager),
      http.get('*/admin/api/referral/settings', () => ok(settings)),
      http.put('*/admin/api/referral/settings', async ({ request }) => {
        await calls.record(request);
        return ok({ ...settings, ...(calls.calls.at(-1)!.body as object) });
      }),
    );
    renderAdmin('/rewards/referral', { token: 't' });
    const reward = await screen.findByLabelText('Reward to the member (PHP)');
    expect((reward as HTMLInputElement).value).toBe('50.00');
    await user.clear(reward);
    await user.type(reward, '75.505');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too many decimals for this currency.')).toBeTruthy();
    expect(calls.calls).toHaveLength(0);
    await user.clear(reward);
    await user.type(reward, '75.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The referral programme was saved.')).toBeTruthy();
    expect(calls.calls[0]!.body).toEqual({
      enabled: true,
      minFirstDeposit: '10000',
      turnover: '20000',
      withinDays: 30,
      referrerReward: '7550',
      refereeReward: '0',
      monthlyCap: 20,
      payAs: 'cash',
      bonusTerms: null,
    });
  });
});
