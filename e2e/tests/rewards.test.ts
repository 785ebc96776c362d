import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { demo, errors, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

useE2E('rewards');

const PASSWORD = 'rewards e2e pw 1';
const TX = '135790';
const header = () => page.getByRole('banner');
const main = async (id: bigint) =>
  (await server.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]!.balance;
const shot = async (name: string) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/rewards-${name}.png`, fullPage: true });
};

async function member(account: string, width: number) {
  const m = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
  await open('/');
  await header().getByLabel('Username').fill(account);
  await header().getByLabel('Password').fill(PASSWORD);
  await header().getByRole('button', { name: 'Log in' }).click();
  await page.waitForFunction(() => Boolean(sessionStorage.getItem('token')), undefined, { timeout: 30_000 });
  await page.setViewportSize({ width, height: width < 700 ? 844 : 900 });
  return m;
}

test('a daily check-in completes the mission and is claimed in the reward centre; the balance rises (390 and 1366 px)', async () => {
  for (const [width, account] of [
    [390, 'e2erewards390'],
    [1366, 'e2erewards1366'],
  ] as const) {
    const m = await member(account, width);
    await page.goto(`${server.baseUrl}/member/missionLeaderboard`);
    await page.getByRole('heading', { name: 'Missions', level: 1 }).waitFor();
    const bar = page.getByRole('progressbar', { name: 'Progress of Daily check-in' });
    assert.equal(await bar.getAttribute('aria-valuenow'), '0');
    await page.getByRole('button', { name: 'Check in today' }).click();
    await page.getByText('Checked in today').waitFor();
    assert.equal(await bar.getAttribute('aria-valuenow'), '100');
    await page.getByRole('table', { name: 'Leaderboard' }).or(page.getByText('Nobody is on this board yet.')).waitFor();
    assert.ok(await noHorizontalOverflow(), `no horizontal overflow at ${width} px`);
    await shot(`missions-${width}`);

    await page.getByRole('link', { name: 'Go to the reward centre' }).click();
    await page.getByRole('heading', { name: 'Reward centre', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Claim PHP 5.00' }).click();
    await page.getByText('PHP 5.00 was added to your main wallet.').waitFor();
    await page.getByText('Nothing to claim right now. Complete a mission to earn a reward.').waitFor();
    assert.equal(await main(m.id), 500n);
    assert.ok(await noHorizontalOverflow(), `no horizontal overflow at ${width} px`);
    await shot(`centre-${width}`);
  }
  assert.deepEqual(errors, []);
});

test('points are redeemed in the mall with the transaction password: points and stock drop, the history shows it', async () => {
  const m = await member('e2emall', 1366);
  // 1,500 of valid bet on slots (100 % contribution, PHP 10 a point): 150 points, through the play-event consumer.
  await server.app.modules.rewards.consumers[0]!.handle([
    {
      kind: 'bet_settled',
      id: `round:e2e-mall-${m.id}`,
      merchantId: demo.id,
      memberId: m.id,
      product: 'house',
      category: 'RNG',
      gameCode: 'LUCKY_DRAGON',
      stake: 150_000n,
      validBet: 150_000n,
      payout: 0n,
      settledAt: new Date(),
    },
  ]);
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const res = await fetch(`${server.baseUrl}/wps/member/transaction-password`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, merchant: 'demo', 'content-type': 'application/json' },
    body: JSON.stringify({ loginPassword: PASSWORD, newPassword: TX, confirm: TX }),
  });
  assert.ok(((await res.json()) as { success: boolean }).success);

  await page.goto(`${server.baseUrl}/pointMall`);
  await page.getByRole('heading', { name: 'Points mall', level: 1 }).waitFor();
  await page.getByTestId('points-balance').getByText('150').waitFor();
  const stock = page.locator('.mall__item', { hasText: 'PHP 10 credit' }).getByText(/In stock: 1000/);
  await stock.waitFor();
  await shot('mall-1366');
  await page.getByRole('button', { name: 'Redeem: PHP 10 credit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem PHP 10 credit' });
  await dialog.getByLabel(/Transaction password/).fill(TX);
  await dialog.getByRole('button', { name: 'Redeem now' }).click();
  await dialog.getByText(/Redeemed PHP 10 credit\. Order PMO-/).waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('points-balance').getByText('50').waitFor();
  await page
    .locator('.mall__item', { hasText: 'PHP 10 credit' })
    .getByText(/In stock: 999/)
    .waitFor();
  assert.equal(await main(m.id), 1000n);

  await page.getByRole('tab', { name: 'Redeem history' }).click();
  await page.getByRole('table', { name: 'Redeem history' }).getByText('PHP 10 credit').waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Points rules' }).click();
  await page.getByRole('table', { name: 'Exchange rate table' }).waitFor();
  assert.ok(await noHorizontalOverflow(), 'no horizontal overflow at 390 px');
  await shot('mall-rules-390');
  assert.deepEqual(errors, []);
});
