import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { demo, errors, fundMember, logIn, noHorizontalOverflow, page, server, useE2E } from '../lib/harness.ts';

/*
 * Every lottery page a player sees, at 1366 and 390 px, logged in: the ELOTT lobby, a game page and the verifier of a
 * drawn issue (its chain and the walk to the chain's commitment), /vnLottery and a VN game, /seaLottery, the Thai game
 * (a 3 top bet placed with the keyboard) and the 4D game (a Big bet, roll entry). Screenshots of each under
 * e2e/artifacts/lottery-pages-*. The server's clock moves 3 minutes ahead before the verifier so that an ELOTT issue
 * is drawn.
 */
let offset = 0;
useE2E('lottery-pages', { clock: () => new Date(Date.now() + offset) });

const PASSWORD = 'lottery pages e2e 1';
const mainBalance = async (id: bigint) =>
  (await server.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]!.balance;

async function login(account: string, width: number) {
  const member = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
  await fundMember(member.id, 100_000n);
  await logIn(account, PASSWORD, width);
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  return member;
}

async function shot(name: string, width: number) {
  if (width < 500) assert.ok(await noHorizontalOverflow(), `${name} fits at ${width} px`);
  // From the top: the header is sticky, a page scrolled by a focused field would show it over the middle.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `e2e/artifacts/lottery-pages-${name}-${width}.png`, fullPage: true });
}

async function go(path: string) {
  await page.goto(`${server.baseUrl}${path}`);
}

async function allPages(account: string, width: number) {
  const member = await login(account, width);
  const start = await mainBalance(member.id);

  // ELOTT: lobby, a game page.
  await go('/lottery');
  await page.getByRole('listitem', { name: /Fast 5D · 1 min/ }).waitFor({ timeout: 30_000 });
  await shot('elott-lobby', width);
  await go('/lottery/elott-ssc-1m');
  await page.getByTestId('current-issue').waitFor({ timeout: 30_000 });
  // Provably fair: this chain's commitment and the next chain's, published before any of its issues.
  await page.getByText('Provably fair · chain #1').click();
  await page
    .getByTestId('chain-info')
    .getByText(/^Next chain #2 from issue \d{8}-\d{4}, published /)
    .waitFor();
  await shot('elott-game', width);

  // VN: the menu by region and a station's game.
  await go('/vnLottery');
  await page.getByRole('region', { name: 'Miền Bắc' }).waitFor({ timeout: 30_000 });
  await shot('vn-lobby', width);
  await go('/vnLottery/vn-mb');
  await page.getByTestId('feed-slip').waitFor({ timeout: 30_000 });
  await shot('vn-game', width);

  // SEA: the menu, then a Thai bet placed from the keyboard (arrow keys through the bet types).
  await go('/seaLottery');
  await page.getByRole('region', { name: 'Thai' }).waitFor({ timeout: 30_000 });
  await shot('sea-lobby', width);
  await go('/seaLottery/thai-gov');
  const types = page.getByRole('radiogroup', { name: 'Bet type' });
  await types.waitFor({ timeout: 30_000 });
  await types.getByRole('radio', { name: '3 top' }).focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await types.getByRole('radio', { name: '3 tode' }).getAttribute('aria-checked'), 'true');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await types.getByRole('radio', { name: '3 top' }).getAttribute('aria-checked'), 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123 456');
  await page.getByLabel('Stake per unit').fill('10');
  assert.match((await page.getByTestId('feed-charge').textContent())!, /2 units.*20\.00/);
  await shot('thai-slip', width);
  await page.getByRole('button', { name: 'Place bet' }).click();
  await page.getByText(/^Bet placed: /).waitFor({ timeout: 30_000 });
  await shot('thai-placed', width);
  assert.equal(await mainBalance(member.id), start - 2_000n);

  // 4D: Big, roll entry (one digit R: ten numbers).
  await go('/seaLottery/4d-sg');
  await page.getByRole('radio', { name: '4D Big' }).click();
  await page.getByLabel('Entry').selectOption('roll');
  await page.getByLabel('Stake per unit').fill('1');
  // A quick pick of a roll entry has its R; a lower-case r is taken as R.
  await page.getByRole('button', { name: 'Quick pick: 1 number' }).click();
  assert.match(await page.getByLabel('Numbers').inputValue(), /^[\dR]{4}$/);
  assert.match((await page.getByTestId('feed-charge').textContent())!, /10 units/);
  await page.getByLabel('Numbers').fill('12r4');
  assert.equal(await page.getByLabel('Numbers').inputValue(), '12R4');
  assert.match((await page.getByTestId('feed-charge').textContent())!, /10 units.*10\.00/);
  await shot('4d-slip', width);
  await page.getByRole('button', { name: 'Place bet' }).click();
  await page.getByText(/^Bet placed: /).waitFor({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'My bets' }).click();
  const bet = page.getByTestId('my-bets').getByRole('listitem').first();
  await bet.getByText('4D Big').waitFor({ timeout: 30_000 });
  await bet.getByText('12R4').waitFor();
  await shot('4d-my-bets', width);
  assert.equal(await mainBalance(member.id), start - 3_000n);

  // The verifier of a drawn ELOTT issue: its chain and the walk to that chain's published commitment.
  offset += 180_000;
  const issueId = await page.evaluate(`(async () => {
    for (let i = 0; i < 60; i++) {
      const r = await (await fetch('/lgw/lottery/games/elott-ssc-1m/results?pageSize=5')).json();
      const drawn = r.value.list.find((x) => x.result);
      if (drawn) return drawn.issueId;
      await new Promise((ok) => setTimeout(ok, 1000));
    }
    return null;
  })()`);
  assert.ok(issueId, 'an ELOTT issue was drawn');
  await go(`/lottery/verify?game=elott-ssc-1m&issue=${issueId as string}`);
  const verdict = page.getByTestId('verdict');
  await verdict.getByText('Verified').waitFor({ timeout: 30_000 });
  await verdict.getByText(/gives chain #1’s published commitment\.$/).waitFor();
  await shot('verify', width);
  assert.deepEqual(errors, []);
}

/** The same pages in TY: every text of the slip, the hints, my bets and the verifier translated. */
async function inTy(width: number) {
  await page.getByLabel('Language').selectOption('ty');
  await go('/seaLottery/thai-gov');
  await page.getByTestId('feed-slip').waitFor({ timeout: 30_000 });
  await page.getByRole('radio').nth(1).click();
  await shot('ty-thai-slip', width);
  await go('/seaLottery/4d-sg');
  await page.getByTestId('feed-slip').waitFor({ timeout: 30_000 });
  await page.locator('.lot-feedslip__entry select').selectOption('roll');
  await page.getByTestId('feed-slip').locator('input').first().fill('12R');
  await shot('ty-4d-slip', width);
  await page.getByRole('tab').nth(2).click();
  await page.getByTestId('my-bets').getByRole('listitem').first().waitFor({ timeout: 30_000 });
  await shot('ty-4d-my-bets', width);
  await go('/vnLottery');
  await page.getByTestId('feed-lobby').waitFor({ timeout: 30_000 });
  await shot('ty-vn-lobby', width);
}

test('lottery pages at 1366 px: ELOTT, VN, SEA; a Thai and a 4D bet; the verifier', async () => {
  await allPages('e2epages1', 1366);
});

test('lottery pages at 390 px: ELOTT, VN, SEA; a Thai and a 4D bet; the verifier', async () => {
  await allPages('e2epages2', 390);
  await inTy(390);
});
