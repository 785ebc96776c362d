import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { demo, errors, noHorizontalOverflow, open, page, server, useE2E, fundMember } from '../lib/harness.ts';

useE2E('player-polish');

const SHOTS = process.env.SHOTS_DIR ?? 'e2e/artifacts/player-polish';
const PASSWORD = 'polish e2e pw 1';
const shot = async (name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** A member with 440.00 of which 150.00 is held by a pending withdrawal, logged in through the header. */
async function memberWithPendingWithdrawal(account: string) {
  const member = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
  await fundMember(member.id, 44_000n);
  const login = await fetch(`${server.baseUrl}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account, password: PASSWORD }),
  });
  const token = ((await login.json()) as { value: { token: string } }).value.token;
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { success: boolean; value: { id?: string } };
    assert.ok(json.success, `${path}: ${JSON.stringify(json)}`);
    return json.value;
  };
  await call('POST', '/wps/member/transaction-password', {
    loginPassword: PASSWORD,
    newPassword: '135790',
    confirm: '135790',
  });
  const bank = await call('POST', '/wps/withdraw/bank-accounts', {
    bankName: 'BDO',
    accountNumber: '1234567890',
    accountName: 'Juan Dela Cruz',
  });
  await call('POST', '/wps/withdraw/requests', {
    bankAccountId: bank.id,
    amount: '150',
    transactionPassword: '135790',
    requestId: `e2e-${account}`,
  });
  return token;
}

async function logIn(account: string) {
  await page.goto(`${server.baseUrl}/login`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Username/).fill(account);
  await dialog.getByLabel(/^Password/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('banner').getByText('290.00').waitFor();
}

test('the header of a logged-in player: spendable balance with the hold, wallet shortcuts, the name as a control; one row on a phone, the rest in its menu', async () => {
  await memberWithPendingWithdrawal('e2epolish1');
  for (const width of [390, 1366]) {
    await open('/', { width, height: width === 390 ? 844 : 768 });
    await logIn('e2epolish1');
    const header = page.getByRole('banner');
    const balance = header.getByRole('button', { name: /Balance/ });
    assert.match((await balance.textContent()) ?? '', /PHP.*290\.00.*150\.00 pending/);
    const shortcuts = header.getByRole('navigation', { name: 'Wallet shortcuts' });
    assert.ok(await shortcuts.getByRole('link', { name: 'Deposit' }).isVisible(), 'Deposit');
    assert.ok(await noHorizontalOverflow(), `no horizontal overflow at ${width}`);
    if (width === 390) {
      // One row (brand mark, balance, Deposit, the account menu): the rest is in the menu.
      const bar = await page.locator('.header__bar').boundingBox();
      assert.ok(bar && bar.height <= 60, `header bar ${bar?.height} px high`);
      const banner = await header.boundingBox();
      assert.ok(banner && banner.height <= 110, `header ${banner?.height} px high`);
      assert.equal(await header.getByRole('link', { name: 'Withdraw' }).isVisible(), false);
      assert.equal(await header.getByRole('button', { name: 'Sign out' }).isVisible(), false);
      await shot('header-390');
      await header.getByRole('button', { name: 'Account menu of e2epolish1' }).click();
      for (const name of ['Withdraw', 'Betting record'])
        assert.ok(await header.getByRole('link', { name }).isVisible(), name);
      assert.ok(await header.getByRole('button', { name: 'Sign out' }).isVisible());
      const panel = await page.locator('#account-menu').boundingBox();
      assert.ok(panel && panel.x >= 0 && panel.x + panel.width <= 390, 'the menu is on screen');
      await shot('header-menu-390');
      await header.getByRole('link', { name: 'Withdraw' }).click();
    } else {
      for (const name of ['Withdraw', 'Betting record'])
        assert.ok(await shortcuts.getByRole('link', { name }).isVisible(), name);
      assert.ok(await header.getByRole('link', { name: /e2epolish1 · Member centre/ }).isVisible());
      // The brand is not cut ("Demo Cas…").
      const brand = page.locator('.brand__name');
      assert.ok(await brand.evaluate((el) => el.scrollWidth <= el.clientWidth), `brand not truncated at ${width}`);
      await shot(`header-${width}`);
      await shortcuts.getByRole('link', { name: 'Withdraw' }).click();
    }
    await page.getByRole('heading', { name: 'Withdraw', level: 1 }).waitFor();
    await page
      .getByText(/Ref\. WDR-[0-9A-Z]{8}/)
      .first()
      .waitFor();
    if (width === 390) {
      // The member-centre menu: a button naming the page opens a grid with every entry on screen.
      const menu = page.getByRole('navigation', { name: 'Member centre' });
      const toggle = menu.getByRole('button', { name: /Withdraw.*All pages/ });
      await toggle.click();
      const links = menu.getByRole('link');
      assert.equal(await links.count(), 10);
      for (let i = 0; i < 10; i++) {
        const box = await links.nth(i).boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `entry ${i} on screen`);
      }
      await shot('member-centre-menu-390');
    } else {
      await shot('member-centre-menu-1366');
    }
    assert.deepEqual(errors, []);
  }
});

test('a logged-out phone header shows the whole brand; the first page has no CSP violation and a small script budget', async () => {
  await open('/', { width: 390, height: 844 });
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
  const brand = page.locator('.brand__name');
  assert.equal(await brand.textContent(), 'Demo Casino');
  assert.ok(await brand.evaluate((el) => el.scrollWidth <= el.clientWidth), 'brand not truncated');
  await shot('header-logged-out-390');
  // The scripts' bytes on the wire (encoded body: brotli here) from the page's own resource timing. Every script
  // must report a size, so that a measurement that fails (Playwright's request sizes answered -1) cannot pass.
  const scripts = (await page.evaluate(
    `performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js')).map((e) => [e.name, e.encodedBodySize])`,
  )) as Array<[string, number]>;
  assert.ok(scripts.length >= 2, `scripts measured: ${JSON.stringify(scripts)}`);
  for (const [name, size] of scripts) assert.ok(size > 0, `no size for ${name}`);
  const total = scripts.reduce((a, [, size]) => a + size, 0);
  assert.ok(total <= 150 * 1024, `home page JS ${total} bytes on the wire`);
  // The register popup parses with zod: jitless, so the CSP (no unsafe-eval) has nothing to refuse.
  await page.getByRole('button', { name: 'Register' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await dialog.getByText('Please confirm you are 18 or older and accept the terms.').waitFor();
  assert.deepEqual(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), []);
  assert.deepEqual(errors, []);
});
