import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOME_JS_BUDGET_GZIP, homeScripts } from '../lib/home-scripts.ts';
import { server, useE2E } from '../lib/harness.ts';

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
