import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { demo, errors, noHorizontalOverflow, open, page, server, useE2E, fundMember } from '../lib/harness.ts';
import { adminToken } from '../lib/admin-api.ts';

useE2E('withdraw');

const PASSWORD = 'withdraw e2e pw 1';

const header = () => page.getByRole('banner');
const wallet = async (id: bigint) =>
  (await server.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]!;

async function waitForBalance(text: string) {
  await page.waitForFunction(
    (t) => Array.from(document.querySelectorAll('header button')).some((b) => b.textContent?.includes(t)),
    text,
  );
}

/** The operator, through the admin API: an admin of the demo merchant, and a caller with its session. */
async function operator() {
  const token = await adminToken('withdraw', 'finance');
  return async (method: 'GET' | 'POST', path: string) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, merchant: 'demo' },
    });
    const body = (await res.json()) as { success: boolean; value: unknown };
    assert.ok(body.success, `${method} ${path}: ${JSON.stringify(body)}`);
    return body.value;
  };
}

test('a funded member sets a transaction password, adds a bank account, withdraws; the operator pays; the member confirms receipt', async () => {
  const member = await server.app.modules.members.create({
    merchant: demo,
    account: 'e2ewithdraw1',
    password: PASSWORD,
  });
  await fundMember(member.id, 100_000n);

  await open('/');
  await header().getByLabel('Username').fill('e2ewithdraw1');
  await header().getByLabel('Password').fill(PASSWORD);
  await header().getByRole('button', { name: 'Log in' }).click();
  await waitForBalance('1,000.00');

  // Phone width from here on.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/member/withdraw`);
  await page.getByRole('heading', { name: 'Withdraw', level: 1 }).waitFor();

  // 1. No transaction password yet: set one (checked against the login password).
  const txForm = page.getByRole('region', { name: 'Set a transaction password' });
  await txForm.getByLabel(/Login password/).fill(PASSWORD);
  await txForm.getByLabel(/^Transaction password/).fill('135790');
  await txForm.getByLabel(/Confirm transaction password/).fill('135790');
  await txForm.getByRole('button', { name: 'Save transaction password' }).click();
  const requestForm = page.getByRole('region', { name: 'Request a withdrawal' });
  await requestForm.getByText('Add a bank account first.').waitFor();
  await page.getByText('No withdrawals yet.').waitFor();
  assert.ok(await noHorizontalOverflow(), 'no horizontal overflow at 390 px');

  // 2. A bank account.
  const banks = page.getByRole('region', { name: 'Bank accounts' });
  await banks.getByLabel(/Bank name/).fill('BDO');
  await banks.getByLabel(/Account number/).fill('1234 5678 90');
  await banks.getByLabel(/Account holder name/).fill('Juan Dela Cruz');
  await banks.getByRole('button', { name: 'Add bank account' }).click();
  await banks.getByText('The bank account was added.').waitFor();
  await banks.getByText('•••• 7890 · Juan Dela Cruz').waitFor();

  // 3. The request: available balance and limits shown; a wrong password is refused, the right one holds the amount.
  await requestForm.getByText('PHP 1,000.00').waitFor();
  await requestForm.getByText('Min 10.00 · Max 50,000.00').waitFor();
  await requestForm.getByLabel(/Amount \(PHP\)/).fill('300');
  await requestForm.getByLabel(/^Transaction password/).fill('000000');
  await requestForm.getByRole('button', { name: 'Withdraw' }).click();
  await requestForm.getByText('The transaction password is not correct.').waitFor();
  await requestForm.getByLabel(/^Transaction password/).fill('135790');
  await requestForm.getByRole('button', { name: 'Withdraw' }).click();
  await requestForm.getByText('Withdrawal of PHP 300.00 requested. The amount is held until it is paid out.').waitFor();
  await requestForm.getByText('PHP 700.00').waitFor();
  const list = page.getByRole('list', { name: 'My withdrawals' });
  await list.getByRole('listitem', { name: 'PHP 300.00 Requested' }).waitFor();
  assert.deepEqual(await wallet(member.id), { balance: 100_000n, available: 70_000n });
  assert.ok(await noHorizontalOverflow(), 'no horizontal overflow with the list');

  // 4. The operator approves and disburses through the admin API.
  const admin = await operator();
  const queue = (await admin('GET', '/admin/api/withdrawals?status=requested')) as {
    items: Array<{ id: string; memberAccount: string }>;
  };
  const mine = queue.items.find((w) => w.memberAccount === 'e2ewithdraw1');
  assert.ok(mine, 'the request is in the operator queue');
  await admin('POST', `/admin/api/withdrawals/${mine.id}/approve`);
  await admin('POST', `/admin/api/withdrawals/${mine.id}/disburse`);
  assert.deepEqual(await wallet(member.id), { balance: 70_000n, available: 70_000n });

  // 5. The member sees it paid out and confirms receipt (the withdrawal-receipt confirmation).
  await page.reload();
  const paid = list.getByRole('listitem', { name: 'PHP 300.00 Paid out' });
  await paid.getByText(/Please confirm receipt before/).waitFor();
  await waitForBalance('700.00');
  assert.ok(await noHorizontalOverflow(), 'receipt actions fit at 390 px');
  await paid.getByRole('button', { name: 'I received it' }).click();
  await page.getByText('Thank you: the withdrawal is confirmed.').waitFor();
  await list.getByRole('listitem', { name: 'PHP 300.00 Received' }).waitFor();
  const ops = server.app.modules.withdrawals.operator;
  const row = await ops.getOne(demo, await ops.idOf(demo, mine.id)); // the API's id is the reference (WDR-…)
  assert.equal(row.status, 'confirmed');
  assert.deepEqual(await wallet(member.id), { balance: 70_000n, available: 70_000n });
  // The only failed call was the wrong transaction password (the browser logs its 400).
  assert.deepEqual(
    errors.filter((e) => !/status of 400/.test(e)),
    [],
  );
});
