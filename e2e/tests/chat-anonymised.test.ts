import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { adminToken, openBackOffice } from '../lib/admin-api.ts';
import { demo, errors, logIn, noHorizontalOverflow, page, server, useE2E } from '../lib/harness.ts';

/**
 * A closed account's chat message after the retention period (issue 25), at 1366 and 390 px: a member posts in the
 * lobby and closes the account; the app's clock passes the merchant's retention period (30 days) and the retention
 * job anonymises the account; another member opening the lobby reads "Message removed" from "Former player" — never
 * the text, the masked name or the stored marker. Screenshots: e2e/artifacts/chat-anonymised-<width>.png.
 */
const PASSWORD = 'chat anonymised e2e pw';
let shift = 0;

useE2E('chat-anonymised', { clock: () => new Date(Date.now() + shift) });

const api = async (path: string, init: { method: string; token: string; body?: object; admin?: boolean }) => {
  const r = await fetch(`${server.baseUrl}${path}`, {
    method: init.method,
    headers: {
      authorization: `Bearer ${init.token}`,
      'content-type': 'application/json',
      ...(init.admin && { merchant: 'demo' }),
    },
    body: init.body && JSON.stringify(init.body),
  });
  const body = await r.text();
  assert.equal(r.status, 200, `${path}: ${body}`);
  return JSON.parse(body) as { value: unknown };
};

test('the lobby shows an anonymised member\'s message as removed, from "Former player" (1366 and 390 px)', async () => {
  // The merchant keeps closed accounts 30 days (the shortest allowed).
  const owner = await adminToken('chatanonowner');
  await api('/admin/api/site-settings/profile', {
    method: 'PUT',
    token: owner,
    admin: true,
    body: { closedRetentionDays: 30 },
  });
  // Carol posts in the lobby, then closes her account.
  const carol = await server.app.modules.members.create({ merchant: demo, account: 'chatcarol', password: PASSWORD });
  const { token } = await server.app.modules.auth.startSession(demo, carol, 'member', 'password', {
    ip: '198.51.100.61',
    userAgent: 'e2e',
  });
  const secret = 'Carol here, text me on 0917 555 0101';
  await api('/wps/chat/rooms/lobby/messages', { method: 'POST', token, body: { text: secret } });
  // A staff note about her (its text is erased too).
  await api('/admin/api/members/chatcarol/notes', {
    method: 'POST',
    token: owner,
    admin: true,
    body: { text: 'Carol called from 0917 555 0101' },
  });
  await api('/wps/member/close', { method: 'POST', token, body: { password: PASSWORD } });

  // 31 days later the retention job runs.
  shift = 31 * 86_400_000;
  const run = await server.app.modules.profile.anonymiseDue();
  assert.ok(run.anonymised.includes('chatcarol'), JSON.stringify(run));

  await server.app.modules.members.create({ merchant: demo, account: 'chatdave', password: PASSWORD });
  for (const width of [1366, 390]) {
    await logIn('chatdave', PASSWORD, width);
    await page.goto(`${server.baseUrl}/chat`);
    const log = page.getByRole('log');
    await log.getByText('Message removed').first().waitFor();
    await log.getByText('Former player').first().waitFor();
    const text = (await log.textContent()) ?? '';
    assert.ok(!text.includes('0917 555 0101') && !text.includes('[removed]') && !text.includes('ch***'), text);
    assert.ok(await noHorizontalOverflow(), `no horizontal scrolling at ${width} px`);
    mkdirSync('e2e/artifacts', { recursive: true });
    await page.screenshot({ path: `e2e/artifacts/chat-anonymised-${width}.png` });
    assert.deepEqual(errors, []);
  }
});

test('the back office shows the erased texts as a "Removed" label: chat moderation and the member\'s notes (1366 and 390 px)', async () => {
  // A staff sign-in of the app's time (31 days on).
  const staff = await adminToken('chatanonbo');
  for (const width of [1366, 390]) {
    await openBackOffice(staff, '/chat', width);
    const row = page.getByRole('row', { name: /chatcarol/ });
    await row.waitFor();
    assert.equal(await row.locator('.bo-removed', { hasText: 'Removed' }).count(), 2, 'the name and the text');
    assert.ok(!((await row.textContent()) ?? '').includes('[removed]'));
    assert.ok(await noHorizontalOverflow(), `chat moderation fits ${width} px`);
    await page.screenshot({ path: `e2e/artifacts/chat-anonymised-bo-chat-${width}.png`, fullPage: true });

    await page.goto(`${server.baseUrl}/admin/members/chatcarol?tab=notes`);
    const notes = page.getByRole('list', { name: 'Notes' });
    await notes.locator('.bo-removed', { hasText: 'Removed' }).waitFor();
    assert.ok(!((await notes.textContent()) ?? '').includes('0917'));
    assert.ok(await noHorizontalOverflow(), `the member page fits ${width} px`);
    await page.screenshot({ path: `e2e/artifacts/chat-anonymised-bo-notes-${width}.png`, fullPage: true });
    assert.deepEqual(errors, []);
  }
});
