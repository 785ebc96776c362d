import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { generate } from 'otplib';
import { formatMoney } from '../../packages/contracts/src/money-format.ts';
import { staffMember } from '../lib/admin-api.ts';
import { seriousViolations } from '../lib/axe.ts';
import { countEventually, demo, errors, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

/**
 * The back office's dashboard and members screens in Chromium at 1366 and 768 px, on the real server: the owner signs
 * in (password + 6-digit code) and lands on the dashboard; finds a member by username, opens its page, locks and
 * unlocks it, requests an adjustment for it from its page; a bank deposit approved through the API shows on the
 * dashboard's deposit figure. Screenshots go to e2e/artifacts/backoffice-members-<width>-<screen>.png.
 */
useE2E('backoffice-members');

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const shot = async (width: number, name: string) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/backoffice-members-${width}-${name}.png`, fullPage: true });
};

/** An admin API call on the demo merchant with a staff token: the envelope's value. */
async function adminApi<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      merchant: 'demo',
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { success: boolean; value: T };
  assert.ok(env.success, `${path}: ${JSON.stringify(env)}`);
  return env.value;
}

/** The left navigation (a drawer below 1024 px: opened from the top bar's menu button). */
async function goTo(width: number, label: string): Promise<void> {
  if (width < 1024) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('complementary', { name: 'Back-office navigation' }).getByRole('link', { name: label }).click();
  if (width < 1024)
    await page.waitForFunction(() => (document.querySelector('.bo-nav')?.getBoundingClientRect().right ?? 0) <= 0);
  await page.getByRole('heading', { name: label, level: 1 }).waitFor();
}

/** The Deposits card's amount on the dashboard. */
const depositCard = () => page.getByRole('listitem', { name: 'Deposits', exact: true });

for (const width of [1366, 768]) {
  test(`owner finds a member, locks and unlocks it, requests an adjustment; an approved deposit shows on the dashboard (${width} px)`, async () => {
    const owner = await staffMember(`mem${width}`);
    const account = `e2emembers${width}`;
    const member = await server.app.modules.members.create({ merchant: demo, account, password: 'members e2e pw 1' });

    // Sign in: password, then a code of the next time step (enrolment used the current one; each is taken once).
    await open('/admin', { width, height: 900, ip: `198.51.100.${width === 1366 ? 31 : 32}` });
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Username').fill(owner.username);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const epoch = Math.floor(server.clock().getTime() / 1000) + 30;
    await page.getByLabel('6-digit code').fill(await generate({ secret: owner.totpSecret!, epoch }));
    await page.getByRole('button', { name: 'Verify' }).click();

    // The landing page is the dashboard: today's figures, the queues, the charts (their own chunk).
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await depositCard().waitFor();
    await page.getByRole('figure', { name: 'Per day', exact: true }).getByRole('application').waitFor();
    const before = await adminApi<{ totals: { deposits: string }; exponent: number }>(
      owner.token,
      'GET',
      '/admin/api/dashboard?days=1',
    );
    await shot(width, 'dashboard');
    assert.deepEqual(await seriousViolations(), [], 'the dashboard');
    assert.ok(await noHorizontalOverflow(), 'the dashboard fits the width');

    // Members: search by username, open the member's page.
    await goTo(width, 'Members');
    await page.getByLabel('Search', { exact: true }).fill(account);
    await page.getByLabel('Search', { exact: true }).press('Enter');
    const row = page.getByRole('row', { name: new RegExp(account) });
    await row.waitFor();
    assert.equal(await countEventually(page.getByRole('row'), 2), 2, 'the header and exactly the one member');
    await shot(width, 'members');
    assert.deepEqual(await seriousViolations(), [], 'the members list');
    await row.getByRole('link', { name: account }).click();
    await page.getByRole('heading', { name: new RegExp(`^${account}`), level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Balances (PHP)' }).waitFor();
    await page.getByRole('tab', { name: 'Ledger', selected: true }).waitFor();
    await shot(width, 'member');
    assert.deepEqual(await seriousViolations(), [], 'the member page');
    assert.ok(await noHorizontalOverflow(), 'the member page fits the width');

    // Lock with a reason, then unlock.
    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    const lock = page.getByRole('dialog', { name: `Lock ${account}` });
    await lock.getByLabel('Reason').fill('Chargeback under review');
    await shot(width, 'member-lock');
    await lock.getByRole('button', { name: 'Lock', exact: true }).click();
    await page.getByRole('button', { name: 'Unlock' }).waitFor();
    await page.getByText('Chargeback under review').waitFor();
    assert.equal((await server.app.modules.members.findById(demo.id, member.id))?.status, 'disabled');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page
      .getByRole('dialog', { name: `Unlock ${account}` })
      .getByRole('button', { name: 'Unlock' })
      .click();
    await page.getByRole('button', { name: 'Lock', exact: true }).waitFor();
    assert.equal((await server.app.modules.members.findById(demo.id, member.id))?.status, 'active');

    // An adjustment requested from the member's page (the account filled in): it waits for a second staff member.
    await page.getByRole('button', { name: 'Request adjustment' }).click();
    const adjust = page.getByRole('dialog', { name: 'Request adjustment' });
    assert.equal(await adjust.getByLabel('Member account').inputValue(), account);
    await adjust.getByLabel(/^Amount/).fill('25.50');
    await adjust.getByLabel('Reason').fill('Goodwill for a delayed payout');
    await shot(width, 'member-adjustment');
    await adjust.getByRole('button', { name: 'Send for approval' }).click();
    await adjust.waitFor({ state: 'detached' });
    const pending = await adminApi<{ items: { memberAccount: string; amount: string; reason: string }[] }>(
      owner.token,
      'GET',
      '/admin/api/adjustments?status=pending&pageSize=100',
    );
    assert.deepEqual(
      pending.items.filter((a) => a.memberAccount === account).map((a) => [a.amount, a.reason]),
      [['2550', 'Goodwill for a delayed payout']],
    );

    // A bank deposit approved through the API; after the dashboard's roll-up pass it is in today's deposits.
    const deposit = await server.app.modules.deposits.createManual(
      demo,
      member.id,
      { methodCode: 'BANK', amount: '1000', requestId: randomUUID() },
      Buffer.from(PNG_1PX, 'base64'),
    );
    await adminApi(owner.token, 'POST', `/admin/api/deposits/${deposit.reference}/approve`);
    await server.app.modules.dashboard.runRollup();
    const expected = formatMoney(String(BigInt(before.totals.deposits) + 100_000n), before.exponent);
    await goTo(width, 'Dashboard');
    await depositCard().getByText(`${expected} PHP`).waitFor();
    await shot(width, 'dashboard-after');
    assert.deepEqual(
      errors.filter((e) => !/status of 401\b/.test(e)),
      [],
    );
  });
}

for (const width of [1366, 390]) {
  test(`responsible gaming on the member's page: staff lower a limit and start a time-out on request; no lift (${width} px)`, async () => {
    const owner = await staffMember(`rg${width}`);
    const account = `e2erg${width}`;
    const member = await server.app.modules.members.create({ merchant: demo, account, password: 'members e2e pw 2' });
    // The staff session goes in through the sign-in API; the browser opens the member's page with it.
    await open('/admin/sign-in', { width, height: 900 });
    await page.evaluate((token) => {
      sessionStorage.setItem('adminToken', token);
      sessionStorage.setItem(
        'adminSetup',
        JSON.stringify({ mustChangePassword: false, twoFactorSetupRequired: false }),
      );
    }, owner.token);
    await page.goto(`${server.baseUrl}/admin/members/${account}`);
    await page.getByRole('heading', { name: new RegExp(`^${account}`), level: 1 }).waitFor();
    await page.getByText('Limits, break and changes').click();
    const rg = page.getByRole('region', { name: 'Responsible gaming' });
    await rg.getByRole('row', { name: /Deposit · Day/ }).waitFor();

    await rg.getByRole('button', { name: 'Set or lower a limit' }).click();
    const limit = page.getByRole('dialog', { name: 'Set or lower a limit' });
    await limit.getByLabel('Limit on').selectOption('loss');
    await limit.getByLabel('Per').selectOption('week');
    await limit.getByLabel('Amount (PHP)').fill('1500');
    await shot(width, 'member-rg-limit');
    await limit.getByRole('button', { name: 'Save limit' }).click();
    await limit.waitFor({ state: 'detached' });
    await rg.getByRole('row', { name: /Loss · Week 1,500\.00/ }).waitFor();

    await rg.getByRole('button', { name: 'Start a break' }).click();
    const brk = page.getByRole('dialog', { name: 'Start a break' });
    await brk.getByLabel('Length').selectOption('1w');
    await brk.getByLabel(/Member's request/).fill('Asked by phone, identity checked');
    await shot(width, 'member-rg-break');
    await brk.getByRole('button', { name: 'Start the break' }).click();
    await brk.waitFor({ state: 'detached' });
    await rg.getByText(/Time-out until/).waitFor();
    await rg.getByText(/Time-out started/).waitFor();
    // Nobody lifts a break: no control, and the API refuses it.
    assert.equal(await rg.getByRole('button', { name: /lift|shorten|end/i }).count(), 0);
    const lift = await fetch(`${server.baseUrl}/admin/api/members/${account}/responsible-gaming/break`, {
      method: 'DELETE',
      headers: { merchant: 'demo', authorization: `Bearer ${owner.token}` },
    });
    assert.equal(((await lift.json()) as { code: string }).code, 'rg_break_locked');
    const status = await server.app.modules.rg.status(demo, member.id);
    assert.equal(status.block?.kind, 'time_out');
    await rg.scrollIntoViewIfNeeded();
    await shot(width, 'member-rg');
    assert.deepEqual(await seriousViolations(), [], 'the responsible-gaming section');
    assert.ok(await noHorizontalOverflow(), 'the member page fits the width');
    assert.deepEqual(errors, []);
  });
}
