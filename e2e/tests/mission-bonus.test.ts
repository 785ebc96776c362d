import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { memberBonus, memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { adminToken, openBackOffice, post } from '../lib/admin-api.ts';
import { demo, errors, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

/**
 * A mission paid as bonus money (issue 23), in Chromium at 390 and 1366 px: staff switch a mission's reward from
 * cash to bonus (× 4 wagering, 6 days) in the back office's mission editor; a player completes it, claims it in the
 * reward centre (its terms shown) into the bonus balance — not main — and finds it in Bonus details. The missions page
 * says beside the mission's reward that it pays as bonus money, with the terms.
 */
useE2E('mission-bonus');

const PASSWORD = 'mission bonus e2e 1';
const TITLE = 'Slots 100 for bonus';
const header = () => page.getByRole('banner');
const balances = async (id: bigint) => {
  const b = await server.app.modules.ledger.balances(demo.id, [memberMain(id), memberBonus(id)]);
  return { main: b[memberMain(id)]?.balance ?? 0n, bonus: b[memberBonus(id)]?.balance ?? 0n };
};
const shot = async (name: string) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/mission-bonus-${name}.png`, fullPage: true });
};

test('staff set a mission to pay as bonus; a player claims it into the bonus balance and sees it in Bonus details', async () => {
  const staff = await adminToken('missionbonus');
  // A cash mission as it stood: valid bet of PHP 100 on slots today, reward PHP 37.
  await post('/admin/api/rewards/missions', staff, {
    kind: 'bet_amount',
    period: 'daily',
    category: 'SLOT',
    title: TITLE,
    target: '10000',
    reward: '3700',
  });

  await openBackOffice(staff, '/rewards/missions', 1366);
  const row = page.getByRole('row', { name: new RegExp(TITLE) });
  await row.getByText('Cash').waitFor();
  await row.getByRole('button', { name: `Edit ${TITLE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit mission: ${TITLE}` });
  await dialog.getByLabel('Pay as').selectOption('bonus');
  await dialog.getByLabel('Wagering (× the amount)').fill('4');
  await dialog.getByLabel('Days to wager').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('A whole number of days from 1 to 365.').waitFor();
  await dialog.getByLabel('Days to wager').fill('6');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText('Bonus ×4 · 6 days').waitFor();
  await shot('backoffice-1366');
  // At 390 px the list scrolls sideways inside its frame; the saved terms are there.
  await openBackOffice(staff, '/rewards/missions', 390);
  const narrow = page.getByRole('row', { name: new RegExp(TITLE) }).getByText('Bonus ×4 · 6 days');
  await narrow.scrollIntoViewIfNeeded();
  assert.ok(await noHorizontalOverflow(), 'no page overflow at 390 px');
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: 'e2e/artifacts/mission-bonus-backoffice-390.png' });

  for (const width of [390, 1366]) {
    const account = `e2emb${width}`;
    const m = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
    await server.app.modules.rewards.consumers[0]!.handle([
      {
        kind: 'bet_settled',
        id: `round:e2e-mission-bonus-${m.id}`,
        merchantId: demo.id,
        memberId: m.id,
        product: 'house',
        category: 'SLOT',
        gameCode: 'LUCKY_DRAGON',
        stake: 10_000n,
        validBet: 10_000n,
        payout: 0n,
        settledAt: server.clock(),
      },
    ]);
    await open('/');
    await header().getByLabel('Username').fill(account);
    await header().getByLabel('Password').fill(PASSWORD);
    await header().getByRole('button', { name: 'Log in' }).click();
    await page.waitForFunction(() => Boolean(sessionStorage.getItem('token')), undefined, { timeout: 30_000 });
    await page.setViewportSize({ width, height: width < 700 ? 844 : 900 });

    // The missions page says beside the mission's reward that it pays as bonus money, with its terms.
    await page.goto(`${server.baseUrl}/member/missionLeaderboard`);
    const card = page.getByRole('listitem', { name: TITLE });
    await card.getByText('PHP 37.00').waitFor();
    assert.equal(
      (await card.getByTestId('pay-as').textContent())?.trim(),
      'Bonus money: wager 4× within 6 days',
      'the mission card shows its bonus terms',
    );
    assert.ok(await noHorizontalOverflow(), `missions: no horizontal overflow at ${width} px`);
    await shot(`missions-${width}`);

    await page.goto(`${server.baseUrl}/member/rewardCenter`);
    await page.getByRole('heading', { name: 'Reward centre', level: 1 }).waitFor();
    await page.getByText('Bonus money: wager 4× within 6 days').first().waitFor();
    await shot(`reward-centre-${width}`);
    const before = await balances(m.id);
    await page.getByRole('button', { name: 'Claim PHP 37.00' }).click();
    await page.getByText('PHP 37.00 was added to your bonus account. Its wagering is in Bonus details.').waitFor();
    assert.deepEqual(await balances(m.id), { main: before.main, bonus: before.bonus + 3_700n });

    await page.goto(`${server.baseUrl}/member/bonusDetails`);
    await page.getByRole('heading', { name: 'Active bonus' }).waitFor();
    const active = page.getByRole('region', { name: 'Active bonus' });
    await active.getByText(new RegExp(TITLE)).first().waitFor();
    await active.getByText(/of PHP 148\.00/).waitFor(); // 4 × PHP 37 to wager
    assert.ok(await noHorizontalOverflow(), `no horizontal overflow at ${width} px`);
    await shot(`bonus-details-${width}`);
  }
  assert.deepEqual(errors, []);
});
