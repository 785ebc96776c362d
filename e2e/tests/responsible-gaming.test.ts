import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openBackOffice, staffMember } from '../lib/admin-api.ts';
import { seriousViolations } from '../lib/axe.ts';
import { context, demo, errors, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

useE2E('responsible-gaming');

const PASSWORD = 'rg e2e password 1';
const header = () => page.getByRole('banner');

async function shoot(name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  assert.ok(await noHorizontalOverflow(), `no horizontal overflow at ${width} px (${name})`);
  await page.screenshot({ path: `e2e/artifacts/responsible-gaming-${name}-${width}.png`, fullPage: true });
}

async function logInHeader(account: string) {
  await header().getByLabel('Username').fill(account);
  await header().getByLabel('Password').fill(PASSWORD);
  await header().getByRole('button', { name: 'Log in' }).click();
}

test('a player sets a deposit limit and is refused above it, sees the reality check, self-excludes and cannot log back in', async () => {
  await server.app.modules.members.create({ merchant: demo, account: 'e2erg1', password: PASSWORD });
  await open('/', { width: 1366 });
  // The page's clock is ours: the reality check's 15 minutes pass in a moment.
  await context!.clock.install();
  await page.reload();
  await logInHeader('e2erg1');
  await page.waitForFunction(() => Boolean(sessionStorage.getItem('token')));

  await page.goto(`${server.baseUrl}/member/responsibleGaming`);
  await page.getByRole('heading', { name: 'Responsible gaming', level: 1 }).waitFor();
  const limits = page.getByRole('form', { name: 'Set a limit' });
  await limits.getByLabel('Limit type').selectOption('deposit');
  await limits.getByLabel('Period').selectOption('day');
  await limits.getByLabel('Amount (PHP)').fill('300');
  await limits.getByRole('button', { name: 'Save limit' }).click();
  await limits.getByRole('status').filter({ hasText: 'Your limit is saved.' }).waitFor();
  const deposits = page.getByRole('table', { name: 'Deposit limit' });
  await deposits.getByText('Used 0.00 of 300.00').waitFor();

  const session = page.getByRole('form', { name: 'Session and reality check' });
  await session.getByLabel('Reality check every').selectOption('15');
  await session.getByRole('button', { name: 'Save' }).click();
  await session.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  assert.deepEqual(await seriousViolations(), []);
  await shoot('page', 1366);
  await shoot('page', 390);

  // Above the limit: the deposit is refused with the reason.
  await page.goto(`${server.baseUrl}/member/depositv2`);
  await page.getByRole('heading', { name: 'Deposit', level: 1 }).waitFor();
  await page.getByLabel('Amount (PHP)').fill('500');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByText('This deposit would go over your deposit limit.').waitFor();
  await shoot('deposit-refused', 390);

  // The reality check after 15 minutes of play: time played, net result; continue.
  await page.setViewportSize({ width: 1366, height: 900 });
  await context!.clock.fastForward('16:00');
  const dialog = page.getByRole('dialog', { name: 'Reality check' });
  await dialog.waitFor();
  await dialog.getByText(/You have been playing for 1[5-6] minutes\./).waitFor();
  await dialog.getByText('Net result this session: 0.00').waitFor();
  assert.deepEqual(await seriousViolations(), []);
  await page.screenshot({ path: 'e2e/artifacts/responsible-gaming-reality-check-1366.png' });
  await dialog.getByRole('button', { name: 'Continue playing' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Self-exclusion for 6 months, confirmed with the password: logged out at once.
  await page.goto(`${server.baseUrl}/member/responsibleGaming`);
  const rest = page.getByRole('form', { name: 'Take a break or exclude yourself' });
  await rest.getByLabel('Type').selectOption('self_exclusion');
  await rest.getByLabel('Length').selectOption('6m');
  await rest.getByLabel('Your login password').fill(PASSWORD);
  await rest.getByRole('button', { name: 'Start now and log me out' }).click();
  await page.waitForFunction(() => sessionStorage.getItem('token') === null);

  // And cannot log back in: the message says until when (the site asks to log in again: its dialog).
  const dialog2 = page.getByRole('dialog', { name: 'Log in' });
  await dialog2.waitFor();
  await dialog2.getByLabel('Username').fill('e2erg1');
  await dialog2.getByLabel('Password').fill(PASSWORD);
  await dialog2.getByRole('button', { name: 'Log in' }).click();
  await dialog2.getByText(/You have excluded yourself from play until \d{4}-/).waitFor();
  await shoot('login-refused', 1366);
  assert.deepEqual(
    errors.filter((e) => !/status of (401|403|409)/.test(e)),
    [],
  );
});

test('in Tagalog: the operator’s help contacts, a deposit limit refused above it, self-exclusion (390 and 1366 px)', async () => {
  // The operator writes its help contacts in the back office's settings, per language.
  const owner = await staffMember('rghelp');
  const tlHelp = 'PAGCOR helpline: 1800-10-000-7777\nAming support: 24/7 sa help centre';
  await openBackOffice(owner.token, '/settings', 1366);
  const section = page.getByRole('region', { name: 'Responsible gaming: help contacts' });
  await section.getByLabel('Help text: English').fill('PAGCOR helpline: 1800-10-000-7777');
  await section.getByLabel('Help text: Tagalog (TL)').fill(tlHelp);
  await section.getByRole('button', { name: 'Save' }).click();
  await section.getByText('Saved.').waitFor();
  await section.screenshot({ path: 'e2e/artifacts/responsible-gaming-bo-help-1366.png' });

  await server.app.modules.members.create({ merchant: demo, account: 'e2erg2', password: PASSWORD });
  await open('/', { width: 1366 });
  await logInHeader('e2erg2');
  await page.waitForFunction(() => Boolean(sessionStorage.getItem('token')));
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/wps/member/language')),
    header().getByLabel('Language').selectOption('tl'),
  ]);

  await page.goto(`${server.baseUrl}/member/responsibleGaming`);
  await page.getByRole('heading', { name: 'Responsableng paglalaro', level: 1 }).waitFor();
  const help = page.getByTestId('rg-operator-help');
  await help.waitFor();
  assert.equal(await help.innerText(), tlHelp);
  const limits = page.getByRole('form', { name: 'Magtakda ng limit' });
  await limits.getByLabel('Uri ng limit').selectOption('deposit');
  await limits.getByLabel('Panahon').selectOption('day');
  await limits.getByLabel('Halaga (PHP)').fill('300');
  await limits.getByRole('button', { name: 'I-save ang limit' }).click();
  await limits.getByRole('status').filter({ hasText: 'Na-save na ang iyong limit.' }).waitFor();
  await page.getByRole('table', { name: 'Limit sa deposit' }).getByText('Nagamit ang 0.00 sa 300.00').waitFor();
  assert.deepEqual(await seriousViolations(), []);
  await shoot('page-tl', 1366);
  await shoot('page-tl', 390);

  await page.goto(`${server.baseUrl}/member/depositv2`);
  await page.getByLabel('Halaga (PHP)').fill('500');
  await page.getByRole('button', { name: 'Magpatuloy sa pagbabayad' }).click();
  await page.getByText('Lalampas ang deposit na ito sa iyong limit sa deposit.').waitFor();
  await shoot('deposit-refused-tl', 390);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${server.baseUrl}/member/responsibleGaming`);
  const rest = page.getByRole('form', { name: 'Magpahinga o i-exclude ang sarili' });
  await rest.getByLabel('Uri', { exact: true }).selectOption('self_exclusion');
  await rest.getByLabel('Tagal').selectOption('6m');
  await rest.getByLabel('Ang iyong login password').fill(PASSWORD);
  await rest.getByRole('button', { name: 'Simulan na at i-log out ako' }).click();
  await page.waitForFunction(() => sessionStorage.getItem('token') === null);
  assert.deepEqual(
    errors.filter((e) => !/status of (401|403|409)/.test(e)),
    [],
  );
});
