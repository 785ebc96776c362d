import { mkdirSync } from 'node:fs';
import { after, afterEach, before } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { memberMain, systemAccount } from '../../apps/server/src/modules/ledger/index.ts';
import type { Merchant } from '../../apps/server/src/modules/merchants/index.ts';
import { collectErrors, launchBrowser } from './browser.ts';
import { type E2EServer, startE2EServer } from './server.ts';

/**
 * The set-up every browser test shares. A test file calls `useE2E('area', { setup })` once at the top; the bindings below
 * are live (node runs each test file in its own process), so tests use `page`, `server`… directly.
 *   before: the real server (fresh embedded database, demo data, built site) and Chromium
 *   open(): a new browser context and page at a path (width, extra headers), collecting console errors
 *   afterEach: a screenshot of the last page (e2e/artifacts/<area>-<test>.png), the context closed
 *   after: browser and server closed
 */
export let server: E2EServer;
export let browser: Browser;
export let context: BrowserContext | undefined;
export let page: Page;
/** Console and page errors of the current page (a test asserts there were none). */
export let errors: string[] = [];
/** The demo merchant (currency, exponent, ids for ledger checks). */
export let demo: Merchant;

export function useE2E(
  area: string,
  opts: { requireWeb?: boolean; setup?: () => Promise<void>; clock?: () => Date } = {},
): void {
  // One hook: node does not wait for one root `before` before starting the next, so set-up steps of a file go in `setup`.
  before(async () => {
    server = await startE2EServer({ requireWeb: opts.requireWeb, clock: opts.clock });
    browser = await launchBrowser();
    demo = (await server.app.modules.merchants.findByCode('demo'))!;
    await opts.setup?.();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async (t) => {
    if (context && page) {
      mkdirSync('e2e/artifacts', { recursive: true });
      const name = `${area}-${(t.name ?? 'last').replace(/\W+/g, '_').slice(0, 60)}`;
      await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true }).catch(() => undefined);
    }
    await context?.close();
    context = undefined;
  });
}

/** A fresh browser context (viewport `width` × `height`, optional client IP) with a page at `path`. */
export async function open(path: string, opts: { width?: number; height?: number; ip?: string } = {}): Promise<Page> {
  await context?.close();
  context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    extraHTTPHeaders: opts.ip ? { 'X-Forwarded-For': opts.ip } : {},
  });
  page = await context.newPage();
  errors = collectErrors(page);
  await page.goto(`${server.baseUrl}${path}`);
  return page;
}

/**
 * A fresh page logged in as a member through the header's form (a phone gets a dialog, so at the default width), then
 * at `width` (844 px high).
 */
export async function logIn(account: string, password: string, width = 1280): Promise<void> {
  await open('/');
  const header = page.getByRole('banner');
  await header.getByLabel('Username').fill(account);
  await header.getByLabel('Password').fill(password);
  await header.getByRole('button', { name: 'Log in' }).click();
  await page.waitForFunction(() => Boolean(sessionStorage.getItem('token')), undefined, { timeout: 30_000 });
  if (width !== 1280) await page.setViewportSize({ width, height: 844 });
}

/** No horizontal scrolling on the current page (mobile layouts). */
export const noHorizontalOverflow = () =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Money for a test member of the demo merchant: one ledger adjustment (idempotent per member). */
export async function fundMember(memberId: bigint, amount: bigint): Promise<void> {
  await server.app.modules.ledger.postOrThrow({
    merchantId: demo.id,
    currency: demo.currency,
    scope: 'e2e_funding',
    key: `fund:${memberId}`,
    kind: 'adjustment',
    memberId,
    legs: [{ debit: systemAccount('adjustments', memberId), credit: memberMain(memberId), amount, code: 'adjustment' }],
  });
}

/**
 * Waits until `locator` matches exactly `n` elements (a list that keeps its previous rows while the next query loads
 * must not be counted half-way), then returns the count; fails with the last count after `timeout` ms.
 */
export async function countEventually(locator: Locator, n: number, timeout = 15_000): Promise<number> {
  const until = Date.now() + timeout;
  let count = await locator.count();
  while (count !== n && Date.now() < until) {
    await page.waitForTimeout(100);
    count = await locator.count();
  }
  return count;
}

/**
 * Scrolls to `block` until `inner` shows, as a visitor keeps scrolling: the home's lower blocks load only once the page
 * has settled and then scrolled (NearView). A single early scroll can land before the page settles, or be undone by
 * rows above still growing, and then nothing more would happen.
 */
export async function scrollUntilShown(block: Locator, inner: Locator, timeout = 30_000): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    await block.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 40);
    try {
      await inner.waitFor({ timeout: 1_000 });
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
    }
  }
}
