import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { adminToken, post } from '../lib/admin-api.ts';
import { errors, logIn, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

/**
 * Issue 24 remainder, end to end: a promotion written in the default language and in TL through the back office's
 * language tabs is read in TL by a TL visitor and in English by an English one (1366 and 390 px); the help centre
 * pins the help notices (type H) and opens the feedback popup; a member's header counts unread messages; the home's
 * first render already has the operator's banner. Screenshots in e2e/artifacts (content-lang-<name>-<width>.png).
 */
let token = '';
const TITLE = 'E2E weekend reload';
const TITLE_TL = 'E2E weekend reload: dagdag 50% tuwing Sabado';

useE2E('content-languages', {
  setup: async () => {
    token = await adminToken('contentlang', 'content');
  },
});

/** A screenshot; `screen`: the viewport only (a popup over the page), else the whole page. */
async function shot(name: string, width: number, screen = false) {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/content-lang-${name}-${width}.png`, fullPage: !screen });
}

test('staff write a promotion in the default language and TL (language tabs); visitors read their language', async () => {
  await open('/admin/content/promotions', { width: 1366, height: 900 });
  await page.evaluate((t) => sessionStorage.setItem('adminToken', t), token);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();
  await page.getByRole('button', { name: 'New promotion' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promotion' });
  await dialog.getByLabel('Title', { exact: true }).fill(TITLE);
  await dialog.getByLabel('Content', { exact: true }).fill('<p>50% on every Saturday deposit.</p>');
  await dialog.getByRole('tab', { name: 'TL' }).click();
  await dialog.getByLabel('Title (TL)').fill(TITLE_TL);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  // half a translation is refused, on its own tab
  await dialog.getByText('Write both the title and the content, or neither').waitFor();
  await dialog.getByLabel('Content (TL)').fill('<p>Dagdag na 50% sa bawat deposito tuwing Sabado.</p>');
  await dialog.getByRole('tab', { name: 'TL (written)' }).waitFor();
  await shot('admin-promotion-tl', 1366, true);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('row', { name: new RegExp(TITLE) }).waitFor();

  for (const width of [1366, 390]) {
    await open('/promotions?lang=tl', { width, height: 900 });
    await page.getByText(TITLE_TL).first().waitFor();
    assert.ok(await noHorizontalOverflow(), `no overflow at ${width}`);
    await shot('promotions-tl', width);
    await open('/promotions?lang=en', { width, height: 900 });
    await page.getByText(TITLE, { exact: true }).first().waitFor();
    assert.equal(await page.getByText(TITLE_TL).count(), 0);
    await shot('promotions-en', width);
  }
  assert.deepEqual(
    errors.filter((e) => !/status of 404/.test(e)),
    [],
  );
});

test('the help centre pins the help notices (H) and opens the feedback popup, in EN and TL', async () => {
  await post('/admin/api/content/notices', token, {
    type: 'H',
    texts: {
      en: { title: 'Withdrawals slower tonight', content: '<p>Bank maintenance from 01:00 to 03:00.</p>' },
      tl: {
        title: 'Mas mabagal ang withdrawal ngayong gabi',
        content: '<p>May maintenance ang bangko 01:00–03:00.</p>',
      },
    },
  });
  for (const [lang, notice, feedback, popupTitle] of [
    ['en', 'Withdrawals slower tonight', 'Send feedback', 'Send feedback'],
    ['tl', 'Mas mabagal ang withdrawal ngayong gabi', 'Magpadala ng feedback', 'Magpadala ng feedback'],
  ] as const) {
    for (const width of [1366, 390]) {
      await open(`/help?lang=${lang}`, { width, height: 900 });
      const help = page.getByRole('dialog');
      await help.getByText(notice).waitFor();
      await shot(`help-${lang}`, width, true);
      await help.getByRole('button', { name: feedback }).click();
      await page.getByRole('dialog', { name: popupTitle }).waitFor();
      await shot(`feedback-visitor-${lang}`, width, true);
    }
  }
});

test('a member: the feedback popup’s form, the header counts the unread message, the home paints its banner at once', async () => {
  await server.createMember({ account: 'e2elangmember', password: 'lang member pw 1' });
  await post('/admin/api/messages', token, {
    to: 'member',
    account: 'e2elangmember',
    title: 'Welcome',
    content: '<p>Hello</p>',
    translations: { tl: { title: 'Maligayang pagdating', content: '<p>Kumusta</p>' } },
  });
  await logIn('e2elangmember', 'lang member pw 1', 1366);
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: /Member centre \(1 new item waiting\)/ }).waitFor();
  await shot('header-count', 1366, true);
  await page.setViewportSize({ width: 390, height: 844 });
  await header.getByRole('button', { name: /^Account menu of / }).click();
  await header.getByRole('link', { name: 'Messages (1 unread)' }).waitFor();
  await shot('header-menu-count', 390, true);
  // The member switches to TL (kept on the account: the site follows the account's language after a reload).
  await page.setViewportSize({ width: 1366, height: 900 });
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/wps/member/language')),
    header.getByLabel('Language').selectOption('tl'),
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/help`);
  await page.getByRole('dialog').getByRole('button', { name: 'Magpadala ng feedback' }).click();
  const popup = page.getByRole('dialog', { name: 'Magpadala ng feedback' });
  await popup.getByRole('form').waitFor();
  await shot('feedback-member-tl', 390, true);
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot('feedback-member-tl', 1366, true);
  await page.goto(`${server.baseUrl}/member/messageV2`);
  await page.getByText('Maligayang pagdating').first().waitFor();

  // The home's first render has the operator's banner: no placeholder slide ever appears.
  await page.addInitScript(() => {
    const seen = { placeholder: false };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver(() => {
      if (document.querySelector('.banner__slide--placeholder')) seen.placeholder = true;
    }).observe(document, { childList: true, subtree: true });
  });
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.baseUrl}/`);
    await page.locator('.banner__image').first().waitFor();
    assert.equal(
      await page.evaluate(() => (window as unknown as { seen: { placeholder: boolean } }).seen.placeholder),
      false,
    );
    await shot('home-banner', width, true);
  }
});
