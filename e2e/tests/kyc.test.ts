import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { staffMember } from '../lib/admin-api.ts';
import { seriousViolations } from '../lib/axe.ts';
import {
  browser,
  countEventually,
  demo,
  errors,
  logIn,
  noHorizontalOverflow,
  page,
  server,
  useE2E,
} from '../lib/harness.ts';

/**
 * Identity documents (issue 25): a member uploads the front and back of an ID and a selfie in the member centre
 * (a forged image refused by the server with its reason), staff of the risk role open the review queue, see the
 * images through the authenticated route and approve them, and the member sees the identity verified. 1366 and
 * 390 px for the member's page and the back office's screens; screenshots in e2e/artifacts/kyc-*.
 */
useE2E('kyc');

const PASSWORD = 'kyc e2e password 1';
const SHOTS = process.env.KYC_SHOTS_DIR;

async function shot(p: typeof page, name: string) {
  await p.screenshot({ path: `e2e/artifacts/kyc-${name}.png`, fullPage: true });
  if (SHOTS) await p.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const card = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

test('a member uploads identity documents, staff approve them, the member sees the identity verified', async () => {
  const account = 'e2ekyc1';
  await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
  await logIn(account, PASSWORD, 1366);
  await page.goto(`${server.baseUrl}/member/identityVerification`);
  await page.getByRole('heading', { name: 'Identity verification', level: 1 }).waitFor();
  await page.getByText('Not started').waitFor();

  // A text file dressed as a PNG passes the browser's type check and is refused by the server's content check.
  const front = page.getByRole('form', { name: 'ID – front' });
  await front
    .getByLabel('File')
    .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await front.getByRole('button', { name: 'Upload' }).click();
  await front.getByText('Upload a PNG, JPG or PDF file.').waitFor();

  const files: [string, Buffer][] = [
    ['ID – front', await card(640, 400, '#2d6cdf')],
    ['ID – back', await card(640, 400, '#8a5cd6')],
    ['Selfie with your ID', await card(480, 640, '#d68a5c')],
  ];
  for (const [name, buffer] of files) {
    const form = page.getByRole('form', { name });
    await form.getByLabel('File').setInputFiles({ name: 'doc.png', mimeType: 'image/png', buffer });
    await form.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('listitem', { name }).getByText('Under review').waitFor();
  }
  await page.getByText('Under review').first().waitFor();
  assert.equal(
    await page.getByRole('region', { name: 'Identity verification' }).getByRole('form').count(),
    0,
    'no upload form while every document is under review',
  );
  assert.deepEqual(await seriousViolations(), []);
  await shot(page, 'member-pending-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok(await noHorizontalOverflow(), 'no horizontal overflow at 390 px');
  await shot(page, 'member-pending-390');

  // Staff (risk role): the queue, the member's documents with their images, approve each.
  const risk = await staffMember('kycrisk', 'risk');
  const staffContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await staffContext.addInitScript((token) => sessionStorage.setItem('adminToken', token), risk.token);
  const staff = await staffContext.newPage();
  try {
    await staff.goto(`${server.baseUrl}/admin/kyc`);
    await staff.getByRole('heading', { level: 1, name: 'Identity documents' }).waitFor();
    const rows = staff.getByRole('row').filter({ hasText: account });
    assert.equal(await countEventually(rows, 3), 3, 'the three documents are in the queue');
    await rows.first().getByText('Pending').waitFor();
    await shot(staff, 'bo-queue-1366');
    await rows.first().getByRole('link', { name: account }).click();
    await staff.getByRole('heading', { level: 1, name: new RegExp(`Identity documents of ${account}`) }).waitFor();
    for (const kind of ['ID – front', 'ID – back', 'Selfie with ID']) {
      const img = staff.getByRole('img', { name: `${kind} of ${account}` });
      await img.waitFor();
      // The preview is the stored file, fetched with the staff session (a blob URL), and decoded.
      assert.ok(
        await img.evaluate((el: HTMLImageElement) => el.src.startsWith('blob:') && el.decode().then(() => true)),
      );
    }
    await shot(staff, 'bo-member-1366');
    await staff.setViewportSize({ width: 390, height: 844 });
    await shot(staff, 'bo-member-390');
    await staff.setViewportSize({ width: 1366, height: 900 });
    for (const kind of ['ID – front', 'ID – back', 'Selfie with ID']) {
      const doc = staff.getByRole('listitem', { name: kind });
      await doc.getByRole('button', { name: 'Approve' }).click();
      const dialog = staff.getByRole('dialog', { name: 'Approve this document' });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await doc.getByText('Approved').waitFor();
    }
    await staff.getByText('Verified').waitFor();
    await shot(staff, 'bo-approved-1366');
    // The member page shows the status too.
    await staff.goto(`${server.baseUrl}/admin/members/${account}`);
    const section = staff.getByRole('region', { name: 'Identity verification' });
    await section.getByText('Verified').waitFor();
    await section.scrollIntoViewIfNeeded();
    await shot(staff, 'bo-member-page-1366');
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.goto(`${server.baseUrl}/admin/kyc`);
    await staff.getByRole('heading', { level: 1, name: 'Identity documents' }).waitFor();
    await shot(staff, 'bo-queue-390');
  } finally {
    await staffContext.close();
  }

  // The member sees every document approved and the identity verified.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
  await page.getByText('Verified').waitFor();
  assert.equal(await page.getByText('Approved', { exact: true }).count(), 3);
  // The one error the page met is the refused forged file (415), on purpose.
  assert.deepEqual(
    errors.filter((e) => !e.includes('status of 415')),
    [],
  );
  await shot(page, 'member-approved-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'member-approved-390');
  // Each review reached the member's inbox.
  await page.goto(`${server.baseUrl}/member/messageV2`);
  const inbox = page.getByRole('list', { name: 'Your messages' });
  await inbox.getByText('Identity document approved').first().waitFor();
  assert.equal(await inbox.getByText('Identity document approved').count(), 3);
  await shot(page, 'member-messages-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, 'member-messages-1366');
});
