import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { prizesOf } from '@sea/games';
import { memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { drawsBetween } from '../../apps/server/src/modules/lottery/schedules.ts';
import { post, staffMember } from '../lib/admin-api.ts';
import { demo, errors, fundMember, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

/*
 * The back office's lottery in Chromium at 1366 and 768 px, on the real server: a member bets đề 42 on the two
 * stations whose results operators enter (Đà Nẵng, Khánh Hòa); the app's clock passes both draws; in the browser
 * one staff member (games & lottery) finds the draw in the list and enters the result, the page then tells them a
 * second person must confirm; a second staff member types the same result again and confirms; the draw job settles
 * it (the page follows) and the member is paid; the audit log lists both steps by the draw's id. Screenshots go to
 * e2e/artifacts/backoffice-lottery-<width>-<screen>.png.
 */
const STATIONS = [
  { code: 'vn-mt-danang', name: 'Đà Nẵng', weekdays: [3, 6], width: 1366 },
  { code: 'vn-mt-khanhhoa', name: 'Khánh Hòa', weekdays: [0, 3], width: 768 },
];
const nextDraw = (weekdays: number[]) =>
  drawsBetween(
    { timezone: 'Asia/Ho_Chi_Minh', drawTime: '17:15', weekdays },
    new Date(Date.now() + 11 * 60_000),
    new Date(Date.now() + 9 * 86_400_000),
  )[0]!.getTime();
const draws = STATIONS.map((s) => nextDraw(s.weekdays));
// The app's clock: 10 minutes before the first of the two draws (bets close 5 minutes before a draw).
let offset = Math.min(...draws) - 10 * 60_000 - Date.now();
useE2E('backoffice-lottery', { clock: () => new Date(Date.now() + offset) });

const UNIT_STAKE = 1_000n; // 10.00
const WIN = UNIT_STAKE * 95n; // đề pays 95 to 1
const FUND = 100_000n;

/** A full MT result whose special prize ends in `last2` (every prize, every number with its digits). */
function mtResult(last2 = '42'): Record<string, string[]> {
  const prizes: Record<string, string[]> = {};
  let x = 23;
  for (const d of prizesOf('MT'))
    prizes[d.key] = Array.from({ length: d.count }, () =>
      Array.from({ length: d.digits }, () => String((x = (x * 7 + 3) % 10))).join(''),
    );
  prizes.DB = ['1234' + last2];
  return prizes;
}
const PRIZE_LABELS: Record<string, string> = {
  DB: 'Special',
  G1: 'Prize 1',
  G2: 'Prize 2',
  G3: 'Prize 3',
  G4: 'Prize 4',
  G5: 'Prize 5',
  G6: 'Prize 6',
  G7: 'Prize 7',
  G8: 'Prize 8',
};

const balance = async (id: bigint) =>
  (await server.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]!.balance;

const shot = async (width: number, name: string) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/backoffice-lottery-${width}-${name}.png`, fullPage: true });
};

/** The back office as this staff member (their session token, as the sign-in leaves it in the tab). */
async function actAs(token: string, path: string): Promise<void> {
  await page.evaluate((t) => {
    sessionStorage.setItem('adminToken', t);
    sessionStorage.setItem('adminSetup', JSON.stringify({ mustChangePassword: false, twoFactorSetupRequired: false }));
  }, token);
  await page.goto(`${server.baseUrl}/admin${path}`);
}

/** Types the result into the form, prize by prize, as an operator copies it from the official sheet. */
async function typeResult(form: ReturnType<typeof page.getByRole>, prizes: Record<string, string[]>) {
  for (const [key, numbers] of Object.entries(prizes))
    for (const [i, n] of numbers.entries())
      await form.getByLabel(`${PRIZE_LABELS[key]}, number ${i + 1}`, { exact: true }).fill(n);
}

/** The left navigation (a drawer below 1024 px). */
async function goTo(width: number, label: string, heading: string): Promise<void> {
  if (width < 1024) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('complementary', { name: 'Back-office navigation' }).getByRole('link', { name: label }).click();
  if (width < 1024)
    await page.waitForFunction(() => (document.querySelector('.bo-nav')?.getBoundingClientRect().right ?? 0) <= 0);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

const bets = new Map<string, string>();
let memberId = 0n;
const CLOSER = 'e2eboltt2';
const CLOSER_PASSWORD = 'backoffice lottery closer';
let closerToken = '';

test('a member bets on both stations; the clock passes their draws', async () => {
  const member = await server.app.modules.members.create({
    merchant: demo,
    account: 'e2eboltt1',
    password: 'backoffice lottery e2e',
  });
  memberId = member.id;
  await fundMember(member.id, FUND);
  const row = (await server.app.modules.members.findByAccount(demo.id, 'e2eboltt1'))!;
  const session = await server.app.modules.auth.startSession(demo, row, 'member', 'password', {
    ip: '203.0.113.9',
    userAgent: 'e2e',
  });
  for (const s of STATIONS) {
    // The schedule job (every second) creates the station's draws: wait for the one taking bets.
    let game = (await (await fetch(`${server.baseUrl}/lgw/lottery/feed/games/${s.code}`)).json()).value;
    while (!game.current) {
      await new Promise((r) => setTimeout(r, 250));
      game = (await (await fetch(`${server.baseUrl}/lgw/lottery/feed/games/${s.code}`)).json()).value;
    }
    const res = await fetch(`${server.baseUrl}/wps/lottery/bets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, merchant: 'demo' },
      body: JSON.stringify({
        requestId: randomUUID(),
        gameCode: s.code,
        issueId: game.current.issueId,
        bets: [{ code: 'vn.de', selection: { numbers: ['42'] }, unitStake: String(UNIT_STAKE) }],
      }),
    });
    assert.equal(res.status, 200, await res.text());
    bets.set(s.code, game.current.issueId);
  }
  assert.equal(await balance(memberId), FUND - 2n * UNIT_STAKE);
  // A second member stakes all of it on đề 37 at the first station (it loses, then closes the account: the last test).
  const closer = await server.app.modules.members.create({
    merchant: demo,
    account: CLOSER,
    password: CLOSER_PASSWORD,
  });
  await fundMember(closer.id, UNIT_STAKE);
  closerToken = (
    await server.app.modules.auth.startSession(
      demo,
      (await server.app.modules.members.findByAccount(demo.id, CLOSER))!,
      'member',
      'password',
      { ip: '203.0.113.10', userAgent: 'e2e' },
    )
  ).token;
  const bet37 = await fetch(`${server.baseUrl}/wps/lottery/bets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${closerToken}`, merchant: 'demo' },
    body: JSON.stringify({
      requestId: randomUUID(),
      gameCode: STATIONS[0]!.code,
      issueId: bets.get(STATIONS[0]!.code),
      bets: [{ code: 'vn.de', selection: { numbers: ['37'] }, unitStake: String(UNIT_STAKE) }],
    }),
  });
  assert.equal(bet37.status, 200, await bet37.text());
  offset = Math.max(...draws) + 60_000 - Date.now();
  // The feed job (every second here) closes both draws; they wait for their results.
  for (;;) {
    const states = await Promise.all(
      STATIONS.map(async (s) => {
        const r = await (await fetch(`${server.baseUrl}/lgw/lottery/feed/games/${s.code}/results`)).json();
        return r.value.list.find((i: { issueId: string }) => i.issueId === bets.get(s.code))?.status;
      }),
    );
    if (states.every((x) => x === 'awaiting')) break;
    await new Promise((r) => setTimeout(r, 200));
  }
});

for (const station of STATIONS) {
  const { width } = station;
  test(`two staff members enter and confirm a result in the browser; the bet settles; audited (${width} px)`, async () => {
    const issueId = bets.get(station.code)!;
    const first = await staffMember(`lota${width}`, 'games');
    const second = await staffMember(`lotb${width}`, 'games');
    const prizes = mtResult();
    const before = await balance(memberId);

    // The first staff member finds the draw in the list (filtered by game, kept in the URL) and enters the result.
    await open('/admin/', { width });
    await actAs(first.token, '/');
    await goTo(width, 'Draws', 'Lottery draws');
    await page.getByLabel('Game').selectOption(station.code);
    await page.waitForURL(new RegExp(`gameCode=${station.code}`));
    const link = page.getByRole('link', { name: issueId, exact: true });
    await link.waitFor();
    await shot(width, 'draws');
    await link.click();
    await page.getByRole('heading', { name: `Draw ${issueId} · ${station.name}` }).waitFor();
    const enter = page.getByRole('form', { name: 'Enter the result' });
    await typeResult(enter, prizes);
    await shot(width, 'enter');
    await enter.getByRole('button', { name: 'Submit for confirmation' }).click();
    await page.getByText(/You entered this result, so another staff member must confirm it/).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Confirm result' }).count(), 0);
    await shot(width, 'pending');

    // The second staff member confirms by typing the same result again (blind: the first entry is not shown).
    await actAs(second.token, `/lottery/issues/${station.code}/${issueId}`);
    const confirm = page.getByRole('form', { name: 'Confirm the result' });
    await confirm.waitFor();
    await typeResult(confirm, prizes);
    await confirm.getByRole('button', { name: 'Confirm result' }).click();
    // The draw job settles it; the page follows the draw until it is settled.
    await page.locator('.bo-badge', { hasText: 'Settled' }).waitFor({ timeout: 30_000 });
    assert.match((await page.locator('.bo-board').textContent())!, /123442/);
    await shot(width, 'settled');
    assert.equal(await balance(memberId), before + WIN);
    assert.ok(await noHorizontalOverflow(), 'the issue page fits the width');

    // The audit log (an auditor's: the games role has no audit view) lists both steps with the draw's id.
    const auditor = await staffMember(`lotaudit${width}`, 'auditor');
    await actAs(auditor.token, '/');
    await goTo(width, 'Audit log', 'Audit log');
    for (const action of ['lottery.result.enter', 'lottery.result.confirm'])
      await page.getByRole('row').filter({ hasText: action }).filter({ hasText: issueId }).first().waitFor();
    await shot(width, 'audit');

    // The other lottery screens, read only: games and schedules, shortfalls, the published chain commitments.
    await goTo(width, 'Games & schedules', 'Lottery games & schedules');
    await page.getByRole('row', { name: new RegExp(station.name) }).waitFor();
    assert.equal(await page.getByRole('button', { name: /^Edit/ }).count(), 0, 'the auditor edits nothing');
    assert.ok(await noHorizontalOverflow(), 'the games page fits the width');
    await shot(width, 'games');
    await goTo(width, 'Shortfalls', 'Correction shortfalls');
    await page.getByText('No shortfalls.').waitFor();
    await goTo(width, 'Chain commitments', 'Chain commitments');
    await page
      .getByRole('row', { name: /Fast 5D · 1 min/ })
      .first()
      .waitFor();
    await shot(width, 'chains');
    assert.ok(await noHorizontalOverflow(), 'the chains page fits the width');
    assert.deepEqual(errors, []);
  });
}

test('a draw cancelled in the browser: every bet refunded, the refund shown on the draw and audited (1366 px)', async () => {
  const station = STATIONS[0]!;
  // The station's next draw (days ahead) takes bets: the member bets on it.
  let game = (await (await fetch(`${server.baseUrl}/lgw/lottery/feed/games/${station.code}`)).json()).value;
  while (!game.current || game.current.issueId === bets.get(station.code)) {
    await new Promise((r) => setTimeout(r, 250));
    game = (await (await fetch(`${server.baseUrl}/lgw/lottery/feed/games/${station.code}`)).json()).value;
  }
  const issueId: string = game.current.issueId;
  const row = (await server.app.modules.members.findByAccount(demo.id, 'e2eboltt1'))!;
  const session = await server.app.modules.auth.startSession(demo, row, 'member', 'password', {
    ip: '203.0.113.9',
    userAgent: 'e2e',
  });
  const before = await balance(memberId);
  const res = await fetch(`${server.baseUrl}/wps/lottery/bets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, merchant: 'demo' },
    body: JSON.stringify({
      requestId: randomUUID(),
      gameCode: station.code,
      issueId,
      bets: [{ code: 'vn.de', selection: { numbers: ['17'] }, unitStake: String(UNIT_STAKE) }],
    }),
  });
  assert.equal(res.status, 200, await res.text());
  assert.equal(await balance(memberId), before - UNIT_STAKE);

  const staff = await staffMember('lotcancel', 'games');
  await open('/admin/', { width: 1366 });
  await actAs(staff.token, `/lottery/issues/${station.code}/${issueId}`);
  await page.getByRole('heading', { name: `Draw ${issueId} · ${station.name}` }).waitFor();
  await page.getByRole('button', { name: 'Cancel draw and refund' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel draw ${issueId}` });
  await dialog.getByText(/every placed bet \(1 bet, 10\.00 PHP\)/).waitFor();
  await dialog.getByRole('button', { name: 'Cancel draw and refund' }).click();
  await dialog.getByText('Give a reason of at least 3 characters').waitFor(); // checked before any call
  await dialog.getByLabel('Reason (kept in the audit log)').fill('The station did not draw (typhoon)');
  await shot(1366, 'cancel');
  await dialog.getByRole('button', { name: 'Cancel draw and refund' }).click();
  await dialog.waitFor({ state: 'detached' });
  // The draw's totals show the refund; the cancel button is gone; the member has the stake back.
  const refunded = page.locator('dt', { hasText: 'Refunded' }).locator('xpath=following-sibling::dd[1]');
  await refunded.getByText(/^1 bet, 10\.00 PHP$/).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Cancel draw and refund' }).count(), 0);
  await shot(1366, 'cancelled');
  assert.equal(await balance(memberId), before);
  const auditor = await staffMember('lotcancelaudit', 'auditor');
  const log = await (
    await fetch(`${server.baseUrl}/admin/api/audit?action=lottery.issue.cancel`, {
      headers: { merchant: 'demo', authorization: `Bearer ${auditor.token}` },
    })
  ).json();
  assert.ok(
    log.value.items.some((a: { targetId: string | null }) => a.targetId === issueId),
    JSON.stringify(log.value.items.slice(0, 3)),
  );
  assert.deepEqual(errors, []);
});

test('a correction owed to a closed account: Lottery → Shortfalls lists it with its status (1366 and 390 px)', async () => {
  const station = STATIONS[0]!;
  const issueId = bets.get(station.code)!;
  // The second member lost đề 37 (nothing left in the account) and closes it (a session of the app's time now).
  closerToken = (
    await server.app.modules.auth.startSession(
      demo,
      (await server.app.modules.members.findByAccount(demo.id, CLOSER))!,
      'member',
      'password',
      { ip: '203.0.113.10', userAgent: 'e2e' },
    )
  ).token;
  const closed = await fetch(`${server.baseUrl}/wps/member/close`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${closerToken}`, merchant: 'demo' },
    body: JSON.stringify({ password: CLOSER_PASSWORD }),
  });
  assert.equal(closed.status, 200, await closed.text());
  // The official result ends in 37: two staff members correct the settled draw (entered, then confirmed).
  const first = await staffMember('lotfix1', 'games');
  const second = await staffMember('lotfix2', 'games');
  const fixed = { gameCode: station.code, issueId, result: { region: 'MT', prizes: mtResult('37') } };
  await post('/admin/api/lottery/results', first.token, fixed);
  await post('/admin/api/lottery/results/confirm', second.token, fixed);
  // The feed job re-settles the draw: the closed member's win cannot be paid, it is recorded as owed.
  const owedRows = async () =>
    (
      await (
        await fetch(`${server.baseUrl}/admin/api/lottery/shortfalls?status=owed`, {
          headers: { merchant: 'demo', authorization: `Bearer ${first.token}` },
        })
      ).json()
    ).value.items.filter((x: { memberAccount: string }) => x.memberAccount === CLOSER);
  const deadline = Date.now() + 30_000;
  while ((await owedRows()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  assert.equal((await owedRows()).length, 1, 'the correction ran');

  for (const width of [1366, 390]) {
    await open('/admin/', { width });
    await actAs(first.token, '/');
    await goTo(width, 'Shortfalls', 'Correction shortfalls');
    await page.getByLabel('Status').selectOption('owed');
    await page.waitForURL(/status=owed/);
    const row = page.getByRole('row', { name: new RegExp(CLOSER) });
    await row.waitFor();
    const badge = row.locator('.bo-badge--bad', { hasText: 'Owed to a closed account' });
    await badge.waitFor();
    const box = (await badge.boundingBox())!;
    assert.ok(box.x + box.width <= width, `the status is in view without scrolling the list (${width} px)`);
    assert.match((await row.textContent())!, /950\.00/);
    if (width === 1366) {
      // The whole list fits a laptop: "Owed to the member" and the dates in view, no sideways scroll.
      const scroll = page.locator('.bo-table__scroll');
      const { scrollWidth, clientWidth } = await scroll.evaluate((e) => ({
        scrollWidth: e.scrollWidth,
        clientWidth: e.clientWidth,
      }));
      assert.ok(scrollWidth <= clientWidth, `the list fits at 1366 px (${scrollWidth} > ${clientWidth})`);
    }
    await shot(width, 'shortfall-owed');
    assert.deepEqual(errors, []);
  }
});

test('a page that fails while rendering shows "This page failed" and a reload; the navigation still works (1366 and 390 px)', async () => {
  const staff = await staffMember('loterror', 'games');
  for (const width of [1366, 390]) {
    await open('/admin/', { width });
    // A bad answer (no amounts) makes the shortfalls page throw while rendering.
    await page.route('**/admin/api/lottery/shortfalls**', (r) =>
      r.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          code: 'ok',
          message: 'OK',
          value: { total: 1, items: [{ status: 'owed' }] },
        }),
      }),
    );
    await actAs(staff.token, '/lottery/shortfalls');
    const alert = page.getByTestId('route-error');
    await alert.getByRole('heading', { name: 'This page failed' }).waitFor();
    await alert.getByRole('button', { name: 'Reload' }).waitFor();
    assert.ok(await noHorizontalOverflow(), 'the error page fits the width');
    await shot(width, 'page-error');
    await goTo(width, 'Draws', 'Lottery draws');
  }
});
