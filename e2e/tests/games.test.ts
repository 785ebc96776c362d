import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { memberMain, systemAccount } from '../../apps/server/src/modules/ledger/index.ts';
import { demo, errors, open, page, server, useE2E } from '../lib/harness.ts';

const ACCOUNT = 'e2egames1';
const PASSWORD = 'games e2e pw 1';
/** SHOTS_DIR=/work/shots/… keeps screenshots of the screens this area touches (home, centre, popup, records). */
const SHOTS = process.env.SHOTS_DIR;

useE2E('games', {
  setup: async () => {
    const me = await server.app.modules.members.create({ merchant: demo, account: ACCOUNT, password: PASSWORD });
    await server.app.modules.ledger.postOrThrow({
      merchantId: demo.id,
      currency: demo.currency,
      scope: 'e2e_games',
      key: 'fund:1',
      kind: 'adjustment',
      memberId: me.id,
      ref: {},
      legs: [
        {
          debit: systemAccount('adjustments', me.id),
          credit: memberMain(me.id),
          amount: 1_000_00n,
          code: 'adjustment',
        },
      ],
    });
  },
});

async function shot(name: string, fullPage = name !== 'popup') {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
}

/** Logs in through the header form (desktop), then uses the page at `width`. */
async function logIn(width: number) {
  await open('/', { width: 1366 });
  const header = page.getByRole('banner');
  await header.getByLabel('Username').fill(ACCOUNT);
  await header.getByLabel('Password').fill(PASSWORD);
  await header.getByRole('button', { name: 'Log in' }).click();
  await header.getByRole('button', { name: /^Balance/ }).waitFor();
  if (width !== 1366) {
    await page.setViewportSize({ width, height: 844 });
    await page.reload();
  }
}

const card = (name: string) => page.getByRole('article', { name });
const cardNames = () => page.locator('.game-grid article h3').allTextContents();

/** Plays one slot spin on the game session the popup opened (as the game page would). */
async function spin(gameUrl: string) {
  const token = new URL(gameUrl, server.baseUrl).searchParams.get('token')!;
  // The page reads its session first: it shows the seed commitment, made before any round (issue 29).
  const session = await fetch(`${server.baseUrl}/house/v1/session`, { headers: { 'x-game-session': token } });
  assert.equal(session.status, 200, await session.clone().text());
  const res = await fetch(`${server.baseUrl}/house/v1/rounds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-game-session': token },
    body: JSON.stringify({ requestId: randomUUID(), bet: { lines: 20, betLevel: 1 } }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { value: { round: { winCredits: number } } }).value.round;
}

test('home shows game rows and vendors; a centre filters; a favourite sticks; an SEA game opens in the popup and its round is in the betting record', async () => {
  await logIn(1366);
  await page.getByRole('region', { name: 'Slots' }).getByRole('article').first().waitFor();
  // (The winners block shows only once a round has won: player-polish.test.ts.)
  await page.getByRole('region', { name: 'Game providers' }).scrollIntoViewIfNeeded();
  // Provider tiles launch the vendor (spec §2): the demo vendor's tile opens its first game in the popup.
  const providers = page.getByRole('region', { name: 'Game providers' });
  await providers.getByLabel('Play SEA Games').waitFor();
  await shot('home');
  await providers.getByRole('button', { name: 'Play Demo vendor', exact: true }).click();
  const vendorPopup = page.getByRole('dialog');
  await vendorPopup.locator('iframe[src*="/demo-vendor/play/"]').waitFor();
  await vendorPopup.getByRole('button', { name: 'Close the game' }).click();
  await vendorPopup.waitFor({ state: 'detached' });

  // The navigation's drop-down under Slots lists the vendors; "More" opens the slots centre.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Slots', exact: true }).hover();
  // A drop-down's vendor tile opens the centre on that vendor (a game starts only from its card).
  const seaTile = nav.getByRole('list', { name: 'Slots vendors' }).getByRole('link', { name: 'Play SEA Games' });
  await seaTile.waitFor();
  assert.equal(await seaTile.getAttribute('href'), '/rng?vendor=SEA');
  await nav.getByRole('link', { name: 'Slots', exact: true }).click();
  await page.getByRole('heading', { name: 'Slots', level: 1 }).waitFor();
  await page.getByText('3 games').waitFor();

  // Filters: vendor, game type, search.
  await page.getByRole('group', { name: 'Game types' }).getByRole('button', { name: 'Video poker' }).click();
  await page.getByText('1 game', { exact: true }).waitFor();
  assert.deepEqual(await cardNames(), ['Jacks or Better']);
  await page.getByRole('group', { name: 'Game types' }).getByRole('button', { name: 'All types' }).click();
  await page.getByRole('group', { name: 'Vendors' }).getByRole('button', { name: 'SEA Games' }).click();
  await page.getByText('3 games').waitFor();
  assert.match(page.url(), /\/rng\?vendor=SEA$/);
  await page.getByRole('searchbox', { name: 'Search games' }).fill('match');
  await page.getByText('1 game', { exact: true }).waitFor();
  assert.deepEqual(await cardNames(), ['Lucky Match']);
  await page.getByRole('searchbox', { name: 'Search games' }).fill('');
  await page.getByText('3 games').waitFor();
  await shot('centre');

  // Favourite: the heart stays on after a reload, and the game is in My games.
  const heart = card('Lucky Dragon').getByRole('button', { name: 'Favourite: Lucky Dragon' });
  await heart.click();
  await page.waitForFunction(
    () => document.querySelector('[aria-label="Favourite: Lucky Dragon"]')?.getAttribute('aria-pressed') === 'true',
  );
  await page.reload();
  await card('Lucky Dragon').waitFor();
  await page.waitForFunction(
    () => document.querySelector('[aria-label="Favourite: Lucky Dragon"]')?.getAttribute('aria-pressed') === 'true',
  );
  await page.goto(`${server.baseUrl}/seamless`);
  await page.getByRole('region', { name: 'Favourites' }).getByRole('article', { name: 'Lucky Dragon' }).waitFor();
  await page.goBack();

  // Launch: the popup's iframe loads the game URL of our own provider.
  await card('Lucky Dragon').getByRole('button', { name: 'Start now' }).click();
  const dialog = page.getByRole('dialog', { name: /Lucky Dragon/ });
  const iframe = dialog.locator('iframe[title="Lucky Dragon"]');
  await iframe.waitFor();
  const src = (await iframe.getAttribute('src'))!;
  assert.match(src, /^\/play\/slot-lucky-dragon\?token=[\w-]+&lang=en$/);
  await page.waitForFunction(() => {
    const f = document.querySelector<HTMLIFrameElement>('.game-popup iframe');
    return f?.contentWindow?.location.pathname === '/play/slot-lucky-dragon';
  });
  const frame = page.frames().find((f) => f.url().includes('/play/slot-lucky-dragon'));
  assert.ok(frame, 'the iframe navigated to the game URL');
  await frame.waitForLoadState('load');
  const round = await spin(src);
  await shot('popup');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // The member's login survived the game page (its token is the game's, not the member's).
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Balance/ })
    .waitFor();

  // Betting record: the round with its stake (20 lines × 1.00) and payout.
  await page.goto(`${server.baseUrl}/member/personalHistoryCopy`);
  await page.getByRole('heading', { name: 'Betting record', level: 1 }).waitFor();
  await page.getByText('1 round · amounts in PHP').waitFor();
  const row = page.getByRole('table').locator('tbody tr').first();
  const text = (await row.textContent()) ?? '';
  assert.match(text, /Lucky Dragon/);
  assert.match(text, /SEA Games/);
  assert.match(text, /20\.00/);
  // The payout as the site writes it: grouped thousands (a big win reads 2,074.00).
  const payout = round.winCredits.toLocaleString('en-US', { minimumFractionDigits: 2 });
  assert.ok(text.includes(payout), `the payout ${payout} is in the row: ${text}`);
  assert.match(text, /Settled/);
  await page.getByLabel('Status').selectOption('rolled_back');
  await page.getByText('No bets in this period.').waitFor();
  await page.getByLabel('Status').selectOption('all');
  await page.getByText('1 round · amounts in PHP').waitFor();
  await shot('records');
  assert.deepEqual(errors, []);
});

test('on a phone: rows of cards, the centre, a full-screen game popup and the records fit the screen', async () => {
  await logIn(390);
  await page.getByRole('region', { name: 'Slots' }).getByRole('article').first().waitFor();
  await page.getByRole('region', { name: 'Game providers' }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 0));
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  await shot('home');
  await page.getByRole('region', { name: 'Hot games' }).scrollIntoViewIfNeeded();
  await shot('home-rows', false);
  await page.getByRole('region', { name: 'Game providers' }).scrollIntoViewIfNeeded();
  await shot('home-providers', false);

  await page.goto(`${server.baseUrl}/rng`);
  await page.getByText('3 games').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  await shot('centre');

  await card('Lucky Dragon').getByRole('button', { name: 'Start now' }).click();
  const dialog = page.getByRole('dialog', { name: /Lucky Dragon/ });
  await dialog.locator('iframe').waitFor();
  await spin((await dialog.locator('iframe').getAttribute('src'))!);
  const box = await dialog.boundingBox();
  assert.deepEqual(box && [box.x, box.y, box.width, box.height], [0, 0, 390, 844]);
  await shot('popup');
  await dialog.getByRole('button', { name: 'Close the game' }).click();
  await dialog.waitFor({ state: 'detached' });

  await page.goto(`${server.baseUrl}/member/personalHistoryCopy`);
  // A compact row per round (game, stake, result, time) that opens its details; the table is for wider screens.
  const list = page.getByRole('list', { name: /rounds? · amounts in PHP/ });
  await list.waitFor();
  assert.equal(await page.getByRole('table').isVisible(), false);
  const item = list.getByRole('listitem').first();
  const rowBox = await item.locator('summary').boundingBox();
  assert.ok(rowBox && rowBox.height <= 64, `a round's row is ${rowBox?.height} px high`);
  assert.equal(await item.getByText('Payout').isVisible(), false);
  await item.locator('summary').click();
  await item.getByText('Payout').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  await shot('records');
  assert.deepEqual(errors, []);
});
