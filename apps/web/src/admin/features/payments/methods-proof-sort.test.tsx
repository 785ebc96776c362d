import type { AdminDepositMethod, AdminWithdrawal } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, recorder, renderAdmin, searchOf, server } from '../../test/render-admin.tsx';

const withdrawal = (over: Partial<AdminWithdrawal> = {}): AdminWithdrawal => ({
  id: 'WDR-4H8J2K6M',
  reference: 'WDR-4H8J2K6M',
  requestId: 'req-1',
  status: 'approved',
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

const bankMethod: AdminDepositMethod = {
  code: 'BANK',
  name: 'BDO transfer',
  kind: 'bank_transfer',
  gateway: null,
  minAmount: '10000',
  maxAmount: '5000000',
  bank: { bankName: 'BDO', accountNumber: '0099', accountName: 'SEA Ltd' },
  sort: 2,
  enabled: true,
};
const settings = {
  currency: 'PHP',
  exponent: 2,
  minAmount: '10000',
  maxAmount: '5000000',
  confirmWindowMinutes: 60,
  cancelAllowed: false,
};

describe('payments: sorting, proof of payment, methods and limits', () => {
  it('sorts the withdrawals on the server from the column header, kept in the URL', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    server.use(
      meHandler(),
      http.get('*/admin/api/withdrawals', async ({ request }) => {
        await calls.record(request);
        return ok({ total: 1, items: [withdrawal()] });
      }),
    );
    const { router } = renderAdmin('/payments/withdrawals?sort=memberId:asc', { token: 't' });
    expect(await screen.findByText('member7')).toBeTruthy();
    // A column the server does not sort by is never sent.
    expect(calls.calls[0]!.query).toEqual({ pageNo: '1', pageSize: '20' });
    await user.click(screen.getByRole('button', { name: /^Amount/ }));
    await waitFor(() => expect(calls.calls.at(-1)!.query.sort).toMatch(/^amount:(asc|desc)$/));
    const first = calls.calls.at(-1)!.query.sort!;
    expect(searchOf(router).sort).toBe(first);
    expect(screen.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort')).toBe(
      first.endsWith('desc') ? 'descending' : 'ascending',
    );
    await user.click(screen.getByRole('button', { name: /^Amount/ }));
    await waitFor(() => expect(calls.calls.at(-1)!.query.sort).not.toBe(first));
    expect(calls.calls.at(-1)!.query.sort).toMatch(/^amount:(asc|desc)$/);
  });

  it('disburses with a proof image: chosen, previewed, sent as multipart; the proof is then shown', async () => {
    const user = userEvent.setup({ applyAccept: false });
    let current = withdrawal();
    let upload: { type: string | null; file: File | null } | null = null;
    server.use(
      meHandler(),
      http.get('*/admin/api/withdrawals', () => ok({ total: 1, items: [current] })),
      http.get('*/admin/api/withdrawals/:id', () => ok(current)),
      http.get('*/admin/api/withdrawals/:id/payout-proof', () => ok({ image: 'data:image/jpeg;base64,/9j/AAAA' })),
      http.post('*/admin/api/withdrawals/:id/disburse', async ({ request }) => {
        const form = await request.formData();
        upload = { type: request.headers.get('content-type'), file: form.get('proof') as File | null };
        current = withdrawal({ status: 'disbursed', hasPayoutProof: true });
        return ok(current);
      }),
    );
    const created: Blob[] = [];
    URL.createObjectURL = (b: Blob) => {
      created.push(b);
      return 'blob:preview';
    };
    URL.revokeObjectURL = () => undefined;
    renderAdmin('/payments/withdrawals?open=WDR-4H8J2K6M', { token: 't' });
    const drawer = await screen.findByRole('dialog', { name: 'Withdrawal WDR-4H8J2K6M' });
    await user.click(await within(drawer).findByRole('button', { name: 'Mark as paid' }));
    const pay = await screen.findByRole('dialog', { name: 'Mark WDR-4H8J2K6M as paid' });
    const input = within(pay).getByLabelText('Proof of payment (optional)');
    // Not an image: refused in place, nothing sent.
    await user.upload(input, new File(['%PDF'], 'slip.pdf', { type: 'application/pdf' }));
    expect(await within(pay).findByText('Choose a PNG or JPEG image')).toBeTruthy();
    const slip = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'slip.png', { type: 'image/png' });
    await user.upload(input, slip);
    const preview = await within(pay).findByRole('img', { name: 'Preview of the proof of payment' });
    expect(preview.getAttribute('src')).toBe('blob:preview');
    expect(created).toHaveLength(1);
    await user.click(within(pay).getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() => expect(upload).not.toBeNull());
    expect(upload!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload!.file?.name).toBe('slip.png');
    const shown = await within(drawer).findByRole('img', { name: 'Proof of payment of WDR-4H8J2K6M' });
    expect(shown.getAttribute('src')).toBe('data:image/jpeg;base64,/9j/AAAA');
  });

  it('payment methods: edits a method’s limits in major units; the server’s field error lands on its field', async () => {
    const user = userEvent.setup();
    const calls = recorder();
    let refuse = true;
    server.use(
      meHandler(meOf({ role: 'finance', permissions: ['payments.view', 'payments.settings'] })),
      http.get('*/admin/api/deposit-methods', () => ok({ currency: 'PHP', exponent: 2, items: [bankMethod] })),
      http.get('*/admin/api/withdrawal-settings', () => ok(settings)),
      http.put('*/admin/api/deposit-methods/:code', async ({ request }) => {
        await calls.record(request);
        if (refuse)
          return fail(400, 'validation_failed', 'The maximum cannot be below the minimum.', {
            fields: [{ field: 'bankName', reason: 'invalid', message: 'Unknown bank.' }],
          });
        return ok(bankMethod);
      }),
      http.put('*/admin/api/withdrawal-settings', async ({ request }) => {
        await calls.record(request);
        return ok(settings);
      }),
    );
    renderAdmin('/payments/methods', { token: 't' });
    const row = await screen.findByRole('row', { name: /BDO transfer/ });
    expect(within(row).getByText('100.00 PHP')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Edit BDO transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit BDO transfer' });
    const min = within(dialog).getByLabelText('Minimum (PHP)');
    await user.clear(min);
    await user.type(min, '60000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The maximum cannot be below the minimum')).toBeTruthy();
    expect(calls.calls).toHaveLength(0);
    await user.clear(min);
    await user.type(min, '250');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Unknown bank.')).toBeTruthy();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.at(-1)).toMatchObject({
      path: '/admin/api/deposit-methods/BANK',
      body: {
        name: 'BDO transfer',
        minAmount: '250',
        maxAmount: '50000.00',
        sort: 2,
        enabled: true,
        bank: { bankName: 'BDO', accountNumber: '0099', accountName: 'SEA Ltd' },
      },
    });

    // Withdrawal limits on the same page.
    const limits = screen.getByRole('form', { name: 'Withdrawal limits' });
    await waitFor(() =>
      expect((within(limits).getByLabelText('Maximum (PHP)') as HTMLInputElement).value).toBe('50000.00'),
    );
    await user.clear(within(limits).getByLabelText('Maximum (PHP)'));
    await user.type(within(limits).getByLabelText('Maximum (PHP)'), '20000');
    await user.click(within(limits).getByRole('button', { name: 'Save withdrawal limits' }));
    expect(await within(limits).findByText('Saved.')).toBeTruthy();
    expect(calls.calls.at(-1)).toMatchObject({
      path: '/admin/api/withdrawal-settings',
      body: { minAmount: '100.00', maxAmount: '20000', confirmWindowMinutes: 60, cancelAllowed: false },
    });
  });

  it('payment methods: read only without payments.settings', async () => {
    server.use(
      meHandler(meOf({ role: 'auditor', permissions: ['payments.view'] })),
      http.get('*/admin/api/deposit-methods', () => ok({ currency: 'PHP', exponent: 2, items: [bankMethod] })),
      http.get('*/admin/api/withdrawal-settings', () => ok(settings)),
    );
    renderAdmin('/payments/methods', { token: 't' });
    expect(await screen.findByRole('row', { name: /BDO transfer/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save withdrawal limits' })).toBeNull();
    await waitFor(() =>
      expect((screen.getByLabelText('Minimum (PHP)') as HTMLInputElement).closest('fieldset')!.disabled).toBe(true),
    );
  });
});
