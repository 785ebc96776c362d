import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { adminToken } from '../lib/admin-api.ts';
import { seriousViolations } from '../lib/axe.ts';
import { browser, demo, errors, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

/**
 * The chat room end to end, at 1366 and 390 px: two members in two browsers open the lobby from the quick links;
 * a message from one shows in the other's room within a second (pushed over the socket); staff mute the second
 * member in the back office's chat moderation screen, and that member is told so at once, its composer replaced.
 * Screenshots in e2e/artifacts (chat-<name>-<width>.png).
 */
const PASSWORD = 'chat e2e member pw';
let owner = '';

useE2E('chat', {
  setup: async () => {
    owner = await adminToken('chatowner');
  },
});

async function shot(p: Page, name: string, width: number) {
  mkdirSync('e2e/artifacts', { recursive: true });
  await p.screenshot({ path: `e2e/artifacts/chat-${name}-${width}.png`, fullPage: false });
}

/**
 * Logs in through the login popup (the page is at /login); resolves once the page's socket has joined (socket.io's
 * CONNECT ack, "40").
 */
async function logInWithSocket(p: Page, account: string) {
  const joined = new Promise<void>((resolve) => {
    p.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', (f) => {
        if (String(f.payload).startsWith('40')) resolve();
      });
    });
  });
  const dialog = p.getByRole('dialog');
  await dialog.getByLabel('Username').fill(account);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await dialog.waitFor({ state: 'detached' });
  await joined;
}

/** The quick links' chat room entry (a client-side route: the socket stays), then the lobby's log or empty state. */
async function openChat(p: Page) {
  await p.getByRole('complementary', { name: 'Quick links' }).getByRole('link', { name: 'Chat room' }).click();
  await p.getByRole('heading', { level: 1, name: 'Chat room' }).waitFor();
  await p.getByRole('form', { name: 'Send' }).waitFor();
}

async function say(p: Page, text: string) {
  const box = p.getByRole('form', { name: 'Send' }).getByLabel('Message');
  await box.fill(text);
  await box.press('Enter');
}

for (const width of [1366, 390]) {
  test(`two members in the lobby see each other's messages within a second; a muted member is told (${width} px)`, async () => {
    const alice = `chatalice${width}`;
    const bob = `chatbob${width}`;
    for (const account of [alice, bob])
      await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });

    await open('/login', { width, height: 844 });
    await logInWithSocket(page, alice);
    await openChat(page);

    const bobContext = await browser.newContext({ viewport: { width, height: 844 } });
    const bobPage = await bobContext.newPage();
    try {
      await bobPage.goto(`${server.baseUrl}/login`);
      await logInWithSocket(bobPage, bob);
      await openChat(bobPage);

      const hello = `Hello from Alice at ${width} px`;
      // Timed from Alice's Enter (the post and its push) and from the server's answer to her post (the push is sent
      // before the answer): on a loaded CI machine the post itself can take longer than the push.
      let answeredAt = 0;
      const answered = page.waitForResponse((r) => {
        const hit = r.url().includes('/wps/chat/rooms/lobby/messages') && r.request().method() === 'POST';
        if (hit) answeredAt = Date.now();
        return hit;
      });
      const started = Date.now();
      await say(page, hello);
      await bobPage.getByRole('log', { name: 'Messages' }).getByText(hello).waitFor({ timeout: 5_000 });
      const seenAt = Date.now();
      await answered;
      const total = seenAt - started;
      const push = Math.max(0, seenAt - answeredAt);
      console.log(`chat e2e ${width} px: Enter → Bob sees it ${total} ms; post answered → Bob sees it ${push} ms`);
      // The room never polls: seeing it at all proves the push. The bound (a second on an idle machine, see
      // bench/README.md) leaves room for a CI host running other e2e files at the same time.
      assert.ok(push < 2_500, `Bob saw Alice's message ${push} ms after her post was answered`);
      // End to end (Enter → Bob) is logged, bounded only by the 5 s wait: the post's own time depends on the machine.
      assert.ok(total < 5_000);
      // Alice's own copy is marked hers; Bob sees her masked name, never the account.
      await page.getByRole('log', { name: 'Messages' }).getByText(hello).waitFor();
      const bobLog = bobPage.getByRole('log', { name: 'Messages' });
      assert.equal(await bobLog.getByText(alice, { exact: true }).count(), 0, 'the account is masked');
      await bobLog
        .getByText(`${alice.slice(0, 2)}***${alice.slice(-1)}`)
        .first()
        .waitFor();

      const reply = `Hi Alice! <b>not bold</b> see www.spam.net (${width})`;
      await say(bobPage, reply);
      await page
        .getByRole('log', { name: 'Messages' })
        .getByText(`Hi Alice! <b>not bold</b> see *** (${width})`)
        .waitFor({ timeout: 5_000 });
      assert.ok(await noHorizontalOverflow());
      assert.deepEqual(await seriousViolations(), []);
      await shot(page, 'lobby', width);
      await shot(bobPage, 'lobby-other', width);

      // Staff mute Bob in the back office's chat moderation screen; Bob is told at once.
      const staffContext = await browser.newContext({ viewport: { width: width === 390 ? 768 : 1366, height: 900 } });
      await staffContext.addInitScript((token) => sessionStorage.setItem('adminToken', token), owner);
      const staff = await staffContext.newPage();
      try {
        await staff.goto(`${server.baseUrl}/admin/chat`);
        await staff.getByRole('heading', { level: 1, name: 'Chat moderation' }).waitFor();
        const row = staff.getByRole('row', { name: new RegExp(`see \\*\\*\\* \\(${width}\\)`) }).first();
        await row.getByRole('button', { name: 'Mute' }).click();
        const form = staff.getByRole('form', { name: 'Mute, ban or release a member' });
        assert.equal(await form.getByLabel('Account').inputValue(), bob);
        await form.getByLabel('Minutes').fill('15');
        await form.getByLabel('Reason (optional)').fill('Spam links');
        await form.getByRole('button', { name: 'Apply' }).click();
        await staff.getByText(`Done: ${bob} is told at once.`).waitFor();
        await staff.screenshot({ path: `e2e/artifacts/chat-bo-moderation-${width === 390 ? 768 : 1366}.png` });
      } finally {
        await staffContext.close();
      }
      await bobPage.getByRole('status').filter({ hasText: 'A moderator muted you until' }).waitFor({ timeout: 5_000 });
      assert.equal(await bobPage.getByRole('form', { name: 'Send' }).count(), 0, 'the composer is gone while muted');
      await shot(bobPage, 'muted', width);
      assert.deepEqual(errors, []);
    } finally {
      await bobContext.close();
    }
  });
}
