import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { collectErrors, launchBrowser } from '../lib/browser.ts';
import { type E2EServer, startE2EServer } from '../lib/server.ts';

let server: E2EServer;
let browser: Browser;

before(async () => {
  server = await startE2EServer({ requireWeb: false });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

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
