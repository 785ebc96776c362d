import type { AdminDepositItem, AdminWithdrawal, Adjustment } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, searchOf, server } from '../../test/render-admin.tsx';

const deposit = (over: Partial<AdminDepositItem> = {}): AdminDepositItem => ({
  id: 'DEP-7K3Q9M2X',
  reference: 'DEP-7K3Q9M2X',
  methodCode: 'BANK',
  methodName: 'Bank transfer',
  kind: 'bank_transfer',
  amount: '150025',
  status: 'pending',
  reason: null,
  createdAt: '2026-11-28T06:00:00.000Z',
  completedAt: null,
  memberId: '7',
  memberAccount: 'member7',
  gatewayRef: null,
  hasReceipt: true,
  reviewedBy: null,
  reviewedByUsername: null,
  ...over,
});

const withdrawal = (over: Partial<AdminWithdrawal> = {}): AdminWithdrawal => ({
  id: 'WDR-4H8J2K6M',
  reference: 'WDR-4H8J2K6M',
  requestId: 'req-1',
  status: 'requested',
  amount: '50000',
  currency: 'PHP',
  exponent: 2,
  bankName: 'BDO',
  accountNumberMasked: '•••• 6789',
  accountName: 'Member Seven',
  rejectReason: null,
  receiptResult: null,
  receivedAmount: null,
  refundAmount: null,
  receiptDueAt: null,
  createdAt: '2026-11-28T05:00:00.000Z',
  updatedAt: '2026-11-28T05:00:00.000Z',
  memberId: '7',
  memberAccount: 'member7',
  accountNumber: '0012345678',
  hasProof: false,
  hasPayoutProof: false,
  awaitingSecondApproval: false,
  ...over,
});

const adjustment = (over: Partial<Adjustment> = {}): Adjustment => ({
  id: '31',
  memberId: '7',
  memberAccount: 'member7',
  direction: 'credit',
  amount: '25000',
  currency: 'PHP',
  exponent: 2,
  reason: 'Goodwill',
  status: 'pending',
  requestedBy: '1',
  requestedByUsername: 'owner1',
  decidedBy: null,
  decidedByUsername: null,
  decidedAt: null,
  journalId: null,
  createdAt: '2026-11-28T04:00:00.000Z',
  ...over,
});

describe('payments', () => {
  it('deposit queue: pending transfers by default, the receipt in a dialog, approve and reject with a reason', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    const second = deposit({ id: 'DEP-22222222', reference: 'DEP-22222222', memberAccount: 'member8', amount: '9900' });
    server.use(
      meHandler(),
      http.get('*/admin/api/deposits', async ({ request }) => {
        await calls.record(request);
        return ok({ list: [deposit(), second], total: 2, pageNo: 1, pageSize: 20, currency: 'PHP', exponent: 2 });
      }),
      http.get('*/admin/api/deposits/:id/receipt', () =>
        ok({ contentType: 'image/png', image: 'data:image/png;base64,iVBORw0KGgo=' }),
      ),
      http.post('*/admin/api/deposits/:id/approve', async ({ request }) => {
        await calls.record(request);
        return ok({ id: 'DEP-7K3Q9M2X', status: 'success' });
      }),
      http.post('*/admin/api/deposits/:id/reject', async ({ request }) => {
        await calls.record(request);
        return ok({ id: 'DEP-22222222', status: 'rejected' });
      }),
    );
    renderAdmin('/payments/deposits', { token: 't' });
    expect(await screen.findByText('1,500.25 PHP')).toBeTruthy();
    expect(calls.calls[0]!.query).toEqual({ status: 'pending', pageNo: '1', pageSize: '20' });

    const row = screen.getByRole('row', { name: /DEP-7K3Q9M2X/ });
    await user.click(within(row).getByRole('button', { name: 'Receipt' }));
    const img = await screen.findByRole('img', { name: 'Transfer receipt of DEP-7K3Q9M2X' });
    expect(img.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    // Approve right from the receipt: the confirmation replaces it.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve DEP-7K3Q9M2X' });
    expect(within(approve).getByText(/Credit 1,500.25 PHP to member7/)).toBeTruthy();
    await user.click(within(approve).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.calls.some((c) => c.path === '/admin/api/deposits/DEP-7K3Q9M2X/approve')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(screen.getByRole('row', { name: /DEP-22222222/ })).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject DEP-22222222' });
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await within(reject).findByText('Give a reason')).toBeTruthy();
    await user.type(within(reject).getByLabelText('Reason'), 'No transfer received');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.find((c) => c.path.endsWith('/reject'))).toMatchObject({
      path: '/admin/api/deposits/DEP-22222222/reject',
      body: { reason: 'No transfer received' },
    });
  });

  it('withdrawal drawer (?open=): approve, then disburse; reject of an approved one says so; refusals shown in place', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let current = withdrawal();
    server.use(
      meHandler(),
      http.get('*/admin/api/withdrawals', () => ok({ items: [current], total: 1, pageNo: 1, pageSize: 20 })),
      http.get('*/admin/api/withdrawals/:id', () => ok(current)),
      http.post('*/admin/api/withdrawals/:id/:action', async ({ request, params }) => {
        await calls.record(request);
        if (params.action === 'approve') current = { ...current, status: 'approved' };
        else if (params.action === 'disburse')
          return fail(409, 'state_invalid', 'This record is no longer in a state that allows this action.');
        else if (params.action === 'reject') current = { ...current, status: 'rejected', rejectReason: 'Bank refused' };
        return ok(current);
      }),
    );
    const { router } = renderAdmin('/payments/withdrawals', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'WDR-4H8J2K6M' }));
    const drawer = await screen.findByRole('dialog', { name: 'Withdrawal WDR-4H8J2K6M' });
    expect(searchOf(router)).toEqual({ open: 'WDR-4H8J2K6M' });
    expect(within(drawer).getByText('0012345678')).toBeTruthy();
    expect(within(drawer).getByText('500.00 PHP')).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'Approve' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Approve WDR-4H8J2K6M' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    expect(await within(drawer).findByRole('button', { name: 'Mark as paid' })).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'Mark as paid' }));
    const pay = await screen.findByRole('dialog', { name: 'Mark WDR-4H8J2K6M as paid' });
    expect(within(pay).getByText(/BDO 0012345678 \(Member Seven\)/)).toBeTruthy();
    await user.click(within(pay).getByRole('button', { name: 'Mark as paid' }));
    expect(await within(pay).findByText('This record is no longer in a state that allows this action.')).toBeTruthy();
    await user.click(within(pay).getByRole('button', { name: 'Cancel' }));

    await user.click(within(drawer).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject WDR-4H8J2K6M' });
    await user.type(within(reject).getByLabelText('Reason'), 'Bank refused');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.calls.at(-1)!.path).toBe('/admin/api/withdrawals/WDR-4H8J2K6M/reject'));
    expect(calls.calls.at(-1)!.body).toEqual({ reason: 'Bank refused', from: 'approved' });
    expect(calls.calls.map((c) => c.path.split('/').at(-1))).toEqual(['approve', 'disburse', 'reject']);
    expect(await within(drawer).findByText('Bank refused')).toBeTruthy();
  });

  it('adjustments: request (with an idempotency key) and the four-eyes refusal shown as the server says it', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(meOf({ id: '1' })),
      http.get('*/admin/api/withdrawal-settings', () =>
        ok({
          currency: 'PHP',
          exponent: 2,
          minAmount: '10000',
          maxAmount: '5000000',
          confirmWindowMinutes: 60,
          cancelAllowed: true,
        }),
      ),
      http.get('*/admin/api/adjustments', () => ok({ total: 1, items: [adjustment()] })),
      http.post('*/admin/api/adjustments', async ({ request }) => {
        await calls.record(request);
        return ok(adjustment({ id: '32' }));
      }),
      http.post('*/admin/api/adjustments/:id/approve', async ({ request }) => {
        await calls.record(request);
        return fail(403, 'second_approval_required', 'Another administrator must approve this.');
      }),
    );
    renderAdmin('/payments/adjustments', { token: 't' });
    const row = await screen.findByRole('row', { name: /Goodwill/ });
    expect(within(row).getByText('owner1 (you)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Request adjustment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request adjustment' });
    await user.type(within(dialog).getByLabelText('Member account'), 'member7');
    await user.click(within(dialog).getByLabelText('Debit'));
    await user.type(within(dialog).getByLabelText('Amount (PHP)'), '0');
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate credit');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(await within(dialog).findByText('The amount must be more than 0')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Amount (PHP)'));
    await user.type(within(dialog).getByLabelText('Amount (PHP)'), '12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = calls.calls[0]!.body as Record<string, string>;
    expect(body).toMatchObject({
      memberAccount: 'member7',
      direction: 'debit',
      amount: '12.50',
      reason: 'Duplicate credit',
    });
    expect(body.requestId).toMatch(/^bo-[0-9a-f-]{36}$/);

    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve adjustment #31' });
    await user.click(within(approve).getByRole('button', { name: 'Approve' }));
    expect(await within(approve).findByText('Another administrator must approve this.')).toBeTruthy();
    expect(calls.calls.at(-1)!.path).toBe('/admin/api/adjustments/31/approve');
  });
});
