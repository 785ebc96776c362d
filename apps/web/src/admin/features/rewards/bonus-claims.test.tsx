import type { AdminBonusClaim } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, searchOf, server } from '../../test/render-admin.tsx';

const claim = (over: Partial<AdminBonusClaim> = {}): AdminBonusClaim => ({
  id: '11',
  promotionId: '3',
  rewardRef: null,
  title: 'Welcome bonus',
  kind: 'first_deposit',
  status: 'flagged',
  amount: '0',
  depositAmount: '0',
  requirement: '0',
  wagered: '0',
  maxConversion: null,
  maxStake: null,
  converted: '0',
  forfeited: '0',
  joinedAt: '2026-11-28T05:00:00.000Z',
  activatedAt: null,
  expiresAt: null,
  endedAt: null,
  memberId: '8',
  memberAccount: 'member8',
  ip: '192.0.2.7',
  device: '',
  flagReason: "same IP as member 7's claim",
  flagMatch: 'ip',
  flagAccount: 'member7',
  reviewedBy: null,
  reviewedAt: null,
  reviewReason: null,
  ...over,
});
const page = (list: AdminBonusClaim[]) => ({
  list,
  total: list.length,
  pageNo: 1,
  pageSize: 20,
  currency: 'PHP',
  exponent: 2,
});
const risk = meOf({ role: 'risk', permissions: ['members.view', 'members.manage'] });

describe('bonus claims', () => {
  it('flagged claims say what they share with whom; approve with a note, reject only with a reason', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let list = [
      claim(),
      claim({ id: '12', memberAccount: 'member9', flagMatch: 'device', flagAccount: 'member7', amount: '5000' }),
      claim({
        id: '10',
        memberAccount: 'member7',
        status: 'active',
        flagMatch: null,
        flagAccount: null,
        flagReason: null,
        amount: '10000',
      }),
    ];
    server.use(
      meHandler(risk),
      http.get('*/admin/api/bonus/claims', async ({ request }) => {
        await calls.record(request);
        return ok(page(list));
      }),
      http.post('*/admin/api/bonus/claims/:id/review', async ({ request, params }) => {
        await calls.record(request);
        const body = calls.calls.at(-1)!.body as { decision: string; reason: string };
        list = list.map((c): AdminBonusClaim =>
          c.id === params.id
            ? { ...c, status: body.decision === 'approve' ? 'joined' : 'rejected', reviewReason: body.reason || null }
            : c,
        );
        return ok(list.find((c) => c.id === params.id));
      }),
    );
    renderAdmin('/rewards/bonus-claims', { token: 't' });
    const first = await screen.findByRole('row', { name: /member8/ });
    expect(within(first).getByText('Same IP as member7')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /member9/ })).getByText('Same device as member7')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /member9/ })).getByText('50.00 PHP')).toBeTruthy();
    expect(
      within(screen.getByRole('row', { name: /^member7 / })).queryByRole('button', { name: 'Approve' }),
    ).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve the claim of member8?' });
    expect(within(approve).getByText(/Welcome bonus: Same IP as member7/)).toBeTruthy();
    await user.click(within(approve).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/admin/api/bonus/claims/11/review',
      body: { decision: 'approve', reason: '' },
    });
    expect(await within(screen.getByRole('row', { name: /member8/ })).findByText('Waiting for deposit')).toBeTruthy();

    await user.click(within(screen.getByRole('row', { name: /member9/ })).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject the claim of member9?' });
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await within(reject).findByRole('alert')).toBeTruthy();
    expect(calls.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await user.type(within(reject).getByLabelText('Reason'), 'Second account of member7');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      decision: 'reject',
      reason: 'Second account of member7',
    });
    expect(await within(screen.getByRole('row', { name: /member9/ })).findByText('Rejected')).toBeTruthy();
  });

  it('filters by status and member through the URL; empty and error states; the server’s refusal stays in the dialog', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let mode: 'error' | 'empty' | 'one' = 'error';
    server.use(
      meHandler(risk),
      http.get('*/admin/api/bonus/claims', async ({ request }) => {
        await calls.record(request);
        if (mode === 'error') return fail(503, 'database_unavailable', 'The database is not answering.');
        return ok(page(mode === 'empty' ? [] : [claim()]));
      }),
      http.post('*/admin/api/bonus/claims/:id/review', () =>
        fail(409, 'bonus_claim_not_flagged', 'This claim is not waiting for a review.'),
      ),
    );
    const { router } = renderAdmin('/rewards/bonus-claims?status=flagged', { token: 't' });
    expect(await screen.findByText('The database is not answering.')).toBeTruthy();
    mode = 'empty';
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No flagged claims are waiting for a review.')).toBeTruthy();
    expect(calls.calls.at(-1)!.query).toMatchObject({ status: 'flagged' });

    mode = 'one';
    await user.type(screen.getByLabelText('Member account'), 'member8{Enter}');
    await waitFor(() => expect(searchOf(router)).toEqual({ status: 'flagged', account: 'member8' }));
    await waitFor(() => expect(calls.calls.at(-1)!.query).toMatchObject({ status: 'flagged', account: 'member8' }));
    const row = await screen.findByRole('row', { name: /member8/ });
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the claim of member8?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('This claim is not waiting for a review.')).toBeTruthy();
  });

  it('staff who may only view claims get no decision buttons', async () => {
    server.use(
      meHandler(meOf({ role: 'viewer', permissions: ['members.view'] })),
      http.get('*/admin/api/bonus/claims', () => ok(page([claim()]))),
    );
    renderAdmin('/rewards/bonus-claims', { token: 't' });
    const row = await screen.findByRole('row', { name: /member8/ });
    expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();
    const nav = screen.getByRole('complementary', { name: 'Back-office navigation' });
    expect(within(nav).getByRole('link', { name: 'Bonus claims' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Missions' })).toBeNull();
  });
});
