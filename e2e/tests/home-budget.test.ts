import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOME_JS_BUDGET_GZIP, homeScripts } from '../lib/home-scripts.ts';
import { errors, open, server, useE2E } from '../lib/harness.ts';

useE2E('home-budget', { requireWeb: true });

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

test('the home page loads at most 138 KB of JavaScript (gzip) by network idle at 390 px, none of it the back office', async () => {
  const { scripts, cspViolations } = await homeScripts(server.baseUrl);
  const total = scripts.reduce((s, x) => s + x.gzip, 0);
  const listing = scripts.map((s) => `${s.url} ${kb(s.gzip)}`).join(', ');
  assert.ok(scripts.length > 0, 'the home page loaded no script: is the site built?');
  assert.ok(total <= HOME_JS_BUDGET_GZIP, `home JS ${kb(total)} gzip > ${kb(HOME_JS_BUDGET_GZIP)}: ${listing}`);
  // The back office is its own entry (admin.html): nothing of it on the player's page.
  assert.deepEqual(
    scripts.filter((s) => /\/admin[-.]/.test(s.url)),
    [],
  );
  assert.deepEqual(cspViolations, []);
});

test("the home starts without the browser's Intl formatters (their first use is one long task); clock and jackpot still show", async () => {
  const p = await open('/', { width: 390, height: 844 });
  // Counted from before the site's scripts run, in the page's own realm.
  // A string, not a function: the test's transpiler would add helpers the page does not have.
  await p.addInitScript(`
    window.__intlMade = [];
    for (const name of ['DateTimeFormat', 'NumberFormat']) {
      const Real = Intl[name];
      const Counted = function (...a) { window.__intlMade.push(name); return new Real(...a); };
      Object.defineProperty(Intl, name, { value: Counted, configurable: true, writable: true });
    }
    const realLocale = Number.prototype.toLocaleString;
    Number.prototype.toLocaleString = function (...a) {
      window.__intlMade.push('Number.toLocaleString');
      return realLocale.apply(this, a);
    };
  `);
  await p.goto(`${server.baseUrl}/`);
  await p.locator('.jackpot__value').waitFor();
  await p.waitForLoadState('networkidle');
  // The clock ticks (DD/MM/YYYY HH:mm:ss in the merchant's zone) and the jackpot is grouped: both without Intl.
  assert.match((await p.locator('.jackpot__value').textContent()) ?? '', /^\d{1,3}(,\d{3})+\.\d{2}$/);
  assert.match((await p.locator('.notice__clock').textContent()) ?? '', /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
  assert.deepEqual(await p.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade), []);
  assert.deepEqual(errors, []);
});
