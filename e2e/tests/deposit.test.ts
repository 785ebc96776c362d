import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { demo, errors, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';
import { adminToken as staffToken } from '../lib/admin-api.ts';

useE2E('deposit');

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PASSWORD = 'deposit e2e pw 1';

const header = () => page.getByRole('banner');
const mainBalance = async (id: bigint) =>
  (await server.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]!.balance;

async function waitForBalance(text: string) {
  await page.waitForFunction(
    (t) => Array.from(document.querySelectorAll('header button')).some((b) => b.textContent?.includes(t)),
    text,
  );
}

/** The operator, through the admin API: a finance staff member of the demo merchant and its session token. */
const adminToken = () => staffToken('deposit', 'finance');

test('deposit through the sandbox pay page, then by bank transfer approved by the operator', async () => {
  const member = await server.app.modules.members.create({
    merchant: demo,
    account: 'e2edeposit1',
    password: PASSWORD,
  });
  await open('/');
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  await header().getByLabel('Username').fill('e2edeposit1');
  await header().getByLabel('Password').fill(PASSWORD);
  await header().getByRole('button', { name: 'Log in' }).click();
  await waitForBalance('0.00');

  // Phone width from here on.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/member/depositv2`);
  await page.getByRole('heading', { name: 'Deposit', level: 1 }).waitFor();
  await page.getByText('No deposits yet.').waitFor();
  const sandbox = page.getByRole('radio', { name: /Online payment/ });
  assert.equal(await sandbox.getAttribute('aria-checked'), 'true');
  assert.ok(await noHorizontalOverflow(), 'no horizontal overflow at 390 px');

  // Gateway: the amount, then the sandbox's hosted page (same tab), Pay, and back with the outcome.
  await page.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: '500', exact: true }).click();
  await page.getByLabel('Amount (PHP)').fill('250');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/sandbox-gateway\/pay\//);
  await page.getByText('PHP 250.00').waitFor();
  assert.ok(await noHorizontalOverflow(), 'pay page fits at 390 px');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/member\/depositv2\?deposit=DEP-[0-9A-Z]{8}$/);
  await page
    .getByRole('region', { name: 'Deposit result' })
    .getByText('Deposit of PHP 250.00 received. Your balance has been updated.')
    .waitFor();
  await waitForBalance('250.00');
  assert.equal(await mainBalance(member.id), 25_000n);
  const recent = page.getByRole('list', { name: 'Recent deposits' });
  await recent.getByText('Success').waitFor();

  // Bank transfer: the receiving account, the amount and the receipt; pending until the operator approves.
  await page.getByRole('radio', { name: /Bank transfer/ }).click();
  await page.getByText('Demo Bank').waitFor();
  assert.ok(await page.getByRole('button', { name: 'Copy Account number' }).isVisible());
  await page.getByLabel('Amount (PHP)').fill('1000');
  await page
    .getByLabel(/Transfer receipt/)
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
  await page.getByRole('img', { name: 'Receipt preview' }).waitFor();
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  await page.getByRole('status').filter({ hasText: 'Your deposit was submitted and is waiting for review.' }).waitFor();
  await recent.getByText('Pending').waitFor();
  assert.ok(await noHorizontalOverflow(), 'no horizontal overflow at 390 px with the bank form');

  const token = await adminToken();
  const auth = { authorization: `Bearer ${token}`, merchant: 'demo' };
  const pending = (await (
    await fetch(`${server.baseUrl}/admin/api/deposits?status=pending`, { headers: auth })
  ).json()) as {
    value: { list: Array<{ id: string; memberAccount: string; amount: string; hasReceipt: boolean }> };
  };
  const mine = pending.value.list.find((d) => d.memberAccount === 'e2edeposit1');
  assert.ok(mine, 'the bank transfer is waiting for review');
  assert.equal(mine.amount, '100000');
  assert.ok(mine.hasReceipt);
  const approved = await fetch(`${server.baseUrl}/admin/api/deposits/${mine.id}/approve`, {
    method: 'POST',
    headers: auth,
  });
  assert.equal(approved.status, 200, await approved.clone().text());

  await page.reload();
  await page.getByRole('list', { name: 'Recent deposits' }).getByText('Success').nth(1).waitFor();
  assert.equal(await page.getByRole('list', { name: 'Recent deposits' }).getByText('Pending').count(), 0);
  await waitForBalance('1,250.00');
  assert.equal(await mainBalance(member.id), 125_000n);
  assert.deepEqual(errors, []);
});
