import { launchBrowser } from '../e2e/lib/browser.ts';
import { startE2EServer } from '../e2e/lib/server.ts';
const server = await startE2EServer({ lotteryTicker: false });
const browser = await launchBrowser();
const tag = process.env.SHOT_TAG ?? 'b';
for (const [w, h] of [[390, 844], [1366, 768]]) {
  for (const lang of ['en', 'ty']) {
    const page = await (await browser.newContext({ viewport: { width: w, height: h } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(`${server.baseUrl}/?lang=${lang}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/webperf/shots/${tag}-${lang}-${w}.png`, fullPage: true });
    // keyboard: first Tab goes to the skip link
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    const rows = await page.locator('.game-row h2').allTextContents();
    console.log(w, lang, 'focus:', focused, '| rows:', rows.join(' / '), '| errors:', errors.length ? errors.join(' ; ') : 'none');
  }
}
await browser.close(); await server.close();
