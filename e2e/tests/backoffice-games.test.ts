import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import sharp from 'sharp';
import { memberMain, memberVendor } from '../../apps/server/src/modules/ledger/index.ts';
import { seriousViolations } from '../lib/axe.ts';
import { openBackOffice, post, staffMember } from '../lib/admin-api.ts';
import { countEventually, demo, errors, fundMember, page, server, useE2E } from '../lib/harness.ts';

/**
 * Issue 22, the back office's Games screens and the rest of Payments, in Chromium at 1366 and 768 px on the real
 * server: a games staff member puts a vendor into maintenance and changes a game's limits; a round of our own slot
 * played through the API is found by its reference with its fairness proof checked; finance disburses a withdrawal
 * with a proof image. Staff sign in through the API (the sign-in screens have their own file, backoffice.test.ts);
 * screenshots go to e2e/artifacts/backoffice-games-<width>-<screen>.png.
 */
useE2E('backoffice-games');

const WIDTHS = [1366, 768] as const;
/** A bank slip as a PNG (the server re-encodes the proof, so it must be a real image). */
const bankSlip = (reference: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="#f3f6fb"/>` +
        `<rect x="20" y="20" width="600" height="320" fill="#fff" stroke="#1a47ad" stroke-width="4"/>` +
        `<text x="48" y="90" font-size="34" font-family="sans-serif" fill="#1a47ad">BDO · Transfer slip</text>` +
        `<text x="48" y="160" font-size="26" font-family="sans-serif">To 1234567890 Juan Dela Cruz</text>` +
        `<text x="48" y="220" font-size="40" font-family="sans-serif" font-weight="bold">PHP 250.00</text>` +
        `<text x="48" y="290" font-size="22" font-family="monospace" fill="#555">${reference}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** A game icon as a PNG (a different picture per call, so each width uploads its own). */
const gameIcon = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" rx="40" fill="#7a1f2b"/>` +
        `<circle cx="150" cy="150" r="100" fill="#f5c542"/>` +
        `<text x="150" y="175" font-size="72" text-anchor="middle" font-family="sans-serif" fill="#7a1f2b">${randomUUID().slice(0, 2)}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

const shot = async (width: number, name: string) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/backoffice-games-${width}-${name}.png`, fullPage: true });
};

/** A GET of the API with a token (admin or member) on the demo merchant: the envelope's value. */
async function get<T>(path: string, token: string | null = null): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    headers: { merchant: 'demo', ...(token && { authorization: `Bearer ${token}` }) },
  });
  const env = (await res.json()) as { success: boolean; value: T };
  assert.ok(env.success, `${path}: ${JSON.stringify(env)}`);
  return env.value;
}

/** The left navigation (a drawer below 1024 px), then the screen's heading. */
async function goTo(width: number, label: string, heading = label): Promise<void> {
  if (width < 1024) await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('complementary', { name: 'Back-office navigation' })
    .getByRole('link', { name: label, exact: true })
    .click();
  if (width < 1024)
    await page.waitForFunction(() => (document.querySelector('.bo-nav')?.getBoundingClientRect().right ?? 0) <= 0);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const width of WIDTHS) {
  test(`games staff: a vendor into maintenance and back, a game's limits changed (${width} px)`, async () => {
    const staff = await staffMember(`games${width}`, 'games');
    await openBackOffice(staff.token, '/games/vendors', width);
    const nav = page.getByRole('complementary', { name: 'Back-office navigation' });
    if (width >= 1024)
      assert.deepEqual(await nav.getByRole('link').allTextContents(), [
        'Dashboard',
        'Vendors',
        'Categories',
        'Games',
        'Round lookup',
        'Tables & arenas',
        'Draws',
        'Games & schedules',
        'Shortfalls',
        'Chain commitments',
      ]);
    await page.getByRole('heading', { name: 'Vendors', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'DEMO', exact: true }) });
    await row.getByRole('button', { name: 'Actions for Demo vendor' }).click();
    await page.getByRole('menuitem', { name: 'Start maintenance' }).click();
    const confirm = page.getByRole('dialog', { name: 'Put Demo vendor into maintenance' });
    await confirm.waitFor();
    await shot(width, 'vendor-maintenance-confirm');
    await confirm.getByRole('button', { name: 'Start maintenance' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Maintenance').waitFor();
    // The site shows it at once: every DEMO tile of the menus is in maintenance.
    const menus = await get<{ vendors: { vassalage: string; maintenance: boolean }[] }[]>('/lgw/games/game_menus');
    const tiles = menus.flatMap((m) => m.vendors).filter((v) => v.vassalage === 'DEMO');
    assert.ok(tiles.length > 0 && tiles.every((v) => v.maintenance), JSON.stringify(tiles));
    await shot(width, 'vendors');
    assert.deepEqual(await seriousViolations(), [], 'the vendors screen');
    assert.ok(await noOverflow(), 'no sideways scroll of the page');

    // Back out of maintenance (the other width starts from the same state).
    await row.getByRole('button', { name: 'Actions for Demo vendor' }).click();
    await page.getByRole('menuitem', { name: 'End maintenance' }).click();
    const end = page.getByRole('dialog', { name: 'End the maintenance of Demo vendor' });
    await end.getByRole('button', { name: 'End maintenance' }).click();
    await end.waitFor({ state: 'detached' });
    await row.getByText('Maintenance').waitFor({ state: 'detached' });

    // Categories: the site's order, each shown or hidden.
    await goTo(width, 'Categories');
    await page.getByRole('checkbox', { name: 'Show Slots & RNG' }).waitFor();
    await shot(width, 'categories');
    assert.deepEqual(await seriousViolations(), [], 'the categories screen');

    // Games: filtered by name in the URL, then the limits of Demo Baccarat.
    await goTo(width, 'Games');
    await page.getByLabel('Vendor').selectOption('DEMO');
    await page.waitForURL(/vendorCode=DEMO/);
    await page.getByLabel('Name or code').fill('baccarat');
    await page.getByLabel('Name or code').press('Enter');
    await page.waitForURL(/name=baccarat/);
    const game = page.getByRole('row', { name: /Demo Baccarat/ });
    await game.waitFor();
    assert.equal(await countEventually(page.getByRole('row'), 2), 2, 'the header and one game');
    await game.getByRole('button', { name: 'Edit Demo Baccarat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Demo Baccarat' });
    const min = width === 1366 ? '20' : '30';
    await dialog.getByLabel('Minimum bet (PHP)').fill(min);
    await dialog.getByLabel('Maximum bet (PHP)').fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The maximum bet cannot be below the minimum bet').waitFor();
    await dialog.getByLabel('Maximum bet (PHP)').fill('5000');
    // The icon: a file picked in the dialog is uploaded at once to the media store and previewed (the preview shows
    // the current icon until the upload answers: wait for another stored one).
    const before = await dialog
      .getByAltText('Preview of the game icon')
      .getAttribute('src', { timeout: 5_000 })
      .catch(() => null);
    await dialog
      .getByLabel('Icon')
      .setInputFiles({ name: 'baccarat.png', mimeType: 'image/png', buffer: await gameIcon() });
    await page.waitForFunction((old) => {
      const src = document.querySelector('img[alt="Preview of the game icon"]')?.getAttribute('src') ?? '';
      return src !== old && /^\/media\//.test(src);
    }, before);
    const iconUrl = await dialog.getByAltText('Preview of the game icon').getAttribute('src');
    assert.match(iconUrl ?? '', /^\/media\/[0-9a-f]{64}\.png$/);
    await shot(width, 'game-edit');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await game.getByText(`${min}.00`).waitFor();
    await game.getByText('5,000.00').waitFor();
    // The list shows the new icon, and so does the player site's game list.
    await page.waitForFunction(
      (src) => [...document.querySelectorAll('img.bo-game-icon')].some((i) => i.getAttribute('src') === src),
      iconUrl,
    );
    const listed = await get<{ content: { gameCode: string; vassalage: string; iconUrl: string | null }[] }>(
      '/lgw/games/list?vassalage=DEMO&gameType=LIVE&pageSize=100',
    );
    const tile = listed.content.filter((g) => g.gameCode === 'demo-baccarat');
    assert.deepEqual(
      tile.map((g) => [g.vassalage, g.iconUrl]),
      [['DEMO', iconUrl]],
    );
    const saved = await get<{ items: { gameCode: string; minBet: string; maxBet: string }[] }>(
      '/admin/api/games?name=demo-baccarat&vendorCode=DEMO',
      staff.token,
    );
    assert.deepEqual(
      saved.items.map((g) => [g.gameCode, g.minBet, g.maxBet]),
      [['demo-baccarat', `${min}00`, '500000']],
    );
    await shot(width, 'games');
    assert.deepEqual(await seriousViolations(), [], 'the games screen');
    if (width === 1366) {
      // The same screen in TY (the language is kept per browser).
      await page.evaluate(() => localStorage.setItem('adminLng', 'ty'));
      await page.reload();
      await page.locator('img.bo-game-icon').first().waitFor();
      await shot(width, 'games-ty');
      await page.evaluate(() => localStorage.removeItem('adminLng'));
    }
    assert.deepEqual(
      errors.filter((e) => !/status of (400|401)\b/.test(e)),
      [],
    );
  });

  test(`round lookup: our slot's round found by its reference with the proof checked (${width} px)`, async () => {
    // A member plays one spin through the API (the game page's calls), then reveals the seed.
    const account = `e2erl${width}${Math.floor(Math.random() * 1000)}`;
    const password = 'round lookup pw 1';
    const member = await server.app.modules.members.create({ merchant: demo, account, password });
    await fundMember(member.id, 100_000n);
    const login = await post<{ token: string }>('/wps/session/login', null, { username: account, password });
    const games = await get<{ content: { gameCode: string; nodeId: string }[] }>('/lgw/games/list?vassalage=SEA');
    const nodeId = games.content.find((g) => g.gameCode === 'slot-lucky-dragon')!.nodeId;
    const launch = await post<{ url: string }>('/wps/game/launchGame', login.token, { nodeId });
    const session = new URL(launch.url, server.baseUrl).searchParams.get('token')!;
    const game = (path: string, body?: unknown) =>
      fetch(`${server.baseUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', 'x-game-session': session },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    assert.equal((await game('/house/v1/session')).status, 200);
    const spin = await game('/house/v1/rounds', { requestId: randomUUID(), bet: { lines: 20, betLevel: 1 } });
    assert.equal(spin.status, 200, await spin.clone().text());
    const round = ((await spin.json()) as { value: { round: { id: string; winCredits: number } } }).value.round;
    assert.equal((await game('/house/v1/seed', {})).status, 200);

    const staff = await staffMember(`rounds${width}`, 'games');
    await openBackOffice(staff.token, '/games/vendors', width);
    await goTo(width, 'Round lookup');
    await page.getByLabel('Round reference').fill(`#h${round.id}`);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.waitForURL(new RegExp(`ref=h${round.id}`));
    const card = page.getByRole('region', { name: `Round h${round.id}` });
    await card.waitFor();
    await card.getByText(account).waitFor();
    await card.getByText('Lucky Dragon').waitFor();
    await card.getByText('20.00 PHP').first().waitFor();
    const checks = card.getByTestId('round-verification');
    await checks.getByText('The revealed server seed hashes to the commitment shown before play.').waitFor();
    await checks.getByText('Recomputed from the seeds, nonce and bet, the round equals the stored result.').waitFor();
    await checks.getByText(`Recomputed win: ${round.winCredits} credits`).waitFor();
    await shot(width, 'round-lookup');
    assert.deepEqual(await seriousViolations(), [], 'the round lookup');
    assert.ok(await noOverflow(), 'no sideways scroll of the page');

    await page.getByLabel('Round reference').fill('no-such-round');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByText('No round has the reference no-such-round.').waitFor();
  });

  test(`finance disburses a withdrawal with a proof image and sees it (${width} px)`, async () => {
    const account = `e2epo${width}${Math.floor(Math.random() * 1000)}`;
    const password = 'payout proof pw 1';
    const member = await server.app.modules.members.create({ merchant: demo, account, password });
    await fundMember(member.id, 100_000n);
    const w = server.app.modules.withdrawals;
    await w.txPassword.set(demo, member.id, { loginPassword: password, newPassword: '135790', confirm: '135790' });
    const bank = await w.bankAccounts.add(demo, member.id, {
      bankName: 'BDO',
      accountNumber: '1234567890',
      accountName: 'Juan Dela Cruz',
    });
    const withdrawal = await w.withdrawals.request(demo, member.id, {
      bankAccountId: bank.id,
      amount: '250',
      transactionPassword: '135790',
      requestId: randomUUID(),
    });
    const finance = await staffMember(`payout${width}`, 'finance');
    await post(`/admin/api/withdrawals/${withdrawal.reference}/approve`, finance.token);

    await openBackOffice(finance.token, `/payments/withdrawals?open=${withdrawal.reference}`, width);
    const drawer = page.getByRole('dialog', { name: `Withdrawal ${withdrawal.reference}` });
    await drawer.getByRole('button', { name: 'Mark as paid' }).click();
    const pay = page.getByRole('dialog', { name: `Mark ${withdrawal.reference} as paid` });
    await pay.getByLabel('Proof of payment (optional)').setInputFiles({
      name: 'bank-slip.png',
      mimeType: 'image/png',
      buffer: await bankSlip(withdrawal.reference),
    });
    await pay.getByRole('img', { name: 'Preview of the proof of payment' }).waitFor();
    await shot(width, 'disburse-with-proof');
    await pay.getByRole('button', { name: 'Mark as paid' }).click();
    await pay.waitFor({ state: 'detached' });
    await drawer.getByText('Disbursed').waitFor();
    const proof = drawer.getByRole('img', { name: `Proof of payment of ${withdrawal.reference}` });
    await proof.waitFor();
    assert.match((await proof.getAttribute('src')) ?? '', /^data:image\/jpeg;base64,/);
    await shot(width, 'withdrawal-paid-with-proof');
    assert.deepEqual(await seriousViolations(), [], 'the drawer with the proof');
    const stored = await get<{ image: string | null }>(
      `/admin/api/withdrawals/${withdrawal.reference}/payout-proof`,
      finance.token,
    );
    assert.match(stored.image ?? '', /^data:image\/jpeg;base64,/);

    // The list sorts on the server by amount, kept in the URL.
    await drawer.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: /^Amount/ }).click();
    await page.waitForURL(/sort=amount%3A(asc|desc)|sort=amount:(asc|desc)/);
    await shot(width, 'withdrawals-sorted');
    // The payment methods screen (read by finance).
    await goTo(width, 'Payment methods');
    await page.getByRole('heading', { name: 'Deposit methods' }).waitFor();
    await page.getByRole('form', { name: 'Withdrawal limits' }).waitFor();
    await shot(width, 'payment-methods');
    assert.deepEqual(await seriousViolations(), [], 'the payment methods screen');
    assert.deepEqual(
      errors.filter((e) => !/status of (400|401)\b/.test(e)),
      [],
    );
  });
}

test('games staff: a vendor moved to the transfer wallet and back; refused while members hold money in it (1366 px)', async () => {
  const staff = await staffMember('walletmode', 'games');
  // A member with money in the transfer vendor's wallet: that vendor cannot leave the transfer wallet.
  const member = await server.app.modules.members.create({
    merchant: demo,
    account: 'e2ebowallet',
    password: 'wallet mode e2e pw',
  });
  await fundMember(member.id, 50_000n);
  await server.app.modules.ledger.postOrThrow({
    merchantId: demo.id,
    currency: demo.currency,
    scope: 'e2e_transfer',
    key: `demot:${member.id}`,
    kind: 'transfer',
    memberId: member.id,
    legs: [
      { debit: memberMain(member.id), credit: memberVendor(member.id, 'DEMOT'), amount: 20_000n, code: 'transfer' },
    ],
  });
  const vendors = async () =>
    Object.fromEntries(
      (await get<{ code: string; walletMode: string }[]>('/admin/api/games/vendors', staff.token)).map((v) => [
        v.code,
        v.walletMode,
      ]),
    );
  assert.deepEqual([(await vendors()).DEMO, (await vendors()).DEMOT], ['seamless', 'transfer']);

  await openBackOffice(staff.token, '/games/vendors', 1366);
  const rowOf = (code: string) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
  await rowOf('DEMOT').getByRole('button', { name: 'Actions for Demo vendor (transfer wallet)' }).click();
  await page.getByRole('menuitem', { name: 'Switch to seamless wallet' }).click();
  const refuse = page.getByRole('dialog', { name: /to the seamless wallet\?$/ });
  await refuse.getByRole('button', { name: 'Switch to seamless wallet' }).click();
  await refuse.getByText(/1 member\(s\) still hold money in this vendor's transfer wallets/).waitFor();
  await shot(1366, 'wallet-mode-refused');
  await refuse.getByRole('button', { name: 'Cancel' }).click();
  assert.equal((await vendors()).DEMOT, 'transfer');

  // DEMO (seamless, nobody's money in it, no open round) to the transfer wallet, and back.
  const demoRow = rowOf('DEMO');
  for (const [to, label] of [
    ['transfer', 'Transfer'],
    ['seamless', 'Seamless'],
  ] as const) {
    await demoRow.getByRole('button', { name: 'Actions for Demo vendor' }).click();
    await page.getByRole('menuitem', { name: `Switch to ${to} wallet` }).click();
    const dialog = page.getByRole('dialog', { name: `Move Demo vendor to the ${to} wallet?` });
    if (to === 'transfer') await shot(1366, 'wallet-mode-confirm');
    await dialog.getByRole('button', { name: `Switch to ${to} wallet` }).click();
    await dialog.waitFor({ state: 'detached' });
    await demoRow.getByRole('cell', { name: label, exact: true }).waitFor();
    assert.equal((await vendors()).DEMO, to);
  }
  const audit = await get<{ items: { action: string; targetId: string | null; detail: { to?: string } }[] }>(
    '/admin/api/audit?action=vendor.wallet_mode',
    (await staffMember('walletaudit', 'auditor')).token,
  );
  assert.deepEqual(
    audit.items.filter((a) => a.targetId === 'DEMO').map((a) => a.detail.to),
    ['seamless', 'transfer'],
  );
  // The browser logs the refusal it was meant to get (409 vendor_wallet_in_use).
  assert.deepEqual(
    errors.filter((e) => !/status of 409\b/.test(e)),
    [],
  );
});
