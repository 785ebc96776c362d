import type { BankAccount, Withdrawal, WithdrawSettings } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { i18n } from '../../i18n/index.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const settings = (over: Partial<WithdrawSettings> = {}): WithdrawSettings => ({
  transactionPasswordSet: true,
  currency: 'PHP',
  exponent: 2,
  minAmount: '1000',
  maxAmount: '5000000',
  available: '1234500',
  confirmWindowMinutes: 60,
  cancelAllowed: false,
  maxBankAccounts: 5,
  ...over,
});

const bank: BankAccount = {
  id: '3',
  bankName: 'BDO',
  accountNumberMasked: '•••• 7890',
  accountName: 'Juan Dela Cruz',
  createdAt: '2024-05-01T10:00:00.000Z',
};

const withdrawal = (over: Partial<Withdrawal> = {}): Withdrawal => ({
  id: '51',
  reference: 'WDR-7K3Q9M2X',
  requestId: 'r'.repeat(10),
  status: 'requested',
  amount: '300000',
  currency: 'PHP',
  exponent: 2,
  bankName: 'BDO',
  accountNumberMasked: '•••• 7890',
  accountName: 'Juan Dela Cruz',
  rejectReason: null,
  receiptResult: null,
  receivedAmount: null,
  refundAmount: null,
  receiptDueAt: null,
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-01T10:00:00.000Z',
  canCancel: false,
  canConfirmReceipt: false,
  ...over,
});

const fail = (code: string, message: string, status = 400) =>
  HttpResponse.json({ success: false, value: null, message, code }, { status });

function setup(state: { settings?: WithdrawSettings; banks?: BankAccount[]; items?: Withdrawal[] } = {}) {
  const s = { settings: settings(), banks: [bank], items: [] as Withdrawal[], ...state };
  const calls = { balance: 0 };
  server.use(
    http.get('*/wps/withdraw/settings', () => ok(s.settings)),
    http.get('*/wps/member/kyc', () =>
      ok({ overall: 'none', documents: [], withdrawalThreshold: null, currency: 'PHP', exponent: 2 }),
    ),
    http.get('*/wps/withdraw/bank-accounts', () => ok(s.banks)),
    http.get('*/wps/withdraw/requests', () => ok({ items: s.items, total: s.items.length, pageNo: 1, pageSize: 10 })),
    http.get('*/wps/v2/wallets/balance', () => {
      calls.balance++;
      return ok({ currency: 'PHP', exponent: 2, main: { balance: '1234500', available: '1234500' }, vendors: [] });
    }),
  );
  useSession.getState().setToken('t'.repeat(43));
  return { s, calls };
}

describe('withdraw page', () => {
  it('asks for a transaction password first, checks it, and then shows the request form', async () => {
    const { s } = setup({ settings: settings({ transactionPasswordSet: false }) });
    let body: Record<string, string> | undefined;
    server.use(
      http.post('*/wps/member/transaction-password', async ({ request }) => {
        body = (await request.json()) as Record<string, string>;
        s.settings = settings();
        return ok(null);
      }),
    );
    renderAt('/member/withdraw');
    // The page is a lazy chunk: its first import in a run transforms its graph (slow on a loaded machine).
    const form = await screen.findByRole('region', { name: 'Set a transaction password' }, { timeout: 30_000 });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/Login password/), 'my login pw');
    await user.type(within(form).getByLabelText(/^Transaction password/), '12a');
    await user.click(within(form).getByRole('button', { name: 'Save transaction password' }));
    expect(await within(form).findByText('Enter exactly 6 digits.')).toBeTruthy();
    await user.clear(within(form).getByLabelText(/^Transaction password/));
    await user.type(within(form).getByLabelText(/^Transaction password/), '135790');
    await user.type(within(form).getByLabelText(/Confirm transaction password/), '135790');
    await user.click(within(form).getByRole('button', { name: 'Save transaction password' }));
    expect(await screen.findByRole('region', { name: 'Request a withdrawal' })).toBeTruthy();
    expect(body).toEqual({ loginPassword: 'my login pw', newPassword: '135790', confirm: '135790' });
  });

  it('shows the available balance and limits, validates, requests, shows the result and refreshes the wallet', async () => {
    const { s, calls } = setup();
    const bodies: Array<Record<string, string>> = [];
    server.use(
      http.post('*/wps/withdraw/requests', async ({ request }) => {
        const b = (await request.json()) as Record<string, string>;
        bodies.push(b);
        if (b.transactionPassword !== '135790') return fail('transaction_password_invalid', 'wrong');
        const w = withdrawal({ amount: '300000' });
        s.items = [w];
        s.settings = settings({ available: '934500' });
        return ok({ ...w, replay: false });
      }),
    );
    renderAt('/member/withdraw');
    const form = await screen.findByRole('region', { name: 'Request a withdrawal' });
    expect(within(form).getByText('PHP 12,345.00')).toBeTruthy();
    expect(within(form).getByText('Min 10.00 · Max 50,000.00')).toBeTruthy();
    expect(within(form).getByRole('combobox', { name: /Bank account/ })).toHaveProperty('value', '3');
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/Amount \(PHP\)/), '20000');
    await user.click(within(form).getByRole('button', { name: 'Withdraw' }));
    expect(await within(form).findByText('The amount is more than your available balance.')).toBeTruthy();
    expect(within(form).getByText('Enter your transaction password.')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Amount \(PHP\)/));
    await user.type(within(form).getByLabelText(/Amount \(PHP\)/), '3000');
    await user.type(within(form).getByLabelText(/^Transaction password/), '111111');
    await user.click(within(form).getByRole('button', { name: 'Withdraw' }));
    expect(await within(form).findByText('The transaction password is not correct.')).toBeTruthy();
    const balanceCalls = calls.balance;
    await user.clear(within(form).getByLabelText(/^Transaction password/));
    await user.type(within(form).getByLabelText(/^Transaction password/), '135790');
    await user.click(within(form).getByRole('button', { name: 'Withdraw' }));
    expect(
      await within(form).findByText('Withdrawal of PHP 3,000.00 requested. The amount is held until it is paid out.'),
    ).toBeTruthy();
    expect(bodies[1]).toMatchObject({
      bankAccountId: '3',
      amount: '3000',
      transactionPassword: '135790',
      requestId: expect.any(String),
    });
    // A new request id for a new attempt after a definite answer.
    expect(bodies[1]!.requestId).not.toBe(bodies[0]!.requestId);
    expect(await within(form).findByText('PHP 9,345.00')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'My withdrawals' });
    expect(await within(list).findByText('Requested')).toBeTruthy();
    await waitFor(() => expect(calls.balance).toBeGreaterThan(balanceCalls));
  });

  it('names the identity rule until the member is verified, and shows kyc_required from the server', async () => {
    setup();
    server.use(
      http.get('*/wps/member/kyc', () =>
        ok({ overall: 'pending', documents: [], withdrawalThreshold: '500000', currency: 'PHP', exponent: 2 }),
      ),
      http.post('*/wps/withdraw/requests', () =>
        fail('kyc_required', 'Withdrawals of this amount need a verified identity.', 403),
      ),
    );
    renderAt('/member/withdraw');
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Withdrawals above 5,000.00 PHP need a verified identity.');
    expect(within(note).getByRole('link', { name: 'Verify my identity' }).getAttribute('href')).toBe(
      '/member/identityVerification',
    );
    const form = await screen.findByRole('region', { name: 'Request a withdrawal' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/Amount \(PHP\)/), '6000');
    await user.type(within(form).getByLabelText(/Transaction password/), '135790');
    await user.click(within(form).getByRole('button', { name: 'Withdraw' }));
    expect(await within(form).findByText(/Identity verification/)).toBeTruthy();
  });

  it('adds and removes bank accounts, with the server’s refusal shown', async () => {
    const { s } = setup({ banks: [] });
    server.use(
      http.post('*/wps/withdraw/bank-accounts', async ({ request }) => {
        const b = (await request.json()) as Record<string, string>;
        if (s.banks.length) return fail('conflict', 'This bank account is already on your list.', 409);
        s.banks = [{ ...bank, bankName: b.bankName!, accountNumberMasked: `•••• ${b.accountNumber!.slice(-4)}` }];
        return ok(s.banks[0]);
      }),
      http.delete('*/wps/withdraw/bank-accounts/:id', () => {
        s.banks = [];
        return ok(null);
      }),
    );
    renderAt('/member/withdraw');
    expect(await screen.findByText('Add a bank account first.')).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Bank accounts' });
    expect(within(section).getByText('No bank account yet. Add one to withdraw.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(section).getByLabelText(/Bank name/), 'Metrobank');
    await user.type(within(section).getByLabelText(/Account number/), '12345');
    await user.type(within(section).getByLabelText(/Account holder name/), 'Maria Clara');
    await user.click(within(section).getByRole('button', { name: 'Add bank account' }));
    expect(await within(section).findByText('Enter 6 to 20 digits.')).toBeTruthy();
    await user.clear(within(section).getByLabelText(/Account number/));
    await user.type(within(section).getByLabelText(/Account number/), '1234 5678 9012');
    await user.click(within(section).getByRole('button', { name: 'Add bank account' }));
    expect(await within(section).findByText('The bank account was added.')).toBeTruthy();
    expect(await within(section).findByText('Metrobank')).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: /Bank account/ })).toBeTruthy();

    await user.type(within(section).getByLabelText(/Bank name/), 'Metrobank');
    await user.type(within(section).getByLabelText(/Account number/), '123456789012');
    await user.type(within(section).getByLabelText(/Account holder name/), 'Maria Clara');
    await user.click(within(section).getByRole('button', { name: 'Add bank account' }));
    expect(await within(section).findByRole('alert')).toHaveProperty(
      'textContent',
      'This bank account is already on your list.',
    );

    await user.click(within(section).getByRole('button', { name: 'Remove Metrobank •••• 9012' }));
    expect(await within(section).findByText('The bank account was removed.')).toBeTruthy();
    expect(await within(section).findByText('No bank account yet. Add one to withdraw.')).toBeTruthy();
  });

  it('confirms receipt of a disbursed withdrawal: received, or not received with a proof image', async () => {
    const due = new Date(Date.now() + 3_600_000).toISOString();
    const { s } = setup({
      items: [
        withdrawal({ id: '61', status: 'disbursed', canConfirmReceipt: true, receiptDueAt: due }),
        withdrawal({ id: '62', status: 'disbursed', amount: '100000', canConfirmReceipt: true, receiptDueAt: due }),
      ],
    });
    const got: Array<{ id: string; type: string; result: string; hasProof?: boolean }> = [];
    server.use(
      http.post('*/wps/withdraw/requests/:id/receipt', async ({ request, params }) => {
        const id = String(params.id);
        const type = request.headers.get('content-type') ?? '';
        if (type.startsWith('multipart/')) {
          const form = await request.formData();
          got.push({
            id,
            type: 'multipart',
            result: String(form.get('result')),
            hasProof: form.get('proof') instanceof File,
          });
        } else {
          got.push({ id, type: 'json', result: ((await request.json()) as { result: string }).result });
        }
        s.items = s.items.map((w) =>
          w.id === id
            ? { ...w, status: got.at(-1)!.result === 'received' ? 'confirmed' : 'disputed', canConfirmReceipt: false }
            : w,
        );
        return ok(s.items.find((w) => w.id === id));
      }),
    );
    renderAt('/member/withdraw');
    const items = await screen.findAllByRole('listitem', { name: /Paid out/ });
    expect(items).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(within(items[0]!).getByRole('button', { name: 'I received it' }));
    expect(await screen.findByText('Thank you: the withdrawal is confirmed.')).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: 'PHP 3,000.00 Received' })).toBeTruthy();

    const second = screen.getByRole('listitem', { name: 'PHP 1,000.00 Paid out' });
    await user.click(within(second).getByRole('button', { name: 'Not received' }));
    await user.click(within(second).getByRole('button', { name: 'Send' }));
    expect(await within(second).findByText('Attach a screenshot or photo as proof.')).toBeTruthy();
    await user.upload(
      within(second).getByLabelText(/Proof/),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' }),
    );
    await user.click(within(second).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('listitem', { name: 'PHP 1,000.00 Disputed' })).toBeTruthy();
    expect(got).toEqual([
      { id: '61', type: 'json', result: 'received' },
      { id: '62', type: 'multipart', result: 'not_received', hasProof: true },
    ]);
  });

  it('partially received asks for an amount below the withdrawal', async () => {
    const due = new Date(Date.now() + 3_600_000).toISOString();
    setup({ items: [withdrawal({ id: '71', status: 'disbursed', canConfirmReceipt: true, receiptDueAt: due })] });
    let body: unknown;
    server.use(
      http.post('*/wps/withdraw/requests/:id/receipt', async ({ request }) => {
        body = await request.json();
        return ok(withdrawal({ id: '71', status: 'disputed' }));
      }),
    );
    renderAt('/member/withdraw');
    const item = await screen.findByRole('listitem', { name: /Paid out/ });
    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: 'Partially received' }));
    await user.type(within(item).getByLabelText(/Amount received/), '3000');
    await user.click(within(item).getByRole('button', { name: 'Send' }));
    expect(await within(item).findByText('Enter an amount between 0.01 and 2,999.99.')).toBeTruthy();
    await user.clear(within(item).getByLabelText(/Amount received/));
    await user.type(within(item).getByLabelText(/Amount received/), '2500');
    await user.click(within(item).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you: our team will look into it.')).toBeTruthy();
    expect(body).toEqual({ result: 'partial', receivedAmount: '2500' });
  });

  it('shows every status badge, cancel where allowed, and the empty and error states (TY too)', async () => {
    const statuses = [
      'requested',
      'approved',
      'rejected',
      'cancelled',
      'disbursed',
      'confirmed',
      'auto_confirmed',
      'disputed',
      'resolved',
    ] as const;
    const { s } = setup({
      items: statuses.map((st, i) =>
        withdrawal({
          id: String(100 + i),
          reference: `WDR-${'ABCDEFGHJ'[i]}7K3Q9M2`,
          status: st,
          canCancel: st === 'requested',
          rejectReason: st === 'rejected' ? 'Name mismatch' : null,
        }),
      ),
    });
    let cancelled = '';
    server.use(
      http.post('*/wps/withdraw/requests/:id/cancel', ({ params }) => {
        cancelled = String(params.id);
        s.items = s.items.map((w) => (w.id === cancelled ? { ...w, status: 'cancelled', canCancel: false } : w));
        return ok(s.items[0]);
      }),
    );
    renderAt('/member/withdraw');
    const list = await screen.findByRole('list', { name: 'My withdrawals' });
    for (const label of [
      'Requested',
      'Approved',
      'Rejected',
      'Cancelled',
      'Paid out',
      'Received',
      'Auto-confirmed',
      'Disputed',
      'Resolved',
    ])
      expect(within(list).getByText(label)).toBeTruthy();
    expect(within(list).getByText('Reason: Name mismatch')).toBeTruthy();
    expect(within(list).getByText('Ref. WDR-A7K3Q9M2')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Cancel withdrawal' }));
    expect(await screen.findByText('The withdrawal was cancelled and the amount released.')).toBeTruthy();
    expect(cancelled).toBe('100');

    await i18n.changeLanguage('ty');
    expect(await screen.findByRole('heading', { name: 'Rút tiền' })).toBeTruthy();
    expect(screen.getByText('Bị từ chối')).toBeTruthy();
  });

  it('shows the loading error with a retry, and the empty list', async () => {
    setup();
    let failures = 1;
    server.use(
      http.get('*/wps/withdraw/settings', () =>
        failures-- > 0 ? fail('internal_error', 'boom', 500) : ok(settings()),
      ),
    );
    renderAt('/member/withdraw');
    expect(await screen.findByText('No withdrawals yet.')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unknown error. Please try again.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Request a withdrawal' })).toBeTruthy();
  });
});
