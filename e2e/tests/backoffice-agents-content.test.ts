import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { openBackOffice, staffMember } from '../lib/admin-api.ts';
import { demo, errors, logIn, open, page, server, useE2E } from '../lib/harness.ts';

/**
 * The back office's agents, content and settings screens in Chromium at 1366 and 768 px, on the real server: an
 * agents staff member opens the team tree level by level and promotes a member to agent; a content staff member
 * publishes a promotion and sends a message to one member, who reads it on the player site; the owner turns a feature
 * flag on (1366) and off again (768); /docs shows the back office's API document with the staff session only.
 * Screenshots go to e2e/artifacts/bo-agents-content-<width>-<screen>.png.
 */
useE2E('backoffice-agents-content');

const PASSWORD = 'agents content e2e pw';
const WIDTHS = [1366, 768] as const;

const shot = async (width: number, name: string) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/bo-agents-content-${width}-${name}.png`, fullPage: true });
};

for (const width of WIDTHS) {
  test(`agents at ${width} px: the tree opened level by level, a member promoted to agent`, async () => {
    const members = server.app.modules.members;
    const top = await members.create({
      merchant: demo,
      account: `e2etop${width}`,
      password: PASSWORD,
      type: 1,
      rebatePoint: '9',
    });
    const sub = await members.create({
      merchant: demo,
      account: `e2esub${width}`,
      password: PASSWORD,
      type: 1,
      uplineId: top.id,
      rebatePoint: '8',
    });
    await members.create({ merchant: demo, account: `e2eplay${width}`, password: PASSWORD, uplineId: sub.id });
    await members.create({ merchant: demo, account: `e2etopplay${width}`, password: PASSWORD, uplineId: top.id });
    const staff = await staffMember(`agents${width}`, 'agents');
    await openBackOffice(staff.token, `/agents?root=${top.account}`, width);

    await page.getByRole('heading', { level: 1, name: 'Team tree' }).waitFor();
    const tree = page.getByRole('tree', { name: 'Agent tree' });
    const subItem = tree.getByRole('treeitem', { name: sub.account });
    await subItem.waitFor();
    assert.equal(await subItem.getAttribute('aria-level'), '1'); // the first rows of the tree shown
    await subItem.getByText('Level 2', { exact: true }).first().waitFor(); // its level in the merchant's tree
    assert.equal(await subItem.getAttribute('aria-expanded'), 'false');
    await subItem.getByRole('button', { name: `Open ${sub.account}` }).click();
    const player = tree.getByRole('treeitem', { name: `e2eplay${width}` });
    await player.waitFor();
    assert.equal(await player.getAttribute('aria-level'), '2');
    assert.equal(await subItem.getAttribute('aria-expanded'), 'true');
    await player.getByText('Player', { exact: true }).waitFor();
    await shot(width, 'tree');

    await player.getByRole('button', { name: 'Promote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Promote a member' });
    assert.equal(await dialog.getByLabel('Member account').inputValue(), `e2eplay${width}`);
    await shot(width, 'promote');
    await dialog.getByRole('button', { name: 'Promote' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The tree reads the level again: the member is an agent now (the server's record too).
    await player.getByText('Agent', { exact: true }).waitFor();
    const promoted = await members.findByAccount(demo.id, `e2eplay${width}`);
    assert.ok(promoted && demo.agentTypes.includes(promoted.type));
    await shot(width, 'promoted');

    // The whole tree from the top: the top-level agent is a root, with its team size.
    await page.getByLabel('Start from account').fill('');
    await page.getByLabel('Start from account').press('Enter');
    await tree.getByRole('treeitem', { name: top.account }).getByText('Members: 3').waitFor();
    assert.deepEqual(errors, []);
  });

  test(`content at ${width} px: a promotion published, a message to one member read on the player site`, async () => {
    const account = `e2ereader${width}`;
    await server.createMember({ account, password: PASSWORD });
    const staff = await staffMember(`content${width}`, 'content');
    await openBackOffice(staff.token, '/content/promotions', width);

    await page.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();
    await page.getByRole('button', { name: 'New promotion' }).click();
    const form = page.getByRole('dialog', { name: 'New promotion' });
    await form.getByRole('button', { name: 'Publish' }).click();
    await form.getByText('Enter a title').waitFor(); // the form's own check, before any call
    // (exact labels: the language tabs also hold "Title (TL)", "Content (TL)"…)
    const title = `Weekend reload ${width}`;
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Category').fill('Reload');
    await form.getByLabel('Content', { exact: true }).fill('<p>A <b>20 %</b> reload every weekend.</p>');
    await shot(width, 'promotion-form');
    await form.getByRole('button', { name: 'Publish' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.getByText('Shown').waitFor();
    await shot(width, 'promotions');
    const publicList = await (await fetch(`${server.baseUrl}/wps/promotions`)).json();
    assert.ok(
      publicList.value.list.some((p: { title: string }) => p.title === title),
      'the site lists it',
    );

    await page.goto(`${server.baseUrl}/admin/content/messages`);
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await page.getByRole('button', { name: 'New message' }).click();
    const msg = page.getByRole('dialog', { name: 'New message' });
    await msg.getByLabel('Member account').fill(account);
    const subject = `Your weekend bonus ${width}`;
    await msg.getByLabel('Title', { exact: true }).fill(subject);
    await msg.getByLabel('Content', { exact: true }).fill('<p>It is waiting in the reward centre.</p>');
    await shot(width, 'message-form');
    await msg.getByRole('button', { name: 'Send' }).click();
    await msg.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText('Sent. Members reached: 1.').waitFor();
    await page
      .getByRole('row', { name: new RegExp(subject) })
      .getByRole('cell', { name: account })
      .waitFor();
    await shot(width, 'messages');
    assert.deepEqual(errors, []);

    // The member reads it in the member centre's inbox.
    await logIn(account, PASSWORD);
    await page.goto(`${server.baseUrl}/member/messageV2`);
    await page.getByRole('list', { name: 'Your messages' }).getByText(subject).waitFor();
  });

  test(`settings at ${width} px: the owner turns a feature flag ${width === 1366 ? 'off' : 'on'}, confirmed first`, async () => {
    const owner = await staffMember(`owner${width}`);
    await openBackOffice(owner.token, '/settings', width);
    await page.getByRole('heading', { level: 1, name: 'Merchant settings' }).waitFor();
    await page.getByRole('heading', { name: 'Features' }).waitFor();
    // The demo merchant runs its VIP programme (seeded on): off at 1366 px, on again at 768 px.
    const on = width !== 1366;
    const action = `${on ? 'Turn on' : 'Turn off'}: VIP programme`;
    await page.getByRole('button', { name: action }).click();
    const confirm = page.getByRole('dialog', { name: action });
    await shot(width, 'flag-confirm');
    await confirm.getByRole('button', { name: on ? 'Turn on' : 'Turn off' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `${on ? 'Turn off' : 'Turn on'}: VIP programme` }).waitFor();
    await shot(width, 'settings');
    const settings = await fetch(`${server.baseUrl}/admin/api/site-settings`, {
      headers: { authorization: `Bearer ${owner.token}`, merchant: 'demo' },
    }).then((r) => r.json() as Promise<{ value: { flags: { flag: string; enabled: boolean }[] } }>);
    assert.equal(settings.value.flags.find((f) => f.flag === 'VIP3')?.enabled, on);
    assert.deepEqual(errors, []);
  });
}

/** Whether swagger-ui lists the operation at `path` (its summary path, word-break characters aside). */
const operationShown = (path: string) =>
  [...document.querySelectorAll('.opblock-summary-path')].some(
    (e) => (e.textContent ?? '').replace(/[\u200b\s]/g, '') === path,
  );

test('API docs: the back office document at /docs with the staff session, a sign-in note without it', async () => {
  const staff = await staffMember('docs', 'content');
  await openBackOffice(staff.token, '/content/announcements', 1366);
  await page.getByRole('link', { name: 'API docs' }).click();
  await page.getByText('/wps/system/status').first().waitFor({ timeout: 15_000 });
  await page.locator('.topbar select').selectOption({ label: 'Back office API (staff)' });
  // swagger-ui renders the operations of a tag as it comes into view: scroll down until the agents' tree shows.
  const found = await page.waitForFunction(
    (path) => {
      const shown = [...document.querySelectorAll('.opblock-summary-path')].find(
        (e) => (e.textContent ?? '').replace(/[\u200b\s]/g, '') === path,
      );
      if (shown) return shown.scrollIntoView({ block: 'center' }) ?? true;
      window.scrollBy(0, 800);
      return false;
    },
    '/admin/api/agents/tree',
    { timeout: 60_000, polling: 250 },
  );
  assert.ok(await found.jsonValue());
  await page.screenshot({ path: 'e2e/artifacts/bo-agents-content-1366-api-docs.png' });

  await open('/docs', { width: 1366 });
  await page.getByText('/wps/system/status').first().waitFor({ timeout: 15_000 });
  await page.locator('.topbar select').selectOption({ label: 'Back office API (staff)' });
  await page.getByText('Sign in to the back office').first().waitFor({ timeout: 15_000 });
  assert.equal(await page.evaluate(operationShown, '/admin/api/me'), false);
  await page.screenshot({ path: 'e2e/artifacts/bo-agents-content-1366-api-docs-signed-out.png' });
});

test('agent settings at 1366 px: the maximum rebate point and the active-member bet changed, a bad value refused on its field, audited', async () => {
  const staff = await staffMember('agentsettings', 'agents');
  const settings = async () =>
    (
      await (
        await fetch(`${server.baseUrl}/admin/api/agents/settings`, {
          headers: { merchant: 'demo', authorization: `Bearer ${staff.token}` },
        })
      ).json()
    ).value as { maxRebatePoint: string; activeMinBet: string };
  const before = await settings();
  await openBackOffice(staff.token, '/agents/rebate-rates', 1366);
  const card = page.getByRole('region', { name: 'Agent settings' });
  const point = card.getByLabel('Maximum rebate point');
  await point.waitFor();
  assert.equal(await point.inputValue(), before.maxRebatePoint);

  // The form's own check, before any call.
  await point.fill('12.55');
  await card.getByRole('button', { name: 'Save' }).click();
  await card.getByText('Use a number such as 12 or 12.5').waitFor();
  await shot(1366, 'agent-settings-invalid');
  assert.deepEqual(await settings(), before);

  await point.fill('12.5');
  await card.getByLabel('Valid bet of an active member (PHP)').fill('150');
  await card.getByRole('button', { name: 'Save' }).click();
  await card.getByText('Saved.').waitFor();
  await shot(1366, 'agent-settings');
  assert.deepEqual(await settings(), { ...before, maxRebatePoint: '12.5', activeMinBet: '15000' });

  // Read again from the server after a reload: the form shows what was stored.
  await page.reload();
  await card.getByLabel('Maximum rebate point').waitFor();
  assert.equal(await card.getByLabel('Maximum rebate point').inputValue(), '12.5');
  assert.equal(await card.getByLabel('Valid bet of an active member (PHP)').inputValue(), '150.00');
  const auditor = await staffMember('agentsettingsaudit', 'auditor');
  const log = await (
    await fetch(`${server.baseUrl}/admin/api/audit?action=agent.settings`, {
      headers: { merchant: 'demo', authorization: `Bearer ${auditor.token}` },
    })
  ).json();
  assert.equal(log.value.items[0]?.adminUsername, staff.username);
  assert.deepEqual(errors, []);
});
