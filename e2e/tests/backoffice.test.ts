import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { generate } from 'otplib';
import { staffMember } from '../lib/admin-api.ts';
import { seriousViolations } from '../lib/axe.ts';
import { demo, errors, fundMember, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

/**
 * The back office (/admin) in Chromium at 1366 and 768 px, on the real server: the owner signs in (forced password
 * change, two-factor enrolment, then the 6-digit code), creates a finance colleague (one-time password shown once);
 * finance enrols, approves a member's bank deposit, approves and pays out a withdrawal, requests an adjustment it may
 * not approve itself; the owner approves it; the audit log lists each step by its public reference. Screenshots of
 * every screen go to e2e/artifacts/backoffice-<width>-<screen>.png.
 */
useE2E('backoffice');

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const MEMBER_PASSWORD = 'backoffice e2e member pw';

/** A staff member as the browser knows it: password, and the authenticator's secret once enrolled. */
interface Staff {
  username: string;
  password: string;
  secret: string | null;
  /** The last TOTP time step used (the server accepts each code once). */
  lastStep: number;
}
const staffByWidth = new Map<number, { owner: Staff; finance: Staff }>();

const shot = async (width: number, name: string) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/backoffice-${width}-${name}.png`, fullPage: true });
};

/**
 * RFC 6238 TOTP (HMAC-SHA-1, 30 s, 6 digits) written here from the RFC, as an authenticator app computes it: an
 * implementation independent of the server's library checks that the QR code's secret works in any app.
 */
function totp(base32Secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32Secret.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A 6-digit code the server has not seen yet (it accepts one time step either side of its clock). */
async function freshCode(s: Staff): Promise<string> {
  assert.ok(s.secret, `${s.username} has no authenticator yet`);
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / 30);
    const step = Math.max(now, s.lastStep + 1);
    if (step <= now + 1) {
      s.lastStep = step;
      return totp(s.secret, step);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The sign-in form (and the code step when the account has two-factor on). */
async function signIn(s: Staff): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Username').fill(s.username);
  await page.getByLabel('Password').fill(s.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (s.secret) {
    await page.getByLabel('6-digit code').fill(await freshCode(s));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
}

/** First sign-in with a one-time password: the forced change, then the two-factor enrolment with its recovery codes. */
async function firstSignIn(s: Staff, width: number, name: string): Promise<void> {
  await signIn(s);
  await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
  await shot(width, `${name}-password-change`);
  const newPassword = `${s.password} changed`;
  await page.getByLabel('One-time password').fill(s.password);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  s.password = newPassword;

  await page.getByRole('heading', { name: 'Turn on two-factor sign-in' }).waitFor();
  const secret = page.getByLabel('Key for manual entry');
  await secret.waitFor();
  s.secret = (await secret.textContent())!.trim();
  assert.match(s.secret, /^[A-Z2-7]{16,}$/);
  assert.ok(await page.locator('svg title', { hasText: 'QR code for your authenticator app' }).count());
  await shot(width, `${name}-enrol`);
  await page.getByLabel('Code shown by the app').fill(await freshCode(s));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Your recovery codes' });
  await codes.waitFor();
  assert.equal(await codes.getByRole('listitem').count(), 10);
  await shot(width, `${name}-recovery-codes`);
  const go = page.getByRole('button', { name: 'Continue to the back office' });
  assert.equal(await go.isDisabled(), true);
  await page.getByLabel('I have saved my recovery codes').check();
  await go.click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** The left navigation (a drawer below 1024 px: opened from the top bar's menu button). */
async function goTo(width: number, label: string): Promise<void> {
  if (width < 1024) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('complementary', { name: 'Back-office navigation' }).getByRole('link', { name: label }).click();
  // The drawer slides away (0.18 s): the screen is the operator's again once it is out of view.
  if (width < 1024)
    await page.waitForFunction(() => (document.querySelector('.bo-nav')?.getBoundingClientRect().right ?? 0) <= 0);
  await page.getByRole('heading', { name: label === 'Staff' ? 'Staff' : label, level: 1 }).waitFor();
}

async function signOut(): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

const balance = async (id: bigint) =>
  (await server.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]!.balance;

for (const width of [1366, 768]) {
  test(`owner: sign-in with forced password change and two-factor enrolment, then creates a finance colleague (${width} px)`, async () => {
    const owner: Staff = {
      username: `e2eowner${width}`,
      password: `owner one-time ${width} pw`,
      secret: null,
      lastStep: 0,
    };
    await server.app.modules.admin.create({
      merchantId: demo.id,
      username: owner.username,
      password: owner.password,
      mustChangePassword: true,
    });
    await open('/admin', { width, height: 900, ip: `198.51.100.${width === 1366 ? 11 : 12}` });
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await shot(width, 'sign-in');
    assert.deepEqual(await seriousViolations(), [], 'the sign-in');
    // TY (Vietnamese) and TL (Tagalog) from the language switch, and back.
    await page.getByLabel('Language').selectOption('ty');
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'vi');
    await shot(width, 'sign-in-ty');
    await page.getByLabel('Ngôn ngữ').selectOption('tl');
    await page.getByRole('heading', { name: 'Mag-sign in' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'tl');
    await shot(width, 'sign-in-tl');
    await page.getByLabel('Wika').selectOption('en');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await firstSignIn(owner, width, 'owner');

    // The owner sees every screen of this slice.
    const nav = page.getByRole('complementary', { name: 'Back-office navigation' });
    assert.deepEqual(await nav.getByRole('link').allTextContents(), [
      'Dashboard',
      'Members',
      'Identity documents',
      'Deposits',
      'Withdrawals',
      'Adjustments',
      'Payment methods',
      'Vendors',
      'Categories',
      'Games',
      'Round lookup',
      'Tables & arenas',
      'Draws',
      'Games & schedules',
      'Shortfalls',
      'Chain commitments',
      'Team tree',
      'Contracts',
      'Settlements',
      'Rebate rates',
      'Promotions',
      'Messages',
      'Announcements',
      'Banners',
      'Notices',
      'Popups',
      'Missions',
      'Leaderboard prizes',
      'Points rules',
      'Points mall',
      'Mall orders',
      'VIP levels',
      'Bonus claims',
      'Cashback',
      'Raffles',
      'Activity applications',
      'Referral programme',
      'Referrals to review',
      'Member feedback',
      'Chat moderation',
      'Merchant settings',
      'Staff',
      'Roles',
      'Back-office settings',
      'Audit log',
    ]);
    assert.equal(await page.locator('.bo-user__name').textContent(), owner.username);

    // Sign out and in again: now the 6-digit code is asked for.
    await signOut();
    await page.getByLabel('Username').fill(owner.username);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('6-digit code').waitFor();
    await shot(width, 'sign-in-code');
    await page.getByLabel('6-digit code').fill(await freshCode(owner));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    // A finance colleague: the one-time password is shown once.
    await goTo(width, 'Staff');
    await page.getByRole('row', { name: new RegExp(owner.username) }).waitFor();
    await shot(width, 'staff');
    await page.getByRole('button', { name: 'New staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'New staff member' });
    const finance: Staff = { username: `e2efinance${width}`, password: '', secret: null, lastStep: 0 };
    await dialog.getByLabel('Username').fill(finance.username);
    await dialog.getByLabel('Display name').fill(`Finance ${width}`);
    await dialog.getByLabel('Role').selectOption('finance');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const issued = page.getByRole('dialog', { name: 'Staff member created' });
    finance.password = (await issued.getByLabel('One-time password').textContent())!.trim();
    assert.ok(finance.password.length >= 12, 'a one-time password is shown');
    await shot(width, 'staff-created');
    assert.deepEqual(await seriousViolations(), [], 'the one-time password dialog');
    await issued.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row', { name: new RegExp(finance.username) });
    await row.getByText('Finance', { exact: true }).waitFor();
    await row.getByText('Not set up').waitFor();
    assert.equal(await page.getByText(finance.password).count(), 0, 'the password is not shown again');

    // The roles (built-in read-only) and the back-office settings.
    await goTo(width, 'Roles');
    await page.getByRole('row', { name: /Finance/ }).waitFor();
    await shot(width, 'roles');
    assert.deepEqual(await seriousViolations(), [], 'the roles');
    await goTo(width, 'Back-office settings');
    await page.getByLabel('IP allow-list').waitFor();
    await shot(width, 'settings');
    assert.ok(await noHorizontalOverflow(), 'no page-level horizontal scrolling');
    // The browser logs the answers it was meant to get: 401 admin_otp_required before the code step.
    assert.deepEqual(
      errors.filter((e) => !/status of 401\b/.test(e)),
      [],
    );
    staffByWidth.set(width, { owner, finance });
  });

  test(`finance approves a bank deposit, pays out a withdrawal, requests an adjustment the owner approves; the audit log lists each step (${width} px)`, async () => {
    const { owner, finance } = staffByWidth.get(width) ?? assert.fail('the owner test of this width ran first');

    // A member with a bank transfer waiting (receipt attached) and a withdrawal requested.
    const member = await server.app.modules.members.create({
      merchant: demo,
      account: `e2ebomember${width}`,
      password: MEMBER_PASSWORD,
    });
    await fundMember(member.id, 200_000n);
    const deposit = await server.app.modules.deposits.createManual(
      demo,
      member.id,
      { methodCode: 'BANK', amount: '1000', requestId: randomUUID() },
      Buffer.from(PNG_1PX, 'base64'),
    );
    const w = server.app.modules.withdrawals;
    await w.txPassword.set(demo, member.id, {
      loginPassword: MEMBER_PASSWORD,
      newPassword: '135790',
      confirm: '135790',
    });
    const bank = await w.bankAccounts.add(demo, member.id, {
      bankName: 'BDO',
      accountNumber: '1234567890',
      accountName: 'Juan Dela Cruz',
    });
    const withdrawal = await w.withdrawals.request(demo, member.id, {
      bankAccountId: bank.id,
      amount: '300',
      transactionPassword: '135790',
      requestId: randomUUID(),
    });

    // Finance: first sign-in (forced change, enrolment), then the deposit queue.
    await open('/admin', { width, height: 900, ip: `198.51.100.${width === 1366 ? 21 : 22}` });
    await firstSignIn(finance, width, 'finance');
    const nav = page.getByRole('complementary', { name: 'Back-office navigation' });
    assert.deepEqual(await nav.getByRole('link').allTextContents(), [
      'Dashboard',
      'Members',
      'Deposits',
      'Withdrawals',
      'Adjustments',
      'Payment methods',
      // members.view: the flagged bonus claims and the activity applications are reviewed by whoever reads members
      'Bonus claims',
      'Activity applications',
    ]);

    await goTo(width, 'Deposits');
    const depositRow = page.getByRole('row', { name: new RegExp(deposit.reference) });
    await depositRow.getByText(`e2ebomember${width}`).waitFor();
    await depositRow.getByText('1,000.00 PHP').waitFor();
    await shot(width, 'deposits');
    assert.deepEqual(await seriousViolations(), [], 'the deposit queue');
    await depositRow.getByRole('button', { name: 'Receipt' }).click();
    await page.getByRole('img', { name: `Transfer receipt of ${deposit.reference}` }).waitFor();
    await shot(width, 'deposit-receipt');
    await page.keyboard.press('Escape');
    await depositRow.getByRole('button', { name: 'Approve' }).click();
    const approveDeposit = page.getByRole('dialog', { name: `Approve ${deposit.reference}` });
    await shot(width, 'deposit-approve');
    await approveDeposit.getByRole('button', { name: 'Approve' }).click();
    await depositRow.waitFor({ state: 'detached' });
    assert.equal(
      await balance(member.id),
      300_000n,
      'funded 2,000.00 + the deposit of 1,000.00 (the 300.00 is held, not paid)',
    );

    // Withdrawals: the detail drawer, approve, mark as paid.
    await goTo(width, 'Withdrawals');
    await page.getByRole('button', { name: withdrawal.reference }).click();
    const drawer = page.getByRole('dialog', { name: `Withdrawal ${withdrawal.reference}` });
    await drawer.getByText('1234567890').waitFor();
    await shot(width, 'withdrawal-drawer');
    assert.deepEqual(await seriousViolations(), [], 'the withdrawal drawer');
    await drawer.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('dialog', { name: `Approve ${withdrawal.reference}` })
      .getByRole('button', { name: 'Approve' })
      .click();
    await drawer.getByRole('button', { name: 'Mark as paid' }).click();
    const pay = page.getByRole('dialog', { name: `Mark ${withdrawal.reference} as paid` });
    await pay.getByText(/BDO 1234567890 \(Juan Dela Cruz\)/).waitFor();
    await pay.getByRole('button', { name: 'Mark as paid' }).click();
    await drawer.getByText('Disbursed').waitFor();
    await shot(width, 'withdrawal-paid');
    await page.keyboard.press('Escape');

    // An adjustment: finance requests it and may not approve it itself (four eyes).
    await goTo(width, 'Adjustments');
    await page.getByRole('button', { name: 'Request adjustment' }).click();
    const request = page.getByRole('dialog', { name: 'Request adjustment' });
    await request.getByLabel('Member account').fill(`e2ebomember${width}`);
    await request.getByLabel('Amount (PHP)').fill('25.50');
    await request.getByLabel('Reason').fill('Goodwill after a game outage');
    await shot(width, 'adjustment-request');
    await request.getByRole('button', { name: 'Send for approval' }).click();
    const adjRow = page.getByRole('row', { name: /Goodwill after a game outage/ }).first();
    await adjRow.getByText('Pending').waitFor();
    await adjRow.getByRole('button', { name: 'Approve' }).click();
    const refused = page.getByRole('dialog', { name: /Approve adjustment/ });
    await refused.getByRole('button', { name: 'Approve' }).click();
    await refused.getByText('Another administrator must approve this.').waitFor();
    await shot(width, 'adjustment-four-eyes');
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await signOut();

    // The owner approves it.
    await signIn(owner);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await goTo(width, 'Adjustments');
    const ownerRow = page.getByRole('row', { name: /Goodwill after a game outage/ }).first();
    await ownerRow.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('dialog', { name: /Approve adjustment/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    await ownerRow.getByText('Approved').waitFor();
    await shot(width, 'adjustments');
    assert.equal(await balance(member.id), 300_000n - 30_000n + 2_550n);

    // The audit log: every step, targets by public reference; filtered by action and staff member.
    await goTo(width, 'Audit log');
    await page.getByRole('row', { name: new RegExp(`deposit\\.approve.*${deposit.reference}`) }).waitFor();
    await page.getByRole('row', { name: new RegExp(`withdrawal\\.approve.*${withdrawal.reference}`) }).waitFor();
    await page.getByRole('row', { name: new RegExp(`withdrawal\\.disburse.*${withdrawal.reference}`) }).waitFor();
    await page
      .getByRole('row', { name: /adjustment\.request/ })
      .first()
      .waitFor();
    await page
      .getByRole('row', { name: /adjustment\.approve/ })
      .first()
      .waitFor();
    await page.getByLabel('Action').fill('withdrawal.disburse');
    await page.getByLabel('Action').press('Enter');
    await page.waitForURL(/action=withdrawal.disburse/);
    // The filtered list replaces the whole log: the other actions' rows go, the payout's stays.
    for (const other of [/deposit\.approve/, /withdrawal\.approve/])
      await page.getByRole('row', { name: other }).first().waitFor({ state: 'detached' });
    await page.getByRole('row', { name: new RegExp(`withdrawal\\.disburse.*${withdrawal.reference}`) }).waitFor();
    await page.getByLabel('Staff').fill(finance.username);
    await page.getByLabel('Staff').press('Enter');
    await page.waitForURL(new RegExp(`admin=${finance.username}`));
    await page.getByRole('row', { name: new RegExp(withdrawal.reference) }).waitFor();
    await shot(width, 'audit');
    assert.deepEqual(await seriousViolations(), [], 'the audit log');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await (await download).path();
    const text = readFileSync(csv, 'utf8');
    assert.match(text, /^\uFEFFTime,Staff,Action,Target type,Target,Detail,IP\r\n/);
    assert.ok(text.includes(`withdrawal.disburse,withdrawal,${withdrawal.reference}`), text);
    assert.ok(await noHorizontalOverflow(), 'no page-level horizontal scrolling');
    // Expected refusals the browser logs: 401 admin_otp_required (the code step), 403 second_approval_required.
    assert.deepEqual(
      errors.filter((e) => !/status of (401|403)\b/.test(e)),
      [],
    );
  });
}

for (const language of ['en', 'tl'] as const)
  test(`a phone (390 px, ${language.toUpperCase()}): every back-office screen of the owner fits the screen (no page-level sideways scrolling)`, async () => {
    const owner = await staffMember(`phone390${language}`);
    await open('/admin', { width: 390, height: 844, ip: `198.51.100.${language === 'en' ? 39 : 40}` });
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Username').fill(owner.username);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Enrolment used the current time step; each code is taken once, so the next one.
    const epoch = Math.floor(server.clock().getTime() / 1000) + 30;
    await page.getByLabel('6-digit code').fill(await generate({ secret: owner.totpSecret!, epoch }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    if (language === 'tl') {
      // Tagalog's longer words are the harder case for a narrow screen.
      await page.getByLabel('Language').selectOption('tl');
      await page.getByRole('button', { name: 'Mag-sign out' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'tl');
    }

    const nav = page.getByRole('complementary', {
      name: language === 'en' ? 'Back-office navigation' : 'Nabigasyon ng back office',
    });
    const labels = await nav.getByRole('link').allTextContents();
    assert.ok(labels.length > 30, 'the owner sees every screen');
    const wide: string[] = [];
    // The drawer opens and closes without its slide (prefers-reduced-motion): forty screens stay within the budget.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const label of labels) {
      await page.getByRole('button', { name: 'Menu' }).click();
      const link = nav.getByRole('link', { name: label, exact: true });
      const href = (await link.getAttribute('href'))!;
      await link.click();
      await page.waitForFunction(() => (document.querySelector('.bo-nav')?.getBoundingClientRect().right ?? 0) <= 0);
      await page.waitForURL((u) => u.pathname === href);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The screen's data is in (or its empty / error state): no skeleton rows left.
      await page.waitForFunction(() => !document.querySelector('.bo-table__skeleton'));
      const fits = await noHorizontalOverflow();
      if (!fits) {
        // What sticks out, for the failure message: the outermost elements wider than the screen.
        const culprits = await page.evaluate(() => {
          const w = window.innerWidth;
          const out: string[] = [];
          for (const el of Array.from(document.querySelectorAll('body *'))) {
            const r = el.getBoundingClientRect();
            const parent = el.parentElement?.getBoundingClientRect();
            // Inside a scrolling (or clipping) box it widens that box, not the page.
            let clipped = false;
            for (let a = el.parentElement; a && a !== document.body && !clipped; a = a.parentElement)
              clipped = getComputedStyle(a).overflowX !== 'visible';
            if (r.right > w + 0.5 && r.width > 0 && !(parent && parent.right > w + 0.5) && !clipped)
              out.push(
                `${el.tagName.toLowerCase()}.${String(el.className).replace(/\s+/g, '.')} right=${Math.round(r.right)}`,
              );
          }
          return out.slice(0, 5).join('; ');
        });
        wide.push(`${label}: ${culprits}`);
      }
      await shot(390, `${language}-screen-${label.toLowerCase().replace(/\W+/g, '-')}`);
    }
    assert.deepEqual(wide, [], 'screens wider than a 390 px phone');
  });
