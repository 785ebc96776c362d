import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { openBackOffice, staffMember } from '../lib/admin-api.ts';
import { demo, errors, fundMember, logIn, noHorizontalOverflow, page, server, useE2E } from '../lib/harness.ts';

/**
 * VIP (issue 23) in Chromium at 390 and 1366 px on the real server: a player spins our slot (the game's own calls,
 * PHP 100 a spin), the settled rounds reach the vip consumer through the play-event queue, the VIP page shows the
 * progress to Bronze (500 tier points), then the level; the level-up reward waits in the reward centre and is claimed
 * once (main +PHP 50.00). The back office shows the ladder and the member's level. Screenshots go to
 * e2e/artifacts/vip-<screen>-<width>.png.
 */
useE2E('vip');

const PASSWORD = 'vip e2e password 1';
const shot = async (name: string, width: number) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/vip-${name}-${width}.png`, fullPage: true });
};
const main = async (id: bigint) =>
  (await server.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]!.balance;

/** The play-event queue handed to its consumers (the `play-events` job does this every 2 s in production). */
async function drain(): Promise<void> {
  const until = Date.now() + 30_000;
  for (;;) {
    await server.app.modules.playEvents.drain();
    if ((await server.app.modules.playEvents.backlog('vip')) === 0n) return;
    assert.ok(Date.now() < until, 'the play-event queue drained');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A call to the member API with the page's session. */
async function memberApi<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, merchant: 'demo', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { success: boolean; value: T };
  assert.ok(env.success, `${path}: ${JSON.stringify(env)}`);
  return env.value;
}

/** Spins of PHP 100 (20 lines × bet level 5) on our slot, as the game page sends them. */
async function slot(): Promise<(n: number) => Promise<void>> {
  const games = await memberApi<{ content: { gameCode: string; nodeId: string }[] }>(
    'GET',
    '/lgw/games/list?vassalage=SEA',
  );
  const nodeId = games.content.find((g) => g.gameCode === 'slot-lucky-dragon')!.nodeId;
  const launch = await memberApi<{ url: string }>('POST', '/wps/game/launchGame', { nodeId });
  const session = new URL(launch.url, server.baseUrl).searchParams.get('token')!;
  const game = (path: string, body?: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', 'x-game-session': session },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  assert.equal((await game('/house/v1/session')).status, 200);
  return async (n: number) => {
    for (let i = 0; i < n; i++) {
      const r = await game('/house/v1/rounds', { requestId: randomUUID(), bet: { lines: 20, betLevel: 5 } });
      assert.equal(r.status, 200, await r.clone().text());
    }
    await drain();
  };
}

for (const width of [390, 1366] as const) {
  test(`a player bets to Bronze, sees the progress and claims the level-up reward once (${width} px)`, async () => {
    const account = `e2evip${width}`;
    const m = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
    await fundMember(m.id, 200_000n);
    await logIn(account, PASSWORD, width);

    await page.goto(`${server.baseUrl}/member/vip`);
    await page.getByRole('heading', { name: 'VIP', level: 1 }).waitFor();
    await page.getByTestId('vip-level').getByText('Member').waitFor();
    const bar = page.getByRole('progressbar', { name: 'Progress to Bronze' });
    assert.equal(await bar.getAttribute('aria-valuenow'), '0');

    const spin = await slot();
    await spin(2); // PHP 200 of valid bet on slots (100 %): 200 tier points
    await page.reload();
    await page.getByText('300 more tier points to reach Bronze').waitFor();
    assert.equal(await bar.getAttribute('aria-valuenow'), '40');
    assert.equal(await page.getByTestId('vip-qualifying').textContent(), '200');
    assert.ok(await noHorizontalOverflow(), `no horizontal overflow at ${width} px`);
    await shot('progress', width);

    await spin(3); // 500: Bronze at once
    await page.reload();
    await page.getByTestId('vip-level').getByText('Bronze').waitFor();
    await page.getByText('Up: Member → Bronze').waitFor();
    await page.getByText('4,500 more tier points to reach Silver').waitFor();
    assert.ok(await noHorizontalOverflow(), `no horizontal overflow at ${width} px`);
    await shot('bronze', width);

    await page.getByRole('link', { name: 'Go to the reward centre' }).click();
    await page.getByRole('heading', { name: 'Reward centre', level: 1 }).waitFor();
    await page.getByText('VIP level-up: Bronze').waitFor();
    const before = await main(m.id);
    await page.getByRole('button', { name: 'Claim PHP 50.00' }).click();
    await page.getByText('PHP 50.00 was added to your main wallet.').waitFor();
    assert.equal((await main(m.id)) - before, 5000n);
    // A second claim of the same reward (a replayed request) pays nothing more.
    const rewards = await memberApi<{ list: { reference: string; source: string }[] }>(
      'GET',
      '/wps/rewards?view=history&pageSize=50',
    );
    const reference = rewards.list.find((r) => r.source === 'vip')!.reference;
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const again = await fetch(`${server.baseUrl}/wps/rewards/${reference}/claim`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, merchant: 'demo' },
    });
    assert.equal(((await again.json()) as { code: string }).code, 'reward_already_claimed');
    assert.equal((await main(m.id)) - before, 5000n);
    await shot('claimed', width);
    assert.deepEqual(errors, []); // the player's pages (the back office opens a new page below)

    // The back office: the ladder, and the member's level on the member page.
    const staff = await staffMember(`vipowner${width}`);
    await openBackOffice(staff.token, '/rewards/vip-levels', width);
    await page.getByRole('heading', { level: 1, name: 'VIP levels' }).waitFor();
    await page.getByRole('row', { name: /Bronze/ }).waitFor();
    await shot('bo-levels', width);
    assert.deepEqual(errors, []);
    await page.getByRole('button', { name: 'Edit Bronze' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Bronze' });
    await dialog.getByLabel('To reach (tier points)').fill('5000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Silver already has this threshold.').waitFor();
    await shot('bo-level-error', width);
    await page.keyboard.press('Escape');
    await page.goto(`${server.baseUrl}/admin/members/${account}`);
    await page.getByTestId('member-vip-level').getByText('Bronze').waitFor();
    await page.getByTestId('member-vip-level').scrollIntoViewIfNeeded();
    await shot('bo-member', width);
    // Only the refused save (the server's field error, a 400 the browser logs) since the check above.
    assert.deepEqual(
      (errors as string[]).filter((e) => !e.includes('status of 400')),
      [],
    );
  });
}
