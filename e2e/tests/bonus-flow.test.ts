import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { memberBonus, memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { adminToken, post } from '../lib/admin-api.ts';
import { demo, errors, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

/**
 * The first-deposit bonus end to end (issue 23), at 390 and 1366 px: a new player joins the operator's bonus on its
 * promotion, deposits by bank transfer (the operator approves through the admin API), sees the bonus and its
 * wagering in bonus details, spins our slot (through the game API, as the game page does) until the requirement is
 * met, sees it converted into the main balance, and withdraws. Money checked in the ledger at every step.
 * Screenshots: e2e/artifacts/bonus-flow-<step>-<width>.png.
 */
const PASSWORD = 'bonus flow e2e pw 1';
const TX_PASSWORD = '246810';
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const TITLE = 'First deposit 100% bonus';
let staff = '';
let promotionId = '';

useE2E('bonus-flow', {
  setup: async () => {
    staff = await adminToken('bonusflow');
    promotionId = (
      await post<{ id: string }>('/admin/api/promotions', staff, {
        title: TITLE,
        category: 'DEPOSIT',
        imageUrl: '/promotions/welcome.svg',
        endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        content: '<p>Double your first deposit, up to 50.00.</p>',
      })
    ).id;
    // 100 % up to 50.00, wagered 2× the bonus (100.00: five spins of 20.00 on the slot, counted at 100 %).
    const res = await fetch(`${server.baseUrl}/admin/api/promotions/${promotionId}/bonus`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff}`, merchant: 'demo' },
      body: JSON.stringify({
        kind: 'first_deposit',
        enabled: true,
        percentBp: 10_000,
        fixedAmount: '0',
        maxBonus: '5000',
        minDeposit: '1000',
        multiplier: 2,
        wagerBase: 'bonus',
        maxConversion: null,
        maxStake: null,
        expiryDays: 7,
        newMembersOnly: true,
        contributions: {},
      }),
    });
    assert.equal(res.status, 200, await res.clone().text());
  },
});

const shot = async (name: string, width: number) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/bonus-flow-${name}-${width}.png`, fullPage: true });
};
const balances = async (id: bigint) => {
  const b = await server.app.modules.ledger.balances(demo.id, [memberMain(id), memberBonus(id)]);
  return { main: b[memberMain(id)]!.balance, bonus: b[memberBonus(id)]!.balance };
};
/** The play-event queue handed to its consumers (the `play-events` job does this every 2 s in production). */
async function drain(): Promise<void> {
  const until = Date.now() + 30_000;
  for (;;) {
    await server.app.modules.playEvents.drain();
    if ((await server.app.modules.playEvents.backlog(server.app.modules.bonus.consumerName)) === 0n) return;
    assert.ok(Date.now() < until, 'the play-event queue drained');
    await new Promise((r) => setTimeout(r, 50));
  }
}
/** A call to the member API with the page's session. */
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

for (const width of [390, 1366]) {
  test(`first-deposit bonus at ${width} px: join, deposit approved, wagering on the slot, converted, withdrawn`, async () => {
    const account = `e2ebonus${width}`;
    const m = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
    // Each player from an address of its own (one claim per IP: a second one would be flagged for staff).
    await open('/', { ip: `198.51.100.${width % 250}` });
    const header = page.getByRole('banner');
    await header.getByLabel('Username').fill(account);
    await header.getByLabel('Password').fill(PASSWORD);
    await header.getByRole('button', { name: 'Log in' }).click();
    await page.waitForFunction(() => Boolean(sessionStorage.getItem('token')), undefined, { timeout: 30_000 });
    await page.setViewportSize({ width, height: 844 });

    // 1. Join on the promotion's detail (before the deposit).
    await page.goto(`${server.baseUrl}/promotions#${promotionId}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByText('100% up to PHP 50.00, minimum deposit PHP 10.00, wagered 2× within 7 days').waitFor();
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByText('You joined this bonus. Deposit to receive it.').waitFor();
    assert.ok(await noHorizontalOverflow(), `the promotion fits ${width} px`);
    await shot('joined', width);

    // 2. A bank transfer of 500.00 (the method's minimum) with its receipt; the operator approves it.
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
    await drain();
    assert.deepEqual(await balances(m.id), { main: 50_000n, bonus: 5_000n });

    // 3. Bonus details: the bonus, its terms and no wagering yet.
    await page.goto(`${server.baseUrl}/member/bonusDetails`);
    await page.getByRole('heading', { level: 1, name: 'Bonus details' }).waitFor();
    const active = page.getByRole('region', { name: 'Active bonus' });
    await active.getByText(TITLE).waitFor();
    await active.getByText('PHP 0.00 of PHP 100.00 (0%)').waitFor();
    assert.equal(await page.getByTestId('bonus-balance').textContent(), 'PHP 50.00');
    assert.equal(await page.getByTestId('bonus-main').textContent(), 'PHP 500.00');
    assert.ok(await noHorizontalOverflow(), `bonus details fit ${width} px`);
    await shot('active', width);

    // 4. Spins of 20.00 on our slot (the game page's calls), main first then bonus.
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
    const spin = async () => {
      const r = await game('/house/v1/rounds', { requestId: randomUUID(), bet: { lines: 20, betLevel: 1 } });
      assert.equal(r.status, 200, await r.clone().text());
    };
    await spin();
    await spin();
    await drain();
    await page.reload();
    await active.getByText('PHP 40.00 of PHP 100.00 (40%)').waitFor();
    assert.equal(await page.getByTestId('bonus-progress').getAttribute('value'), '40');
    await shot('progress', width);
    for (let i = 0; i < 3; i++) await spin();
    await drain();

    // 5. Converted: the bonus balance moved to main, the history shows it.
    await page.reload();
    await active.getByText('You have no active bonus.', { exact: false }).waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Converted').waitFor();
    const after = await balances(m.id);
    assert.equal(after.bonus, 0n);
    assert.ok(after.main > 0n, 'the converted bonus is in main');
    assert.equal(await page.getByTestId('bonus-balance').textContent(), 'PHP 0.00');
    assert.ok(await noHorizontalOverflow(), `bonus details fit ${width} px`);
    await shot('converted', width);

    // 6. Withdraw 10.00 (no bonus active: no forfeit asked).
    await member('POST', '/wps/member/transaction-password', {
      loginPassword: PASSWORD,
      newPassword: TX_PASSWORD,
      confirm: TX_PASSWORD,
    });
    await member('POST', '/wps/withdraw/bank-accounts', {
      bankName: 'BDO',
      accountNumber: '1234567890',
      accountName: 'Juan Dela Cruz',
    });
    await page.goto(`${server.baseUrl}/member/withdraw`);
    await page.getByRole('heading', { name: 'Withdraw', level: 1 }).waitFor();
    const requestForm = page.getByRole('region', { name: 'Request a withdrawal' });
    await requestForm.getByLabel(/Amount \(PHP\)/).fill('10');
    await requestForm.getByLabel(/^Transaction password/).fill(TX_PASSWORD);
    await requestForm.getByRole('button', { name: 'Withdraw' }).click();
    await requestForm
      .getByText('Withdrawal of PHP 10.00 requested. The amount is held until it is paid out.')
      .waitFor();
    const held = await server.app.modules.ledger.balances(demo.id, [memberMain(m.id)]);
    assert.equal(held[memberMain(m.id)]!.available, after.main - 1_000n);
    assert.ok(await noHorizontalOverflow(), `the withdrawal fits ${width} px`);
    await shot('withdrawn', width);
    assert.deepEqual(errors, []);
  });
}
