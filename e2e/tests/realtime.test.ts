import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import sharp from 'sharp';
import { adminToken, post } from '../lib/admin-api.ts';
import { seriousViolations } from '../lib/axe.ts';
import { browser, demo, errors, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

/**
 * Pushed events and feedback end to end, at 1366 and 390 px:
 * - a bank deposit approved by staff (admin API) reaches the member's header balance through the socket, without a
 *   reload and without a balance call in between (the polling fallback would wait 10 s);
 * - the member sends feedback with an image from the member centre; staff see it in the back office's inbox and its
 *   page with the image, reply there; the member's messages badge goes up by the pushed event, and the member reads
 *   the reply in messages.
 * Screenshots in e2e/artifacts (realtime-<name>-<width>.png).
 */
const PASSWORD = 'realtime e2e member pw';
let finance = '';
let owner = '';

useE2E('realtime', {
  setup: async () => {
    finance = await adminToken('rtfinance', 'finance');
    owner = await adminToken('rtowner');
  },
});

async function shot(name: string, width: number, fullPage = true) {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/realtime-${name}-${width}.png`, fullPage });
}

/** Logs in through the login popup, resolving once the page's socket has joined (socket.io's CONNECT ack, "40"). */
async function logInWithSocket(account: string, width: number) {
  await open('/login', { width, height: 844 });
  const joined = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', (f) => {
        if (String(f.payload).startsWith('40')) resolve();
      });
    });
  });
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(account);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await dialog.waitFor({ state: 'detached' });
  await joined;
}

const pngImage = () =>
  sharp({ create: { width: 480, height: 320, channels: 3, background: '#2f6fd6' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="480" height="320"><rect x="40" y="40" width="400" height="240" fill="#fff"/><text x="240" y="170" font-size="36" text-anchor="middle" fill="#c00">Deposit DEP-123</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

for (const width of [1366, 390]) {
  test(`a deposit approved by staff updates the header balance without a reload (${width} px)`, async () => {
    const account = `rtbalance${width}`;
    const member = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
    await logInWithSocket(account, width);
    const amount = page.getByRole('banner').getByRole('button', { name: /Balance/ });
    await amount.filter({ hasText: '0.00' }).waitFor();

    // From here on no balance call may happen: the new figure must come over the socket.
    const balanceCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/wps/v2/wallets/balance')) balanceCalls.push(r.url());
    });
    const deposit = await server.app.modules.deposits.createManual(
      demo,
      member.id,
      { methodCode: 'BANK', amount: '1234.5', requestId: randomUUID() },
      await pngImage(),
    );
    const started = Date.now();
    await post(`/admin/api/deposits/${deposit.reference}/approve`, finance);
    await amount.filter({ hasText: '1,234.50' }).waitFor({ timeout: 8_000 });
    const took = Date.now() - started;
    assert.ok(took < 8_000, `the pushed balance took ${took} ms (the polling fallback would take 10 s)`);
    assert.deepEqual(balanceCalls, [], 'no balance call: the socket carried it');
    assert.ok(await noHorizontalOverflow());
    assert.deepEqual(errors, []);
    await shot('balance', width, false);
  });

  test(`feedback with an image, answered by staff in the back office, read in messages (${width} px)`, async () => {
    const account = `rtfeedback${width}`;
    await server.createMember({ account, password: PASSWORD });
    await logInWithSocket(account, width);
    await page.goto(`${server.baseUrl}/member/feedback`);
    await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
    const form = page.getByRole('form', { name: 'Send feedback' });
    // Too few words: the form says so before sending.
    await form.getByLabel('Question type').selectOption('deposit');
    await form.getByLabel('Content').fill('not arrived');
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await form.getByText('Feedback content is between 5 and 300 words.').waitFor();
    await form
      .getByLabel('Content')
      .fill('My bank transfer of 500 this morning has not arrived yet, receipt attached.');
    await form
      .getByLabel('Image 1')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: await pngImage() });
    await form.getByRole('img', { name: 'Image 1' }).waitFor();
    assert.ok(await noHorizontalOverflow(), 'the form fits the width');
    await shot('feedback-form', width);
    await form.getByRole('button', { name: 'Send feedback' }).click();
    const done = form.getByRole('status').filter({ hasText: /Your feedback FBK-[0-9A-Z]{8} was sent/ });
    await done.waitFor();
    const reference = /FBK-[0-9A-Z]{8}/.exec((await done.textContent()) ?? '')![0];
    const mine = page.getByRole('region', { name: 'My feedback' });
    await mine.getByText(reference).waitFor();
    await mine.getByText('Waiting').waitFor();
    assert.deepEqual(await seriousViolations(), []);
    await shot('feedback-sent', width);

    // Staff: the inbox (new by default), the feedback's page with the image, the reply.
    const memberPage = page;
    const staffContext = await browser.newContext({ viewport: { width: width === 390 ? 768 : 1366, height: 900 } });
    await staffContext.addInitScript((token) => sessionStorage.setItem('adminToken', token), owner);
    const staff = await staffContext.newPage();
    try {
      await staff.goto(`${server.baseUrl}/admin/feedback?account=${account}`);
      await staff.getByRole('heading', { level: 1, name: 'Member feedback' }).waitFor();
      const row = staff.getByRole('row', { name: new RegExp(reference) });
      await row.getByText('New', { exact: true }).waitFor();
      await staff.screenshot({ path: `e2e/artifacts/realtime-bo-inbox-${width}.png`, fullPage: true });
      await row.getByRole('link', { name: reference }).click();
      await staff.getByRole('img', { name: 'Image 1 sent by the member' }).waitFor();
      const reply = staff.getByRole('form', { name: 'Reply' });
      await reply
        .getByLabel('Reply to the member')
        .fill('We found your transfer.\nIt is credited now — thank you for the receipt.');
      await staff.screenshot({ path: `e2e/artifacts/realtime-bo-feedback-${width}.png`, fullPage: true });
      await reply.getByRole('button', { name: 'Send reply' }).click();
      await staff.getByText("Reply sent to the member's messages.").waitFor();
      await staff.getByText('Answered', { exact: true }).waitFor();
    } finally {
      await staffContext.close();
    }

    // The member: the messages badge of the centre menu goes up by the pushed event (no reload).
    assert.equal(page, memberPage);
    const menu = page.getByRole('navigation', { name: 'Member centre' });
    if (width === 390) await menu.getByRole('button', { name: /All pages/ }).click();
    await menu.getByRole('link', { name: 'Messages (1 unread)', exact: true }).waitFor({ timeout: 8_000 });
    await menu.getByRole('link', { name: 'Messages (1 unread)', exact: true }).click();
    const list = page.getByRole('list', { name: 'Your messages' });
    await list.getByRole('link', { name: new RegExp(`Reply to your feedback ${reference}`) }).click();
    await page.getByText('It is credited now — thank you for the receipt.').waitFor();
    assert.deepEqual(errors, []);
    await shot('feedback-reply', width);
  });
}
