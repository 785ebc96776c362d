import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seriousViolations } from '../lib/axe.ts';
import { open, page, useE2E } from '../lib/harness.ts';

useE2E('a11y');

for (const width of [1366, 390]) {
  test(`home has no serious accessibility violations at ${width} px`, async () => {
    await open('/', { width });
    await page.getByRole('banner').waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await seriousViolations(), []);
  });

  test(`the login popup has no serious accessibility violations at ${width} px`, async () => {
    await open('/login', { width });
    await page.getByRole('dialog').waitFor();
    assert.deepEqual(await seriousViolations(), []);
  });
}
