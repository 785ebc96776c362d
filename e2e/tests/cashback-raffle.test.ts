import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import type { PlayEvent } from '../../apps/server/src/lib/play-events.ts';
import { memberBonus, memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { adminToken, openBackOffice, post } from '../lib/admin-api.ts';
import { demo, errors, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

/**
 * Cashback on net loss and raffles (issue 23), in Chromium at 390 and 1366 px: staff add a cashback programme in the
 * back office; a player loses on slots, sees the running period's net loss and expected cashback, and raffle tickets;
 * the app's clock passes the end of the day and the draw time, the closing and draw jobs run; the player claims the
 * cashback and the raffle prize in the reward centre and verifies the draw in the browser.
 */
let shift = 0;
useE2E('cashback-raffle', { clock: () => new Date(Date.now() + shift) });

const PASSWORD = 'cashback e2e pw 1';
const HOUR = 3_600_000;
const header = () => page.getByRole('banner');
const main = async (id: bigint) =>
  (await server.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]?.balance ?? 0n;
const bonus = async (id: bigint) =>
  (await server.app.modules.ledger.balances(demo.id, [memberBonus(id)]))[memberBonus(id)]?.balance ?? 0n;
const shot = async (name: string) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/cashback-raffle-${name}.png`, fullPage: true });
};

async function login(account: string, width: number) {
  await open('/');
  await header().getByLabel('Username').fill(account);
  await header().getByLabel('Password').fill(PASSWORD);
  await header().getByRole('button', { name: 'Log in' }).click();
  await page.waitForFunction(() => Boolean(sessionStorage.getItem('token')), undefined, { timeout: 30_000 });
  await page.setViewportSize({ width, height: width < 700 ? 844 : 900 });
}

test('staff add a cashback programme in the back office (field error from the form, then saved)', async () => {
  for (const width of [390, 1366]) {
    const token = await adminToken(`cb${width}`);
    await openBackOffice(token, '/rewards/cashback', width);
    await page.getByRole('heading', { name: 'Cashback on net loss', level: 1 }).waitFor();
    if (width === 1366) {
      await page.getByRole('button', { name: 'New programme' }).click();
      const dialog = page.getByRole('dialog', { name: 'New cashback programme' });
      await dialog.getByLabel('Title').fill('Daily slots cashback');
      await dialog.getByLabel('Cashback (%)').fill('10');
      await dialog.getByLabel('Minimum net loss (PHP)').fill('10');
      await dialog.getByLabel('Cap per member and period (PHP)').fill('0');
      await dialog.getByLabel('Game categories').fill('SLOT, RNG');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Enter an amount above 0.').waitFor();
      await dialog.getByLabel('Cap per member and period (PHP)').fill('50');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('row', { name: /Daily slots cashback/ }).waitFor();
    } else {
      await page.getByText('No cashback programmes yet.').waitFor();
    }
    assert.ok(await noHorizontalOverflow(), `no horizontal overflow at ${width} px`);
    await shot(`backoffice-cashback-${width}`);
  }
  assert.deepEqual(errors, []);
});

test('a player loses, the day closes and the cashback is claimed; the raffle draws, is verified and the prize claimed', async () => {
  for (const width of [390, 1366]) {
    const account = `e2ecb${width}`;
    const m = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
    const now = server.clock();
    const staff = await adminToken(`raffle${width}`);
    const raffle = await post<{ id: string }>('/admin/api/raffles', staff, {
      title: `Raffle ${width}`,
      startsAt: new Date(now.getTime() - HOUR).toISOString(),
      endsAt: new Date(now.getTime() + HOUR).toISOString(),
      drawAt: new Date(now.getTime() + HOUR).toISOString(),
      turnoverPerTicket: '10000',
      maxTickets: 5,
      prizes: ['10000'],
    });
    // The player loses PHP 300 on slots (stake 400, payout 100): through the play-event consumers.
    const loss: PlayEvent = {
      kind: 'bet_settled',
      id: `round:e2e-cashback-${m.id}`,
      merchantId: demo.id,
      memberId: m.id,
      product: 'house',
      category: 'SLOT',
      gameCode: 'LUCKY_DRAGON',
      stake: 40_000n,
      validBet: 40_000n,
      payout: 10_000n,
      settledAt: now,
    };
    for (const name of ['cashback', 'raffle'] as const) {
      await server.app.modules[name].consumer.handle([loss]);
      await server.app.modules[name].consumer.handle([loss]); // delivered again: counted once
    }

    await login(account, width);
    await page.goto(`${server.baseUrl}/member/rewardCenter`);
    await page.getByRole('heading', { name: 'Reward centre', level: 1 }).waitFor();
    const running = page.getByRole('listitem', { name: 'Daily slots cashback' });
    await running.getByText('PHP 300.00').waitFor();
    await running.getByText('PHP 30.00').waitFor();
    await page
      .getByRole('listitem', { name: `Raffle ${width}` })
      .getByText('You have 4 tickets')
      .waitFor();
    assert.ok(await noHorizontalOverflow(), `no horizontal overflow at ${width} px`);
    await shot(`running-${width}`);

    // The app's clock passes the end of the merchant's day and the draw time; the jobs run.
    shift += 26 * HOUR;
    const closed = await server.app.modules.cashback.closeEnded();
    assert.ok(closed.granted >= 1);
    assert.equal((await server.app.modules.cashback.closeEnded()).granted, 0);
    assert.ok((await server.app.modules.raffle.drawDue()).drawn >= 1);

    await login(account, width);
    await page.goto(`${server.baseUrl}/raffle/${raffle.id}`);
    await page.getByRole('heading', { name: `Raffle ${width}`, level: 1 }).waitFor();
    await page.getByText('You won! Claim your prize in the reward centre.').waitFor();
    await page.getByRole('button', { name: 'Verify in this browser' }).click();
    await page.getByText('Verified: the seed matches its hash and the winners are exactly these tickets.').waitFor();
    assert.ok(await noHorizontalOverflow(), `no horizontal overflow at ${width} px`);
    await shot(`raffle-${width}`);

    await page.getByRole('link', { name: 'Back to the reward centre' }).click();
    await page.getByRole('heading', { name: 'Reward centre', level: 1 }).waitFor();
    const before = await main(m.id);
    await page.getByRole('button', { name: 'Claim PHP 30.00' }).click();
    await page.getByText('PHP 30.00 was added to your main wallet.').waitFor();
    await page.getByRole('button', { name: 'Claim PHP 100.00' }).click();
    await page.getByText('PHP 100.00 was added to your main wallet.').waitFor();
    assert.equal((await main(m.id)) - before, 13_000n);
    await shot(`claimed-${width}`);
  }

  // Staff see the closed periods and the draw.
  const token = await adminToken('cbruns');
  await openBackOffice(token, '/rewards/raffles', 1366);
  await page.getByRole('button', { name: 'Result of Raffle 1366' }).click();
  await page.getByRole('dialog', { name: 'Draw: Raffle 1366' }).getByText('#1', { exact: false }).first().waitFor();
  await shot('backoffice-raffle-1366');
  await openBackOffice(token, '/rewards/cashback', 390);
  await page.getByRole('region', { name: 'Closed periods' }).getByRole('row').nth(1).waitFor();
  await shot('backoffice-runs-390');
  assert.deepEqual(errors, []);
});

test('cashback paid as bonus: claimed into the bonus balance, its wagering shown in Bonus details (390 and 1366 px)', async () => {
  const staff = await adminToken('cbbonus');
  await post('/admin/api/cashback/programmes', staff, {
    title: 'Slots bonus cashback',
    period: 'daily',
    percentBp: 2000,
    minNetLoss: '0',
    cap: '10000',
    categories: ['SLOT'],
    active: true,
    payAs: 'bonus',
    bonusTerms: { multiplier: 5, maxConversion: null, maxStake: null, expiryDays: 7 },
  });
  for (const width of [390, 1366]) {
    const account = `e2ecbb${width}`;
    const m = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
    // A net loss of PHP 300 on slots: 20 % comes back as PHP 60 of bonus money, to be wagered 5×.
    await server.app.modules.cashback.consumer.handle([
      {
        kind: 'bet_settled',
        id: `round:e2e-cbbonus-${m.id}`,
        merchantId: demo.id,
        memberId: m.id,
        product: 'house',
        category: 'SLOT',
        gameCode: 'LUCKY_DRAGON',
        stake: 40_000n,
        validBet: 40_000n,
        payout: 10_000n,
        settledAt: server.clock(),
      },
    ]);
    shift += 26 * HOUR;
    assert.ok((await server.app.modules.cashback.closeEnded()).granted >= 1);

    await login(account, width);
    await page.goto(`${server.baseUrl}/member/rewardCenter`);
    await page.getByRole('heading', { name: 'Reward centre', level: 1 }).waitFor();
    await page.getByText('Bonus money: wager 5× within 7 days').first().waitFor();
    await shot(`bonus-reward-${width}`);
    await page.getByRole('button', { name: 'Claim PHP 60.00' }).click();
    await page.getByText('PHP 60.00 was added to your bonus account. Its wagering is in Bonus details.').waitFor();
    assert.equal(await bonus(m.id), 6_000n);

    await page.goto(`${server.baseUrl}/member/bonusDetails`);
    await page.getByRole('heading', { name: 'Active bonus' }).waitFor();
    const active = page.getByRole('region', { name: 'Active bonus' });
    await active
      .getByText(/Slots bonus cashback/)
      .first()
      .waitFor();
    await active.getByText(/of PHP 300\.00/).waitFor();
    assert.ok(await noHorizontalOverflow(), `no horizontal overflow at ${width} px`);
    await shot(`bonus-details-${width}`);
  }
  assert.deepEqual(errors, []);
});
