import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { demo, errors, noHorizontalOverflow, open, page, server, useE2E, fundMember } from '../lib/harness.ts';

useE2E('play');

const PASSWORD = 'play e2e pw 1';
const SPINS = 20;

const mainBalance = async (id: bigint) =>
  (await server.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]!.balance;
/** Minor units → the site's format ("1,234.50"). */
const money = (minor: bigint) =>
  `${(minor / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${(minor % 100n).toString().padStart(2, '0')}`;

async function waitForHeaderBalance(text: string) {
  await page.waitForFunction(
    (t) => Array.from(document.querySelectorAll('header button')).some((b) => b.textContent?.includes(t)),
    text,
  );
}

async function logIn(account: string) {
  await open('/');
  const header = page.getByRole('banner');
  await header.getByLabel('Username').fill(account);
  await header.getByLabel('Password').fill(PASSWORD);
  await header.getByRole('button', { name: 'Log in' }).click();
}

/** The launch the site's game popup makes: POST /wps/game/launchGame with the member's session, from the page. */
async function launchFromPage(p: Page, gameCode: string): Promise<string> {
  return p.evaluate(async (code) => {
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${sessionStorage.getItem('token')}`,
    };
    const list = await (await fetch('/lgw/games/list?vassalage=SEA&pageSize=42', { headers })).json();
    const game = list.value.content.find((g: { gameCode: string }) => g.gameCode === code);
    const res = await (
      await fetch('/wps/game/launchGame', { method: 'POST', headers, body: JSON.stringify({ nodeId: game.nodeId }) })
    ).json();
    if (!res.success) throw new Error(JSON.stringify(res));
    return res.value.url as string;
  }, gameCode);
}

const pageBalance = async () => (await page.getByTestId('balance').textContent())!.replace(/^PHP\s*/, '');

/**
 * Watches the reels in every animation frame while they spin (the compositor moves them: the track's computed
 * transform is the animation's value): each reel's cells must make a gapless column from above the window to below
 * it. The check runs before the reels' own frame, so it sees the track where the compositor has it and the cells
 * where the page's previous frame put them: the reels keep 12 cells ready above the window (reel-view.ts AHEAD), at
 * full turbo speed 350 ms without a frame. A gap after a shorter wait is a fault; after a longer one (a host too
 * busy to run the page for a third of a second) it is beyond what the reels promise and is recorded with its wait.
 * Returns the frames checked, the gaps seen and the longest wait between two frames.
 */
const WATCH_REELS = `(() => {
  const w = window;
  if (w.reelWatch) return;
  w.reelWatch = { frames: 0, gaps: [], longestWait: 0 };
  const ty = (t) => (t && t !== 'none' ? new DOMMatrix(t).m42 : 0);
  let last = 0;
  function check(now) {
    const wait = last ? now - last : 0;
    last = now;
    w.reelWatch.longestWait = Math.max(w.reelWatch.longestWait, wait);
    for (const reel of document.querySelectorAll('.reels__reel')) {
      const h = parseFloat(reel.style.height);
      const cellH = h / 3;
      const track = reel.querySelector('.reels__track');
      const base = ty(getComputedStyle(track).transform);
      const tops = [...track.querySelectorAll('.reels__cell')]
        .map((c) => base + ty(c.style.transform) - (cellH - parseFloat(c.style.height)) / 2)
        .sort((a, b) => a - b);
      const joined = tops.every((y, i) => i === 0 || Math.abs(y - tops[i - 1] - cellH) < 1);
      if (!joined || tops[0] > 1 || tops[tops.length - 1] + cellH < h - 1)
        w.reelWatch.gaps.push({ first: tops[0], last: tops[tops.length - 1], h, joined, wait: Math.round(wait) });
    }
    w.reelWatch.frames++;
    requestAnimationFrame(check);
  }
  requestAnimationFrame(check);
})()`;

/** The symbols the reels show at rest, as the reels' accessible label words them ("Reels show: A / K / … | …"). */
const SHOWN_LABEL = `(() => {
  const names = { dragon: 'Dragon', pearl: 'Pearl', tiger: 'Tiger', koi: 'Koi', lotus: 'Lotus', lantern: 'Lantern' };
  const ty = (t) => (t && t !== 'none' ? new DOMMatrix(t).m42 : 0);
  const reels = [...document.querySelectorAll('.reels__reel')].map((reel) => {
    const h = parseFloat(reel.style.height);
    const track = reel.querySelector('.reels__track');
    const base = ty(getComputedStyle(track).transform);
    return [...track.querySelectorAll('.reels__cell')]
      .map((c) => ({ y: base + ty(c.style.transform), s: c.dataset.symbol }))
      .filter((c) => c.y >= 0 && c.y < h)
      .sort((a, b) => a.y - b.y)
      .map((c) => names[c.s] ?? c.s)
      .join(' / ');
  });
  return { shown: 'Reels show: ' + reels.join(' | '), label: document.querySelector('.slot__reels').getAttribute('aria-label') };
})()`;

/** Spins the slot `n` times (Space for some, the button for others), each time until the reels and the round are done. */
async function spin(n: number, turbo: boolean) {
  if (turbo) await page.getByRole('button', { name: 'Turbo' }).click();
  await page.evaluate(WATCH_REELS);
  for (let i = 0; i < n; i++) {
    await page.locator('.slot[data-state="idle"]').waitFor();
    // A turbo spin can be busy for less than a polling interval: watch the attribute from inside the page instead.
    await page.evaluate(() => {
      const w = window as unknown as { sawBusy: boolean };
      w.sawBusy = false;
      const el = document.querySelector('.slot')!;
      const watch = new MutationObserver(() => {
        if (el.getAttribute('data-state') !== 'busy') return;
        w.sawBusy = true;
        watch.disconnect();
      });
      watch.observe(el, { attributes: true, attributeFilter: ['data-state'] });
    });
    if (i % 2) await page.keyboard.press('Space');
    else await page.getByRole('button', { name: 'Spin', exact: true }).click();
    await page.waitForFunction(() => (window as unknown as { sawBusy: boolean }).sawBusy);
    await page.locator('.slot[data-state="idle"]').waitFor({ timeout: 60_000 });
    // At rest the reels show the server's grid (the label is worded from the round's result).
    const { shown, label } = (await page.evaluate(SHOWN_LABEL)) as { shown: string; label: string };
    assert.equal(shown, label);
  }
  const watch = (await page.evaluate('window.reelWatch')) as {
    frames: number;
    gaps: { wait: number }[];
    longestWait: number;
  };
  assert.ok(watch.frames > 20 * n, `frames watched: ${watch.frames}`);
  assert.deepEqual(
    watch.gaps.filter((g) => g.wait <= 300),
    [],
    `a reel showed a gap while it moved (longest wait between frames ${Math.round(watch.longestWait)} ms)`,
  );
}

interface BetRecords {
  items: { id: string; roundRef: string; stake: string; payout: string; status: string; verifiable: boolean }[];
  total: number;
  totals: { stake: string; payout: string };
}

async function betRecords(p: Page): Promise<BetRecords> {
  return p.evaluate(async () => {
    const res = await fetch('/wps/game/bets?vassalage=SEA&pageSize=50', {
      headers: { authorization: `Bearer ${sessionStorage.getItem('token')}` },
    });
    return (await res.json()).value;
  });
}

async function playSlotAndCheck(account: string, width: number, fund: 'sandbox' | 'ledger') {
  const member = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
  if (fund === 'ledger') {
    await fundMember(member.id, 100_000n);
  }
  await logIn(account);
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  if (fund === 'sandbox') {
    // A deposit through the sandbox gateway, as a player would.
    await waitForHeaderBalance('0.00');
    await page.goto(`${server.baseUrl}/member/depositv2`);
    await page.getByRole('heading', { name: 'Deposit', level: 1 }).waitFor();
    await page.getByLabel('Amount (PHP)').fill('1000');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/sandbox-gateway\/pay\//);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/member\/depositv2\?deposit=DEP-[0-9A-Z]{8}$/);
  }
  await waitForHeaderBalance('1,000.00');
  if (width !== 1280) await page.setViewportSize({ width, height: 844 });
  const start = await mainBalance(member.id);
  assert.equal(start, 100_000n);

  // The game page, where the popup's iframe would load it.
  const url = await launchFromPage(page, 'slot-lucky-dragon');
  assert.match(url, /^\/play\/slot-lucky-dragon\?token=[\w-]+&lang=en$/);
  await page.goto(`${server.baseUrl}${url}`);
  await page.locator('.slot[data-state="idle"]').waitFor();
  assert.equal(await pageBalance(), '1,000.00');
  assert.equal(await page.getByTestId('total-bet').textContent(), '20.00');
  if (width < 500) assert.ok(await noHorizontalOverflow(), 'the slot fits at 390 px');

  await spin(3, false);
  await spin(SPINS - 3, true);

  // Books, bet records and the page agree: start − stakes + wins.
  const records = await betRecords(page);
  assert.equal(records.total, SPINS);
  assert.equal(records.items.length, SPINS);
  assert.ok(records.items.every((r) => r.status === 'settled' && r.verifiable && r.stake === '2000'));
  const stakes = records.items.reduce((s, r) => s + BigInt(r.stake), 0n);
  const wins = records.items.reduce((s, r) => s + BigInt(r.payout), 0n);
  assert.equal(stakes, BigInt(SPINS) * 2000n);
  assert.equal(BigInt(records.totals.stake), stakes);
  const end = await mainBalance(member.id);
  assert.equal(end, start - stakes + wins);
  assert.equal(await pageBalance(), money(end));

  // Fairness: the panel shows the commitment; changing the client seed reveals the server seed.
  await page.getByRole('button', { name: 'Provably fair' }).click();
  const panel = page.getByRole('dialog', { name: 'Provably fair' });
  assert.equal(await panel.getByTestId('nonce').textContent(), String(SPINS));
  const hash = await panel.getByTestId('server-seed-hash').textContent();
  await panel.getByLabel('New client seed').fill(`e2e-${width}`);
  await panel.getByRole('button', { name: 'Change seed and reveal' }).click();
  await panel.getByRole('region', { name: 'Previous server seed revealed' }).waitFor();
  assert.notEqual(await panel.getByTestId('server-seed-hash').textContent(), hash);
  assert.equal(await panel.getByTestId('client-seed').textContent(), `e2e-${width}`);
  const verifyHref = await panel.getByRole('link', { name: /Verify this round/ }).getAttribute('href');
  assert.match(verifyHref!, /^\/fairness\?round=\d+$/);
  await page.keyboard.press('Escape');

  // The betting record lists the rounds; a row's Verify link opens the site's verifier, which recomputes that round
  // in the browser.
  const one = records.items[5]!;
  await page.goto(`${server.baseUrl}/member/personalHistoryCopy`);
  // On a phone a round is a compact row (the same order as the records): its details hold the link.
  if (width < 500)
    await page
      .getByRole('list', { name: /rounds? · amounts in/ })
      .getByRole('listitem')
      .nth(5)
      .locator('summary')
      .click();
  const verifyOne = page.getByRole('link', { name: `Verify round ${one.roundRef} on the fairness page` });
  await verifyOne.waitFor();
  if (width < 500) assert.ok(await noHorizontalOverflow(), 'the betting record fits at 390 px');
  await page.screenshot({ path: `e2e/artifacts/play-bet-records-${width}.png`, fullPage: true });
  await verifyOne.click();
  await page.waitForURL(new RegExp(`/fairness\\?round=${one.roundRef.replace(/^h/, '')}$`));
  const verdict = page.getByTestId('verification');
  await verdict.getByText('The recomputed outcome matches the stored result.').waitFor();
  await verdict.getByText('SHA-256 of the server seed equals the committed hash.').waitFor();
  if (width < 500) assert.ok(await noHorizontalOverflow(), 'the verifier fits at 390 px');
  // …and the last one, from the game's own link.
  await page.goto(`${server.baseUrl}${verifyHref}`);
  await page.getByTestId('verification').getByText('The recomputed outcome matches the stored result.').waitFor();

  // Manual rebate: the spins' valid bets (RNG, 1.2 %) earned a rebate the member claims at once.
  const rebate = (stakes * 120n) / 10_000n;
  await page.goto(`${server.baseUrl}/member/manualRebate`);
  const slots = page.locator('tr', { hasText: 'Slots' });
  await slots.waitFor();
  assert.match((await slots.textContent())!, new RegExp(`${money(stakes).replace('.', '\\.')}.*1\\.2%`));
  if (width < 500) assert.ok(await noHorizontalOverflow(), 'the manual rebate page fits at 390 px');
  await page.screenshot({ path: `e2e/artifacts/play-manual-rebate-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: `Claim PHP ${money(rebate)}` }).click();
  await page.getByText(`PHP ${money(rebate)} was added to your balance.`).waitFor();
  await page.locator('td', { hasText: /^Claimed$/ }).waitFor();
  assert.equal(await mainBalance(member.id), end + rebate);

  // Back on the site, the header shows the same balance.
  await page.goto(`${server.baseUrl}/`);
  await waitForHeaderBalance(money(end + rebate));
  assert.deepEqual(errors, []);
}

test('slot at 1366 px: deposit in the sandbox, 20 spins, balance = deposit − stakes + wins, bet records, verifier', async () => {
  await playSlotAndCheck('e2eplayslot1', 1366, 'sandbox');
});

test('slot at 390 px: the same on a phone', async () => {
  await playSlotAndCheck('e2eplayslot2', 390, 'ledger');
});

test('video poker and scratch card play a round each through the same wallet', async () => {
  const member = await server.app.modules.members.create({ merchant: demo, account: 'e2eplayvp', password: PASSWORD });
  await fundMember(member.id, 10_000n);
  await logIn('e2eplayvp');
  await waitForHeaderBalance('100.00');
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto(`${server.baseUrl}${await launchFromPage(page, 'vp-jacks-or-better')}`);
  await page.getByRole('button', { name: 'Deal' }).click();
  await page.locator('.vp[data-state="dealt"]').waitFor();
  await page.keyboard.press('2');
  await page.getByRole('button', { name: /^Card 2: .*, held$/ }).waitFor();
  await page.getByRole('button', { name: 'Draw' }).click();
  await page.locator('.vp[data-state="done"]').waitFor();
  assert.equal(await pageBalance(), money(await mainBalance(member.id)));
  assert.ok(await noHorizontalOverflow());

  await page.goto(`${server.baseUrl}${await launchFromPage(page, 'scratch-lucky-match')}`);
  await page.getByRole('button', { name: /Buy ticket/ }).click();
  await page.locator('.scratch[data-state="scratching"]').waitFor();
  const box = (await page.locator('.scratch__latex').boundingBox())!;
  await page.mouse.move(box.x + 5, box.y + 10);
  await page.mouse.down();
  for (let y = 10; y < box.height; y += 18) {
    await page.mouse.move(box.x + box.width - 5, box.y + y, { steps: 8 });
    await page.mouse.move(box.x + 5, box.y + y + 9, { steps: 8 });
  }
  await page.mouse.up();
  // Scratching every panel finishes the ticket without "Reveal all".
  await page.locator('.scratch[data-state="done"]').waitFor();
  assert.equal(await pageBalance(), money(await mainBalance(member.id)));
  const records = await betRecords(page);
  assert.equal(records.total, 2);
  assert.deepEqual(errors, []);
});
