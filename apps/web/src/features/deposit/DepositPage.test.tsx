import type { DepositItem, DepositMethodList } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../state/session.ts';
import { i18n } from '../../i18n/index.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const methods: DepositMethodList = {
  currency: 'PHP',
  exponent: 2,
  methods: [
    { code: 'SANDBOX', name: 'Online payment', kind: 'gateway', minAmount: '10000', maxAmount: '5000000', bank: null },
    {
      code: 'BANK',
      name: 'Bank transfer',
      kind: 'bank_transfer',
      minAmount: '50000',
      maxAmount: '50000000',
      bank: { bankName: 'Demo Bank', accountNumber: '0012-3456', accountName: 'Demo Casino Ltd' },
    },
  ],
};

const item = (over: Partial<DepositItem>): DepositItem => ({
  id: '41',
  reference: 'DEP-7K3Q9M2X',
  methodCode: 'SANDBOX',
  methodName: 'Online payment',
  kind: 'gateway',
  amount: '50000',
  status: 'pending',
  reason: null,
  createdAt: '2024-05-01T10:00:00.000Z',
  completedAt: null,
  ...over,
});

const list = (items: DepositItem[]) =>
  ok({ list: items, total: items.length, pageNo: 1, pageSize: 10, currency: 'PHP', exponent: 2 });

function setup(opts: { items?: () => DepositItem[]; methods?: () => Response } = {}) {
  const calls = { balance: 0 };
  server.use(
    http.get('*/wps/deposit/methods', () => (opts.methods ? opts.methods() : ok(methods))),
    http.get('*/wps/deposit/list', () => list(opts.items ? opts.items() : [])),
    http.get('*/wps/v2/wallets/balance', () => {
      calls.balance++;
      return ok({ currency: 'PHP', exponent: 2, main: { balance: '100000', available: '100000' }, vendors: [] });
    }),
  );
  useSession.getState().setToken('t'.repeat(43));
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('deposit page', () => {
  it('checks the amount, offers quick amounts, opens the order and goes to the pay page', async () => {
    setup();
    let body: Record<string, string> | undefined;
    server.use(
      http.post('*/wps/deposit/orders', async ({ request }) => {
        body = (await request.json()) as Record<string, string>;
        return ok({ depositId: '41', status: 'pending', payUrl: '/sandbox-gateway/pay/Dabc123456' });
      }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderAt('/member/depositv2');
    const user = userEvent.setup();

    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    expect(screen.getByText('Min 100.00 · Max 50,000.00')).toBeTruthy();
    expect(await screen.findByText('No deposits yet.')).toBeTruthy();

    const submit = screen.getByRole('button', { name: 'Continue to payment' });
    await user.click(submit);
    expect(await screen.findByText('Enter an amount.')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount (PHP)'), '50.5');
    expect(screen.getByText('Enter an amount between 100.00 and 50,000.00.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Amount (PHP)'));
    await user.type(screen.getByLabelText('Amount (PHP)'), '100.555');
    expect(screen.getByText('At most 2 decimals.')).toBeTruthy();

    await user.click(within(screen.getByRole('group', { name: 'Quick amounts' })).getByRole('button', { name: '500' }));
    expect((screen.getByLabelText('Amount (PHP)') as HTMLInputElement).value).toBe('500');
    await user.click(submit);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox-gateway/pay/Dabc123456'));
    expect(body).toMatchObject({ methodCode: 'SANDBOX', amount: '500' });
    expect(body?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toHaveProperty('disabled', true);
  });

  it('shows the server’s refusal and keeps the form', async () => {
    setup();
    server.use(
      http.post('*/wps/deposit/orders', () =>
        HttpResponse.json({ success: false, value: null, message: 'x', code: 'amount_out_of_range' }, { status: 400 }),
      ),
    );
    renderAt('/member/depositv2');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Amount (PHP)'), '200');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The amount is outside the allowed range.');
  });

  it('coming back from the gateway: waits with a spinner, then shows success and refreshes the balance', async () => {
    let n = 0;
    const calls = setup({
      items: () => [
        item({ status: n++ < 1 ? 'pending' : 'success', completedAt: n > 1 ? '2024-05-01T10:01:00.000Z' : null }),
      ],
    });
    renderAt('/member/depositv2?deposit=41');
    const result = await screen.findByRole('region', { name: 'Deposit result' });
    expect(await within(result).findByText('Waiting for the payment confirmation…')).toBeTruthy();
    const before = calls.balance;
    await waitFor(
      () =>
        expect(within(result).getByText('Deposit of PHP 500.00 received. Your balance has been updated.')).toBeTruthy(),
      { timeout: 5000 },
    );
    await waitFor(() => expect(calls.balance).toBeGreaterThan(before));
    const recent = screen.getByRole('list', { name: 'Recent deposits' });
    expect(within(recent).getByText('Success')).toBeTruthy();
  });

  it('shows a failed payment and the badges of every status', async () => {
    setup({
      items: () => [
        item({
          id: '44',
          status: 'failed',
          reason: 'Payment failed at the gateway.',
          completedAt: '2024-05-01T10:00:00.000Z',
        }),
        item({
          id: '43',
          reference: 'DEP-X4M2Q8ZT',
          status: 'rejected',
          kind: 'bank_transfer',
          methodName: 'Bank transfer',
          reason: 'No transfer found',
          completedAt: '2024-05-01T10:00:00.000Z',
        }),
        item({ id: '42', status: 'success', completedAt: '2024-05-01T10:00:00.000Z' }),
        item({ id: '41', status: 'pending' }),
      ],
    });
    renderAt('/member/depositv2?deposit=44');
    const result = await screen.findByRole('region', { name: 'Deposit result' });
    expect(await within(result).findByText(/The payment did not go through/)).toBeTruthy();
    const recent = screen.getByRole('list', { name: 'Recent deposits' });
    for (const s of ['Failed', 'Rejected', 'Success', 'Pending']) expect(within(recent).getByText(s)).toBeTruthy();
    expect(within(recent).getByText('Reason: No transfer found')).toBeTruthy();
    // The member sees the public reference, never the row id.
    expect(within(recent).getByText('Ref. DEP-X4M2Q8ZT')).toBeTruthy();
    await userEvent.setup().click(within(result).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Deposit result' })).toBeNull();
  });

  it('bank transfer: shows the account with copy buttons, previews the receipt and submits the form', async () => {
    let items: DepositItem[] = [];
    setup({ items: () => items });
    let received: FormData | undefined;
    server.use(
      http.post('*/wps/deposit/manual', async ({ request }) => {
        received = await request.formData();
        items = [
          item({ id: '50', kind: 'bank_transfer', methodCode: 'BANK', methodName: 'Bank transfer', amount: '100000' }),
        ];
        return ok(items[0]);
      }),
    );
    renderAt('/member/depositv2');
    const user = userEvent.setup({ applyAccept: false });
    // After userEvent.setup(), which installs its own clipboard.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    expect(screen.getByText('0012-3456')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy Account number' }));
    expect(writeText).toHaveBeenCalledWith('0012-3456');
    expect(await screen.findByText('Copied')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('Attach the transfer receipt.')).toBeTruthy();
    const input = screen.getByLabelText(/Transfer receipt/) as HTMLInputElement;
    await user.upload(input, new File(['GIF89a'], 'x.gif', { type: 'image/gif' }));
    expect(screen.getByText('Only PNG or JPG images are accepted.')).toBeTruthy();
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'slip.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Receipt preview' })).toBeTruthy();
    await user.type(screen.getByLabelText('Amount (PHP)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('Your deposit was submitted and is waiting for review.')).toBeTruthy();
    expect(received?.get('methodCode')).toBe('BANK');
    expect(received?.get('amount')).toBe('1000');
    expect(String(received?.get('requestId'))).toMatch(/^[0-9a-f-]{36}$/);
    expect((received?.get('receipt') as File).name).toBe('slip.png');
    const recent = await screen.findByRole('list', { name: 'Recent deposits' });
    expect(within(recent).getByText('Pending')).toBeTruthy();
  });

  it("names the methods in the second language (server texts translated), the operator's names in English", async () => {
    setup();
    renderAt('/member/depositv2');
    expect(await screen.findByRole('radio', { name: /^Online payment/ })).toBeTruthy();
    await i18n.changeLanguage('ty');
    expect(await screen.findByRole('radio', { name: /^Thanh toán trực tuyến \(thử nghiệm\)/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^Chuyển khoản ngân hàng/ })).toBeTruthy();
    await i18n.changeLanguage('en');
  });

  it('has loading, error (with retry) and empty states', async () => {
    let fail = true;
    setup({
      methods: () =>
        fail
          ? HttpResponse.json(
              { success: false, value: null, message: 'x', code: 'in_need_true_account' },
              { status: 403 },
            )
          : ok({ ...methods, methods: [] }),
    });
    renderAt('/member/depositv2');
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A real account is needed for this.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No deposit method is available/)).toBeTruthy();
  });
});
