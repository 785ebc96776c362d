import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memberMain, systemAccount } from '../../apps/server/src/modules/ledger/index.ts';
import type { Leg } from '../../apps/server/src/modules/ledger/index.ts';
import { countEventually, demo, errors, open, page, server, useE2E } from '../lib/harness.ts';

const PASSWORD = 'history e2e pw 1';
let seq = 0;

useE2E('history', {
  setup: async () => {
    const me = await server.app.modules.members.create({ merchant: demo, account: 'e2ehist1', password: PASSWORD });
    const other = await server.app.modules.members.create({ merchant: demo, account: 'e2ehist2', password: PASSWORD });
    // Ledger activity as the operator would cause it: 24 adjustments of 1..24, one deposit, one pending withdrawal.
    for (let i = 1; i <= 24; i++)
      await post(me.id, 'adjustment', [
        {
          debit: systemAccount('adjustments', me.id),
          credit: memberMain(me.id),
          amount: BigInt(i * 100),
          code: 'adjustment',
        },
      ]);
    await post(
      me.id,
      'deposit',
      [
        {
          debit: systemAccount('payment_clearing', me.id),
          credit: memberMain(me.id),
          amount: 500_00n,
          code: 'deposit',
        },
      ],
      { depositId: '7001' },
    );
    await post(
      me.id,
      'withdrawal',
      [
        {
          debit: memberMain(me.id),
          credit: systemAccount('payment_clearing', me.id),
          amount: 12_34n,
          code: 'withdrawal',
          pending: true,
        },
      ],
      { withdrawalId: '8001' },
    );
    await post(other.id, 'adjustment', [
      {
        debit: systemAccount('adjustments', other.id),
        credit: memberMain(other.id),
        amount: 9_999_99n,
        code: 'adjustment',
      },
    ]);
  },
});

function post(memberId: bigint, kind: string, legs: Leg[], ref: Record<string, string> = {}) {
  seq += 1;
  return server.app.modules.ledger.postOrThrow({
    merchantId: demo.id,
    currency: demo.currency,
    scope: 'e2e_history',
    key: `h:${seq}`,
    kind,
    memberId,
    ref,
    legs,
  });
}

async function logIn() {
  await open('/');
  const header = page.getByRole('banner');
  await header.getByLabel('Username').fill('e2ehist1');
  await header.getByLabel('Password').fill(PASSWORD);
  await header.getByRole('button', { name: 'Log in' }).click();
  await header.getByRole('button', { name: /^Balance/ }).waitFor();
}

const bodyRows = () => page.getByRole('table').locator('tbody tr');

test('a member sees its own ledger rows, pages through them and filters by type and date', async () => {
  await logIn();
  await page.goto(`${server.baseUrl}/member/transactionHistory`);
  await page.getByRole('heading', { name: 'Transaction history', level: 1 }).waitFor();
  await page.getByText('26 transactions').waitFor();
  assert.equal(await countEventually(bodyRows(), 20), 20);
  const first = bodyRows().first();
  assert.match((await first.textContent()) ?? '', /Withdrawal.*-12\.34.*Pending.*WIT-8001/);
  const second = bodyRows().nth(1);
  assert.match((await second.textContent()) ?? '', /Deposit.*\+500\.00.*800\.00.*Completed.*DEP-7001/);
  // The other member's 9,999.99 never shows.
  assert.equal(await page.getByText('9,999.99').count(), 0);

  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Page 2 of 2').waitFor();
  assert.equal(await countEventually(bodyRows(), 6), 6);
  assert.match((await bodyRows().last().textContent()) ?? '', /Adjustment.*\+1\.00.*1\.00/);

  await page.getByLabel('Type').selectOption('deposit');
  await page.getByText('1 transactions').waitFor();
  assert.equal(await countEventually(bodyRows(), 1), 1);
  await page.getByText('Page 1 of 1').waitFor();

  await page.getByLabel('Type').selectOption('all');
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await page.getByText('No transactions in this period.').waitFor();
  await page.getByRole('button', { name: 'Today' }).click();
  await page.getByText('26 transactions').waitFor();
  assert.deepEqual(errors, []);
});

test('personal profit shows the period totals; deposits count, adjustments do not', async () => {
  await logIn();
  await page.goto(`${server.baseUrl}/member/personalProfit`);
  const summary = page.getByRole('region', { name: 'Summary (PHP)' });
  await summary.waitFor();
  const tile = (name: string) => summary.locator('div', { has: page.getByText(name, { exact: true }) }).locator('dd');
  assert.equal(await tile('Deposits').textContent(), '500.00');
  assert.equal(await tile('Withdrawals').textContent(), '0.00');
  assert.equal(await tile('Profit').textContent(), '0.00');
  assert.equal(await countEventually(page.getByRole('table').locator('tbody tr'), 1), 1);
  assert.deepEqual(errors, []);
});

test('on a phone the rows are cards and nothing overflows', async () => {
  await logIn();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/member/transactionHistory`);
  await page.getByText('26 transactions').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  const display = await bodyRows()
    .first()
    .evaluate((el) => getComputedStyle(el).display);
  assert.equal(display, 'block');
  await page.goto(`${server.baseUrl}/member/personalProfit`);
  await page.getByRole('region', { name: 'Summary (PHP)' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  assert.deepEqual(errors, []);
});
