import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { openBackOffice, staffMember } from '../lib/admin-api.ts';
import { seriousViolations } from '../lib/axe.ts';
import { tickDealers } from '../lib/table-dealers.ts';
import { browser, demo, errors, fundMember, noHorizontalOverflow, page, server, useE2E } from '../lib/harness.ts';

/**
 * The back office's Tables & arenas screen (issue 27), in Chromium at 1366 and 390 px on the real server with both
 * dealers ticking: a games staff member changes a baccarat table's limits while a player sits at it (the player's
 * screen shows the new limits from the next round), closes an arena (it finishes its fight in play, then shows
 * closed) and opens it again, and is refused a bad plasada on the field. Screenshots go to
 * e2e/artifacts/backoffice-tables-<width>-<screen>.png.
 */
// The dealer job (pg-boss in main.ts) ticked by this file.
useE2E('backoffice-tables', {
  setup: tickDealers('table', () =>
    Promise.all([server.app.modules.baccarat.advance(), server.app.modules.sabong.advance()]),
  ),
});

const shot = async (width: number, name: string) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/backoffice-tables-${width}-${name}.png`, fullPage: true });
};

/** A funded member's baccarat table page (the launch's URL). */
async function baccaratUrl(account: string): Promise<string> {
  await server.createMember({ account, password: 'tables e2e pw 1' });
  const member = (await server.app.modules.members.findByAccount(demo.id, account))!;
  await fundMember(member.id, 1_000_00n);
  const { token } = await server.app.modules.auth.startSession(demo, member, 'member', 'password', {
    ip: '203.0.113.19',
    userAgent: 'e2e',
  });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = await (await fetch(`${server.baseUrl}/lgw/games/list?vassalage=SEA&pageSize=42`, { headers })).json();
  const game = list.value.content.find((g: { gameCode: string }) => g.gameCode === 'baccarat');
  const res = await (
    await fetch(`${server.baseUrl}/wps/game/launchGame`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ nodeId: game.nodeId }),
    })
  ).json();
  assert.equal(res.success, true, JSON.stringify(res));
  return res.value.url as string;
}

test('games staff change a table’s limits (the player sees them from the next round), close and reopen an arena (1366 px)', async () => {
  const staff = await staffMember('tables1366', 'games');
  const playerUrl = await baccaratUrl('tablesPlayer1');
  await openBackOffice(staff.token, '/games/tables', 1366);
  await page.getByRole('heading', { name: 'Tables & arenas', level: 1 }).waitFor();
  const row = page.getByRole('row', { name: /Super 6/ });
  await row.getByText('Open', { exact: true }).waitFor();
  await shot(1366, 'list');
  assert.deepEqual(await seriousViolations(), [], 'the tables screen');

  // The player at SUPER6 (a second window) sees today's limits.
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const player = await ctx.newPage();
  try {
    await player.goto(new URL(`${playerUrl}&table=SUPER6`, server.baseUrl).href);
    await player.locator('.bac-limits', { hasText: '10.00' }).waitFor();
    // The player holds the smallest chip, 10: allowed today.
    const chip10 = player.getByRole('radio', { name: 'Chip 10', exact: true });
    await chip10.click();
    assert.equal(await chip10.getAttribute('aria-checked'), 'true');

    await row.getByRole('button', { name: 'Edit Super 6' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings of Super 6' });
    await dialog.getByLabel('Minimum bet').fill('25');
    await dialog.getByLabel('Maximum bet').fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The maximum bet must be at least the minimum.').waitFor();
    await dialog.getByLabel('Maximum bet').fill('2000');
    await shot(1366, 'table-settings');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Saved mid-round: shown as pending, then (the next round opened) applied; the player's screen follows.
    await player.locator('.bac-limits', { hasText: '25.00' }).waitFor({ timeout: 45_000 });
    // The chip below the new minimum moved up to the nearest allowed one, and the player is told; 10 is disabled.
    await player
      .getByTestId('bac-chip-clamped')
      .getByText(/minimum changed: your chip is now 50\.00/)
      .waitFor();
    assert.equal(
      await player.getByRole('radio', { name: 'Chip 50', exact: true }).getAttribute('aria-checked'),
      'true',
    );
    assert.equal(await chip10.isDisabled(), true);
    await row.getByText(/From the next round/).waitFor({ state: 'detached', timeout: 15_000 });
    await row.getByText('25.00 – 2,000.00').waitFor();
    await player.screenshot({ path: 'e2e/artifacts/backoffice-tables-1366-player-new-limits.png', fullPage: true });
  } finally {
    await ctx.close();
  }

  // Close an arena: it finishes the fight in play, then shows closed; opened again it runs a new fight.
  const arena = page.getByRole('row', { name: /Arena 2/ });
  await arena.getByRole('button', { name: 'Close Arena 2' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close Arena 2?' });
  await confirm.getByText(/The round in play finishes/).waitFor();
  await shot(1366, 'close-confirm');
  await confirm.getByRole('button', { name: 'Close after this round' }).click();
  await confirm.waitFor({ state: 'detached' });
  await arena.getByText(/^(Closing after this round|Closed)$/).waitFor();
  await arena.getByText('Closed', { exact: true }).waitFor({ timeout: 45_000 });
  await shot(1366, 'arena-closed');
  await arena.getByRole('button', { name: 'Open Arena 2' }).click();
  await page.getByRole('dialog', { name: 'Open Arena 2?' }).getByRole('button', { name: 'Open' }).click();
  await arena.getByText('Open', { exact: true }).waitFor();
  await arena.getByText('Betting', { exact: true }).waitFor({ timeout: 20_000 });
  assert.equal(await noHorizontalOverflow(), true);
  assert.deepEqual(errors, []);
});

test('at 390 px: the list scrolls within its table, a bad plasada is refused on its field, a round cancelled with a reason', async () => {
  const staff = await staffMember('tables390', 'games');
  await openBackOffice(staff.token, '/games/tables', 390);
  await page.getByRole('heading', { name: 'Tables & arenas', level: 1 }).waitFor();
  const arena = page.getByRole('row', { name: /Arena 1/ });
  await arena.getByText('Open', { exact: true }).waitFor();
  assert.equal(await noHorizontalOverflow(), true, 'no page-level horizontal scrolling');
  await shot(390, 'list');

  await arena.getByRole('button', { name: 'Edit Arena 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings of Arena 1' });
  await dialog.getByLabel('Plasada (%)').fill('20');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Enter 0 to 15 (up to two decimals).').waitFor();
  await shot(390, 'arena-settings-error');
  assert.deepEqual(await seriousViolations(), [], 'the settings dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const table = page.getByRole('row', { name: /Baccarat 1/ });
  await table.getByRole('button', { name: 'Cancel round Baccarat 1' }).waitFor({ timeout: 30_000 });
  await table.getByRole('button', { name: 'Cancel round Baccarat 1' }).click();
  const reason = page.getByRole('dialog', { name: /^Cancel Baccarat 1, hand/ });
  await reason.getByRole('textbox').fill('Dealer error at the table');
  await shot(390, 'cancel-round');
  await reason.getByRole('button', { name: 'Cancel round' }).click();
  // Cancelled, or (a slow machine) already too late for this round: then the refusal shows in the dialog.
  const outcome = await Promise.race([
    reason.waitFor({ state: 'detached' }).then(() => 'cancelled'),
    reason
      .getByText(/already paid or cancelled/)
      .waitFor()
      .then(() => 'late'),
  ]);
  if (outcome === 'late') await reason.getByRole('button', { name: 'Cancel' }).first().click();
  assert.deepEqual(
    errors.filter((e) => !/status of 409\b/.test(e)),
    [],
  );
});
