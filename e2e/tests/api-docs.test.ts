import assert from 'node:assert/strict';
import { test } from 'node:test';
import { collectErrors } from '../lib/browser.ts';
import { browser, server, useE2E } from '../lib/harness.ts';

useE2E('api-docs', { requireWeb: false });

test('the OpenAPI page renders the system endpoints under the security headers', async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.baseUrl}/docs`);
  await page.getByText('/wps/system/status').first().waitFor({ timeout: 15_000 });
  assert.ok(await page.getByText('/wps/system/whitelabel').first().isVisible());
  assert.deepEqual(errors, []);
  await page.close();
});

test('an unknown API path answers the JSON envelope, not the web page', async () => {
  const res = await fetch(`${server.baseUrl}/wps/nothing/here`);
  assert.equal(res.status, 404);
  assert.deepEqual(await res.json(), {
    success: false,
    value: null,
    message: 'No such path: GET /wps/nothing/here',
    code: 'not_found',
  });
});
