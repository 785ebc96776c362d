import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import {
  countEventually,
  demo,
  errors,
  noHorizontalOverflow,
  open,
  page,
  server,
  useE2E,
  fundMember,
  scrollUntilShown,
} from '../lib/harness.ts';

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
      assert.equal(await countEventually(links, 18), 18);
      for (let i = 0; i < 18; i++) {
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

/** A funded member (1,000.00) logged in through the header's form (wide screens), then at `width`. */
async function playerAt(account: string, width: number) {
  const member = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
  await fundMember(member.id, 100_000n);
  await page.goto(`${server.baseUrl}/login`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Username/).fill(account);
  await dialog.getByLabel(/^Password/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('banner').getByText('1,000.00').waitFor();
  await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
  return member;
}

/** Slot rounds through the game page's API (the game session of a launch) until one wins. */
async function spinUntilAWin() {
  const url = await page.evaluate(async () => {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${sessionStorage.getItem('token')}` };
    const list = await (await fetch('/lgw/games/list?vassalage=SEA&pageSize=42', { headers })).json();
    const game = list.value.content.find((g: { gameCode: string }) => g.gameCode === 'slot-lucky-dragon');
    const res = await (
      await fetch('/wps/game/launchGame', { method: 'POST', headers, body: JSON.stringify({ nodeId: game.nodeId }) })
    ).json();
    return res.value.url as string;
  });
  const token = new URL(url, server.baseUrl).searchParams.get('token')!;
  // As the game page does: the session read commits the member's first seed pair before any round (issue 29).
  await fetch(`${server.baseUrl}/house/v1/session`, { headers: { 'x-game-session': token } });
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${server.baseUrl}/house/v1/rounds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-game-session': token },
      body: JSON.stringify({ requestId: `e2e-win-${i}`, bet: { lines: 20, betLevel: 1 } }),
    });
    const round = ((await res.json()) as { value: { round: { winCredits: number } } }).value.round;
    if (round.winCredits > 0) return;
  }
  throw new Error('no win in 40 spins');
}

test('every top entry opens its centre: "Lottery" the lottery lobby with the vendors\' lotteries, "Esports" its centre; no game starts from the bar', async () => {
  let n = 0;
  for (const width of [1366, 390]) {
    await open('/', { width: 1366, height: 768 });
    await playerAt(`e2epolishnav${++n}`, width);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const [entry, path, heading] of [
      ['Lottery', '/lottery', 'Lottery'],
      ['Esports', '/esports', 'Esports'],
    ] as const) {
      if (width === 390) await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await nav.getByRole('link', { name: entry, exact: true }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, path, `${entry} at ${width}`);
      assert.equal(await page.getByRole('dialog').count(), 0, `no game popup from ${entry} at ${width}`);
    }
    await page.goto(`${server.baseUrl}/lottery`);
    await page.getByTestId('lottery-lobby').getByRole('listitem').first().waitFor();
    assert.ok(await page.getByRole('link', { name: /^Vietnamese lottery/ }).isVisible());
    assert.ok(await page.getByRole('link', { name: /^SEA lottery/ }).isVisible());
    const vendors = page.getByRole('region', { name: "Vendors' lotteries" });
    await vendors.getByRole('article', { name: 'Demo Lotto' }).waitFor();
    assert.ok(await vendors.getByRole('article', { name: 'Demo Quick Draw' }).isVisible());
    assert.equal(await vendors.getByRole('article', { name: /^Fast/ }).count(), 0, 'our own draws are listed above');
    assert.ok(await noHorizontalOverflow(), `no horizontal overflow at ${width}`);
    await shot(`lottery-lobby-${width}`);
    // A vendor's lottery starts from its card.
    await vendors.getByRole('article', { name: 'Demo Lotto' }).getByRole('button', { name: 'Start now' }).click();
    await page.getByRole('dialog').locator('iframe').waitFor();
    assert.deepEqual(errors, []);
  }
});

test('the home: one Lottery row with our own art, a Sports section, winners only with wins, the promotions', async () => {
  // A fresh site (no round has won yet): no winners block at all, not even its heading.
  await open('/', { width: 1366, height: 768 });
  const block = page.getByRole('region', { name: 'Promotions' });
  await scrollUntilShown(block, block.getByRole('article').first());
  assert.equal(await page.getByRole('heading', { name: 'Latest winners' }).count(), 0, 'no empty winners block');
  await playerAt('e2epolishwin', 1366);
  await spinUntilAWin();
  // The server keeps the board for a few seconds: wait until it lists the win.
  for (;;) {
    const board = (await (
      await fetch(`${server.baseUrl}/lgw/games/winners?gameCategory=ALL&limitNum=20&language=en`)
    ).json()) as {
      value: { winners: unknown[] };
    };
    if (board.value.winners.length > 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  for (const width of [1366, 390]) {
    // A new visit (the board is kept per tab for a minute).
    await open('/', { width, height: width === 390 ? 844 : 768 });
    const lottery = page.getByRole('region', { name: 'Lottery', exact: true });
    await lottery.getByRole('article').first().waitFor();
    assert.equal(await lottery.count(), 1, 'one Lottery section');
    // Our draws have their own art, not a vendor's picture.
    const art = await lottery.getByRole('article', { name: 'Fast 5D · 1 min' }).locator('img').getAttribute('src');
    assert.equal(art, '/game-icons/elott-ssc.svg');
    assert.equal(await lottery.getByRole('link', { name: 'More Lottery' }).getAttribute('href'), '/lottery');
    const sports = page.getByRole('region', { name: 'Sports', exact: true });
    assert.equal(await sports.getByRole('link', { name: /Demo vendor/ }).getAttribute('href'), '/sports?vendor=DEMO');
    // Scrolled down: the winners block (the demo team's rounds have won) has entries, never an empty panel.
    await page.getByRole('region', { name: 'Game providers' }).scrollIntoViewIfNeeded();
    const promos = page.getByRole('region', { name: 'Promotions' });
    await scrollUntilShown(promos, promos.getByRole('article').first());
    const winners = page.getByRole('region', { name: 'Latest winners' });
    await winners.waitFor();
    assert.ok((await winners.getByRole('listitem').count()) > 0, 'winners listed');
    assert.ok(await noHorizontalOverflow(), `no horizontal overflow at ${width}`);
    assert.deepEqual(errors, []);
  }
});

test('our own games fit the game popup at 1366 × 768 and 390 × 844: nothing past its bottom', async () => {
  let n = 0;
  for (const width of [1366, 390]) {
    await open('/', { width: 1366, height: 768 });
    await playerAt(`e2epolishfit${++n}`, width);
    for (const name of ['Lucky Dragon', 'Jacks or Better', 'Lucky Match']) {
      await page.goto(`${server.baseUrl}/rng`);
      await page.getByRole('article', { name }).getByRole('button', { name: 'Start now' }).click();
      const dialog = page.getByRole('dialog');
      const frame = dialog.frameLocator('iframe');
      await frame.getByTestId('balance').waitFor();
      await frame.locator('.play-main button').first().waitFor();
      const frameBox = await dialog.locator('iframe').boundingBox();
      assert.ok(frameBox && frameBox.y + frameBox.height <= (width === 390 ? 844 : 768) + 1, `${name}: the frame fits`);
      // Inside the page: no scrolling, and every control and readout within the frame's height.
      const past = await frame.locator('body').evaluate(() => {
        const h = window.innerHeight;
        const out = [...document.querySelectorAll('.play button, .play output, .play strong, .play h2, .play td')]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.height > 0 && r.bottom > h + 1;
          })
          .map((el) => `${el.tagName}.${el.className}:${el.textContent?.slice(0, 20)}`);
        return { out, scroll: document.documentElement.scrollHeight - h };
      });
      assert.deepEqual(past.out, [], `${name} at ${width}: ${JSON.stringify(past)}`);
      assert.ok(past.scroll <= 1, `${name} at ${width} scrolls by ${past.scroll} px`);
      await shot(`popup-${name.replace(/\W+/g, '-').toLowerCase()}-${width}`);
      await dialog.getByRole('button', { name: 'Close the game' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    assert.deepEqual(errors, []);
  }
});

test('Vietnamese: the desktop top navigation on one line, the phone bottom bar labels on at most two', async () => {
  await open('/?lang=ty', { width: 1366, height: 768 });
  const nav = page.locator('#top-nav > ul');
  await nav.locator(':scope > li').nth(3).waitFor();
  await page.getByRole('navigation', { name: 'Điều hướng chính' }).getByRole('link', { name: 'Trang chủ' }).waitFor();
  const tops = await nav.locator(':scope > li').evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().top));
  assert.equal(new Set(tops.map(Math.round)).size, 1, `nav rows: ${JSON.stringify(tops)}`);
  // Each entry's text on one line (one client rect per label).
  const wraps = await nav.locator(':scope > li > a').evaluateAll((as) =>
    as
      .filter((a) => {
        const range = document.createRange();
        range.selectNodeContents(a);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
      })
      .map((a) => a.textContent),
  );
  assert.deepEqual(wraps, [], 'no entry on two lines');
  await shot('nav-ty-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  const labels = page.locator('.right-bar li:visible');
  await labels.first().waitFor();
  const lines = await labels.evaluateAll((lis) =>
    lis.map((li) => {
      const label = (li.querySelector('a, button') ?? li) as HTMLElement;
      const text = [...label.querySelectorAll('span')].at(-1) ?? label;
      const lh = parseFloat(getComputedStyle(text).lineHeight) || 14;
      return { text: text.textContent, lines: Math.round(text.getBoundingClientRect().height / lh) };
    }),
  );
  assert.ok(
    lines.every((l) => l.lines <= 2),
    JSON.stringify(lines),
  );
  await shot('bottom-bar-ty-390');
  assert.deepEqual(errors, []);
});
