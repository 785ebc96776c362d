import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { prizesOf } from '@sea/games';
import { memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { drawsBetween } from '../../apps/server/src/modules/lottery/schedules.ts';
import { demo, errors, fundMember, logIn, noHorizontalOverflow, page, server, useE2E } from '../lib/harness.ts';
import { adminToken as staffToken } from '../lib/admin-api.ts';

/*
 * The Vietnamese lottery against the real server: a member bets đề 42 on the Đà Nẵng station (results entered by
 * operators) through /vnLottery and the bet slip; the server's clock passes the draw; one admin enters the result,
 * a different admin confirms it through the admin API; the draw job settles and the member sees the win in my bets
 * and the balance. The app's clock starts 10 minutes before the station's next draw (bets close 5 minutes before).
 */
const GAME = 'vn-mt-danang';
const next = drawsBetween(
  { timezone: 'Asia/Ho_Chi_Minh', drawTime: '17:15', weekdays: [3, 6] },
  new Date(Date.now() + 11 * 60_000),
  new Date(Date.now() + 9 * 86_400_000),
)[0]!;
let offset = next.getTime() - 10 * 60_000 - Date.now();
useE2E('lottery-feed', { clock: () => new Date(Date.now() + offset) });

const PASSWORD = 'lottery feed e2e 1';
const mainBalance = async (id: bigint) =>
  (await server.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]!.balance;
/** A full MT result whose special prize ends in 42. */
function result() {
  const prizes: Record<string, string[]> = {};
  let x = 17;
  for (const d of prizesOf('MT'))
    prizes[d.key] = Array.from({ length: d.count }, () =>
      Array.from({ length: d.digits }, () => String((x = (x * 7 + 3) % 10))).join(''),
    );
  prizes.DB = ['1234' + '42'];
  return { region: 'MT', prizes };
}

const adminToken = () => staffToken('feed', 'games');

async function adminPost(token: string, path: string, payload: object) {
  const res = await fetch(`${server.baseUrl}/admin/api/lottery/results${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, merchant: 'demo' },
    body: JSON.stringify(payload),
  });
  return (await res.json()) as { success: boolean; code: string | null };
}

const login = (account: string, width: number) => logIn(account, PASSWORD, width);

let issueId = '';
let memberId = 0n;

test('VN lottery at 1366 px: bet đề through /vnLottery, two admins enter and confirm the result, the member sees the win', async () => {
  const member = await server.app.modules.members.create({ merchant: demo, account: 'e2efeed1', password: PASSWORD });
  memberId = member.id;
  await fundMember(member.id, 100_000n);
  await login('e2efeed1', 1366);
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });

  await page.goto(`${server.baseUrl}/vnLottery`);
  const mt = page.getByRole('region', { name: 'Miền Trung' });
  const card = mt.getByRole('listitem', { name: 'Đà Nẵng' });
  await card.waitFor({ timeout: 30_000 });
  await page.screenshot({ path: 'e2e/artifacts/lottery-feed-menu-1366.png', fullPage: true });
  await card.getByRole('link', { name: 'Play' }).click();
  await page.waitForURL(new RegExp(`/vnLottery/${GAME}$`));
  issueId = (await page.getByTestId('current-issue').locator('.lot-head__id').textContent())!;

  await page.getByRole('radio', { name: 'Đề' }).click();
  await page.getByLabel('Numbers').fill('42');
  await page.getByLabel('Stake per unit').fill('10');
  assert.match((await page.getByTestId('feed-charge').textContent())!, /1 unit.*10\.00/);
  await page.screenshot({ path: 'e2e/artifacts/lottery-feed-slip-1366.png', fullPage: true });
  await page.getByRole('button', { name: 'Place bet' }).click();
  await page.getByText(/^Bet placed: /).waitFor({ timeout: 30_000 });

  // A second member bets the same through the service (the 390 px test looks at their page).
  const other = await server.app.modules.members.create({ merchant: demo, account: 'e2efeed2', password: PASSWORD });
  await fundMember(other.id, 100_000n);
  await server.app.modules.lottery.placeBets(demo, other.id, {
    gameCode: GAME,
    issueId,
    requestId: randomUUID(),
    bets: [{ code: 'vn.de', selection: { numbers: ['42'] }, unitStake: '1000' }],
  });

  // The draw time passes on the server; the operators enter the official result.
  offset += 11 * 60_000;
  const a = await adminToken();
  const b = await adminToken();
  const entry = { gameCode: GAME, issueId, result: result() };
  assert.equal((await adminPost(a, '', entry)).success, true);
  assert.equal((await adminPost(a, '/confirm', entry)).code, 'lottery_result_same_admin');
  assert.equal((await adminPost(b, '/confirm', entry)).success, true);

  await page.getByRole('tab', { name: 'My bets' }).click();
  await page.getByTestId('my-bets').getByText('Won').first().waitFor({ timeout: 60_000 });
  const end = await mainBalance(member.id);
  assert.equal(end, 100_000n - 1_000n + 1_000n * 95n);
  await page.screenshot({ path: 'e2e/artifacts/lottery-feed-won-1366.png', fullPage: true });
  await page.getByRole('tab', { name: 'Results' }).click();
  await page.getByTestId('feed-results').getByText('123442').waitFor({ timeout: 30_000 });
  await page.screenshot({ path: 'e2e/artifacts/lottery-feed-results-1366.png', fullPage: true });
  assert.deepEqual(errors, []);
});

test('VN lottery at 390 px: the menu, the board and the win on a phone', async () => {
  assert.ok(issueId && memberId, 'the 1366 px test ran first');
  await login('e2efeed2', 390);
  await page.goto(`${server.baseUrl}/vnLottery`);
  const card = page.getByRole('region', { name: 'Miền Trung' }).getByRole('listitem', { name: 'Đà Nẵng' });
  await card.getByText('123442').waitFor({ timeout: 30_000 });
  assert.ok(await noHorizontalOverflow(), 'the VN menu fits at 390 px');
  await page.screenshot({ path: 'e2e/artifacts/lottery-feed-menu-390.png', fullPage: true });
  await card.getByRole('link', { name: 'Play' }).click();
  await page.waitForURL(new RegExp(`/vnLottery/${GAME}$`));
  assert.ok(await noHorizontalOverflow(), 'the slip fits at 390 px');
  await page.screenshot({ path: 'e2e/artifacts/lottery-feed-slip-390.png', fullPage: true });
  await page.getByRole('tab', { name: 'My bets' }).click();
  await page.getByTestId('my-bets').getByText('Won').first().waitFor({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Results' }).click();
  await page.getByTestId('feed-results').waitFor();
  assert.ok(await noHorizontalOverflow(), 'the prize board fits at 390 px');
  await page.screenshot({ path: 'e2e/artifacts/lottery-feed-results-390.png', fullPage: true });
  assert.deepEqual(errors, []);
});
