import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { adminToken, openBackOffice } from '../lib/admin-api.ts';
import { demo, errors, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

/**
 * Member referral end to end (issue 23), at 390 and 1366 px: member A opens the referral page and copies the link,
 * B opens it (registration opens with the code filled in), registers, deposits by bank transfer (approved by staff
 * through the admin API) and spins our slot until the turnover is met; the play events reach the referral consumer;
 * A sees B rewarded and claims the reward in the reward centre (the ledger checked). The back office's programme and
 * review queue are opened at both widths. Demo programme: first deposit ≥ PHP 100, bets ≥ PHP 200, reward PHP 50.
 * Screenshots: e2e/artifacts/referral-<step>-<width>.png.
 */
const PASSWORD = 'referral e2e pw 1';
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
let staff = '';

useE2E('referral', {
  setup: async () => {
    staff = await adminToken('referralstaff');
  },
});

const shot = async (name: string, width: number) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/referral-${name}-${width}.png`, fullPage: true });
};
const main = async (id: bigint) =>
  (await server.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]?.balance ?? 0n;

/** The play-event queue handed to its consumers (the `play-events` job does this every 2 s in production). */
async function drain(): Promise<void> {
  const until = Date.now() + 30_000;
  for (;;) {
    await server.app.modules.playEvents.drain();
    if ((await server.app.modules.playEvents.backlog('referral')) === 0n) return;
    assert.ok(Date.now() < until, 'the play-event queue drained');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function logIn(account: string, width: number, ip: string) {
  await open('/', { ip });
  const header = page.getByRole('banner');
  await header.getByLabel('Username').fill(account);
  await header.getByLabel('Password').fill(PASSWORD);
  await header.getByRole('button', { name: 'Log in' }).click();
  await page.waitForFunction(() => Boolean(sessionStorage.getItem('token')), undefined, { timeout: 30_000 });
  await page.setViewportSize({ width, height: 844 });
}

async function member<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      merchant: 'demo',
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { success: boolean; value: T };
  assert.ok(env.success, `${path}: ${JSON.stringify(env)}`);
  return env.value;
}

/** A bank transfer of PHP 500 by the page's member, approved by staff: the member's first credited deposit. */
async function depositApproved(account: string) {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const form = new FormData();
  form.set('methodCode', 'BANK');
  form.set('amount', '500');
  form.set('requestId', randomUUID());
  form.set('receipt', new Blob([Buffer.from(PNG_1PX, 'base64')], { type: 'image/png' }), 'slip.png');
  const manual = await fetch(`${server.baseUrl}/wps/deposit/manual`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, merchant: 'demo' },
    body: form,
  });
  assert.equal(manual.status, 200, await manual.clone().text());
  const auth = { authorization: `Bearer ${staff}`, merchant: 'demo' };
  const pending = (await (
    await fetch(`${server.baseUrl}/admin/api/deposits?status=pending`, { headers: auth })
  ).json()) as { value: { list: { id: string; memberAccount: string }[] } };
  const mine = pending.value.list.find((d) => d.memberAccount === account);
  assert.ok(mine, 'the transfer waits for review');
  const approved = await fetch(`${server.baseUrl}/admin/api/deposits/${mine.id}/approve`, {
    method: 'POST',
    headers: auth,
  });
  assert.equal(approved.status, 200, await approved.clone().text());
}

/** `n` spins of PHP 20 on our slot through the game API (as the game page calls it). */
async function spins(n: number) {
  const games = await member<{ content: { gameCode: string; nodeId: string }[] }>(
    'GET',
    '/lgw/games/list?vassalage=SEA',
  );
  const nodeId = games.content.find((g) => g.gameCode === 'slot-lucky-dragon')!.nodeId;
  const launch = await member<{ url: string }>('POST', '/wps/game/launchGame', { nodeId });
  const session = new URL(launch.url, server.baseUrl).searchParams.get('token')!;
  const game = (path: string, body?: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', 'x-game-session': session },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  assert.equal((await game('/house/v1/session')).status, 200);
  for (let i = 0; i < n; i++) {
    const r = await game('/house/v1/rounds', { requestId: randomUUID(), bet: { lines: 20, betLevel: 1 } });
    assert.equal(r.status, 200, await r.clone().text());
  }
}

for (const width of [390, 1366]) {
  test(`referral at ${width} px: A copies the link, B registers through it, deposits and plays, A claims`, async () => {
    const aAccount = `e2ereferrer${width}`;
    const bAccount = `e2efriend${width}`;
    const aIp = `198.51.100.${width % 250}`;
    const a = await server.app.modules.members.create({ merchant: demo, account: aAccount, password: PASSWORD });

    // 1. A's referral page: the code, the link to copy, the rules, no friends yet.
    await logIn(aAccount, width, aIp);
    await page.goto(`${server.baseUrl}/member/referral`);
    await page.getByRole('heading', { name: 'Refer a friend', level: 1 }).waitFor();
    const linkField = page.getByRole('textbox', { name: 'Your referral link', exact: true });
    await linkField.waitFor();
    const link = await linkField.inputValue();
    assert.match(link, /\/\?referralCode=[A-Z0-9]{8}$/);
    await page.getByRole('button', { name: 'Copy Your referral link' }).click();
    await page.getByText(/^(Copied\.|Could not copy: select the text and copy it yourself\.)$/).waitFor();
    await page.getByText('No friends have registered with your link yet.').waitFor();
    await page.getByRole('img', { name: 'QR code of your referral link' }).waitFor();
    assert.ok(await noHorizontalOverflow(), `the referral page fits ${width} px`);
    await shot('page-empty', width);

    // 2. B opens the link from another address: registration opens with the code filled in.
    await open(new URL(link).pathname + new URL(link).search, { width, height: 844, ip: `203.0.113.${width % 250}` });
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Register' }).waitFor();
    assert.equal(await dialog.getByLabel('Referral code').inputValue(), new URL(link).searchParams.get('referralCode'));
    await shot('register', width);
    await dialog.getByLabel('Username').fill(bAccount);
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByLabel('Confirm password').fill(PASSWORD);
    await dialog.getByLabel('I am 18 or older').check();
    await dialog.getByRole('button', { name: 'Register' }).click();
    await page.waitForFunction(() => Boolean(sessionStorage.getItem('token')), undefined, { timeout: 30_000 });

    // 3. B deposits PHP 500 and bets PHP 200 (ten spins of 20) on the slot; the events reach the consumer.
    await depositApproved(bAccount);
    await spins(10);
    await drain();

    // 4. A sees B rewarded and claims PHP 50 in the reward centre.
    await logIn(aAccount, width, aIp);
    await page.goto(`${server.baseUrl}/member/referral`);
    const row = page.getByRole('row', { name: new RegExp(`^${bAccount.slice(0, 2)}\\*\\*\\*${bAccount.slice(-1)} `) });
    await row.getByText('Rewarded').waitFor();
    await page.getByText('PHP 50.00', { exact: true }).waitFor();
    assert.ok(await noHorizontalOverflow(), `the referral page fits ${width} px`);
    await shot('page-rewarded', width);
    await page.getByRole('link', { name: 'Go to the reward centre' }).click();
    await page.getByRole('heading', { name: 'Reward centre', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Claim PHP 50.00' }).click();
    await page.getByText('PHP 50.00 was added to your main wallet.').waitFor();
    assert.equal(await main(a.id), 5_000n);
    await shot('claimed', width);
    assert.deepEqual(errors, []);
  });
}

test('the back office: a self-referral waits in the queue, staff approve it once (390 and 1366 px)', async () => {
  // C signs in from one address; D registers with C's code from the same address: flagged, not paid.
  const c = await server.app.modules.members.create({ merchant: demo, account: 'e2eselfref', password: PASSWORD });
  await logIn('e2eselfref', 1366, '192.0.2.77');
  const { code } = await member<{ code: string }>('GET', '/wps/referral');
  const reg = await fetch(`${server.baseUrl}/wps/member/register`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', merchant: 'demo', 'x-forwarded-for': '192.0.2.77' },
    body: JSON.stringify({
      username: 'e2eselfref2',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agreeTerms: true,
      referralCode: code,
    }),
  });
  assert.equal(reg.status, 200, await reg.clone().text());
  const d = (await server.app.modules.members.findByAccount(demo.id, 'e2eselfref2'))!;
  const at = new Date();
  await server.app.modules.referral.consumers[0]!.handle([
    {
      kind: 'deposit_credited',
      id: `deposit:e2e-self-${d.id}`,
      merchantId: demo.id,
      memberId: d.id,
      amount: 10_000n,
      first: true,
      at,
    },
    {
      kind: 'bet_settled',
      id: `round:e2e-self-${d.id}`,
      merchantId: demo.id,
      memberId: d.id,
      product: 'house',
      category: 'SLOT',
      gameCode: 'LUCKY_DRAGON',
      stake: 20_000n,
      validBet: 20_000n,
      payout: 0n,
      settledAt: at,
    },
  ]);
  for (const width of [390, 1366]) {
    await openBackOffice(staff, '/rewards/referral', width);
    await page.getByRole('heading', { name: 'Referral programme', level: 1 }).waitFor();
    assert.equal(await page.getByLabel('Reward to the member (PHP)').inputValue(), '50.00');
    await shot('bo-settings', width);
    await page.goto(`${server.baseUrl}/admin/rewards/referrals`);
    await page.getByRole('heading', { name: 'Referrals to review', level: 1 }).waitFor();
    await page
      .getByRole('row', { name: /e2eselfref2/ })
      .getByText('same IP address')
      .waitFor();
    await shot('bo-queue', width);
  }
  await page
    .getByRole('row', { name: /e2eselfref2/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  const dialog = page.getByRole('dialog', { name: /Approve the referral of e2eselfref2/ });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await page.getByText('No referrals are waiting for review.').waitFor();
  await shot('bo-approved', 1366);
  const rewards = await server.app.modules.rewards.centre.list(
    { memberId: c.id, sessionId: 0n, type: 0, area: 'member', isTrial: false },
    { view: 'claimable', pageNo: 1, pageSize: 10 },
  );
  assert.deepEqual(
    rewards.list.filter((r) => r.source === 'referral').map((r) => r.amount),
    ['5000'],
  );
  assert.deepEqual(errors, []);
});
