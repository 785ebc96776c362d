import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { memberBonus } from '../../apps/server/src/modules/ledger/index.ts';
import { openBackOffice, staffMember } from '../lib/admin-api.ts';
import { demo, errors, page, server, useE2E } from '../lib/harness.ts';

/**
 * The back office's rewards screens in Chromium at 1366 and 390 px, on the real server: the owner creates a mission
 * and a points-mall item through their dialogs (the server lists them; the other rewards screens are opened and
 * photographed); a risk / customer-service staff member reviews a claim flagged for sharing an IP address with
 * another member's claim — approved at 1366 (the sign-up bonus is paid), rejected with a reason at 390 (nothing
 * paid). Screenshots go to e2e/artifacts/bo-rewards-<width>-<screen>.png.
 */
useE2E('backoffice-rewards');

const WIDTHS = [1366, 390] as const;

const shot = async (width: number, name: string) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/bo-rewards-${width}-${name}.png`, fullPage: true });
};

/** An admin API call on the demo merchant with a staff token: the envelope's value. */
async function adminApi<T>(token: string, method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { merchant: 'demo', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { success: boolean; value: T };
  assert.ok(env.success, `${path}: ${JSON.stringify(env)}`);
  return env.value;
}

for (const width of WIDTHS) {
  test(`owner creates a mission and a mall item at ${width} px`, async () => {
    const owner = await staffMember(`rewowner${width}`);
    await openBackOffice(owner.token, '/rewards/missions', width);
    await page.getByRole('heading', { level: 1, name: 'Missions' }).waitFor();
    await page
      .getByRole('row', { name: /Daily check-in/ })
      .first()
      .waitFor(); // the demo's seeded missions
    await shot(width, 'missions');

    await page.getByRole('button', { name: 'New mission' }).click();
    const dialog = page.getByRole('dialog', { name: 'New mission' });
    const title = `Play 5 slot rounds ${width}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Kind').selectOption('rounds');
    await dialog.getByLabel('Window').selectOption('weekly');
    await dialog.getByLabel('Rounds to play').fill('5');
    await dialog.getByLabel('Game category').fill('slot');
    await dialog.getByLabel(`Reward (${demo.currency})`).fill('12.50');
    await shot(width, 'mission-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.getByText('5 rounds').waitFor();
    const saved = (await server.app.modules.rewards.missions.adminList(demo)).list.find((m) => m.title === title);
    assert.deepEqual(
      saved && {
        kind: saved.kind,
        period: saved.period,
        target: saved.target,
        reward: saved.reward,
        cat: saved.category,
      },
      { kind: 'rounds', period: 'weekly', target: '5', reward: '1250', cat: 'SLOT' },
    );

    await page.goto(`${server.baseUrl}/admin/rewards/mall`);
    await page.getByRole('heading', { level: 1, name: 'Points mall' }).waitFor();
    await page.getByRole('button', { name: 'New item' }).click();
    const item = page.getByRole('dialog', { name: 'New mall item' });
    const name = `Team jersey ${width}`;
    await item.getByLabel('Name').fill(name);
    await item.getByLabel('Kind').selectOption('physical');
    await item.getByLabel('Price in points').fill('2500');
    await item.getByLabel('Stock').fill('30');
    await shot(width, 'mall-dialog');
    await item.getByRole('button', { name: 'Save' }).click();
    await item.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByText('2,500')
      .waitFor();
    await shot(width, 'mall');
    const stored = (await server.app.modules.rewards.points.adminItems(demo)).list.find((i) => i.name === name);
    assert.deepEqual(stored && [stored.kind, stored.points, stored.stock, stored.active], [
      'physical',
      '2500',
      30,
      true,
    ]);

    // The other rewards screens open with the seeded data (photographed for review).
    for (const [path, heading, screen] of [
      ['/rewards/leaderboard-prizes', 'Leaderboard prizes', 'prizes'],
      ['/rewards/points-rules', 'Points rules', 'points'],
      ['/rewards/mall-orders', 'Mall orders', 'orders'],
    ] as const) {
      await page.goto(`${server.baseUrl}/admin${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByText('Loading…').first().waitFor({ state: 'detached' });
      await shot(width, screen);
    }
    assert.deepEqual(errors, []);
  });

  test(`a claim flagged for a shared IP is ${width === 1366 ? 'approved' : 'rejected with a reason'} at ${width} px`, async () => {
    const owner = await staffMember(`rewpromo${width}`);
    const promo = await adminApi<{ id: string }>(owner.token, 'POST', '/admin/api/promotions', {
      title: `Sign-up gift ${width}`,
      content: '<p>A gift for joining.</p>',
    });
    await adminApi(owner.token, 'PUT', `/admin/api/promotions/${promo.id}/bonus`, {
      kind: 'signup',
      enabled: true,
      percentBp: 0,
      fixedAmount: '8800',
      maxBonus: null,
      minDeposit: '0',
      multiplier: 1,
      wagerBase: 'bonus',
      maxConversion: null,
      maxStake: null,
      expiryDays: 7,
      newMembersOnly: false,
      contributions: {},
    });
    const members = server.app.modules.members;
    const first = await members.create({ merchant: demo, account: `e2efirst${width}`, password: 'rewards e2e pw 1' });
    const second = await members.create({ merchant: demo, account: `e2esecond${width}`, password: 'rewards e2e pw 1' });
    const from = { ip: `192.0.2.${width === 1366 ? 61 : 62}`, device: '' };
    assert.equal((await server.app.modules.bonus.join(demo, first.id, BigInt(promo.id), from)).status, 'active');
    assert.equal((await server.app.modules.bonus.join(demo, second.id, BigInt(promo.id), from)).status, 'flagged');

    const risk = await staffMember(`rewrisk${width}`, 'risk');
    await openBackOffice(risk.token, '/rewards/bonus-claims?status=flagged', width);
    await page.getByRole('heading', { level: 1, name: 'Bonus claims' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(`^${second.account} `) });
    await row.getByText(`Same IP as ${first.account}`).waitFor();
    await shot(width, 'claims');
    const bonus = async () =>
      (await server.app.modules.ledger.balances(demo.id, [memberBonus(second.id)]))[memberBonus(second.id)]!.balance;

    if (width === 1366) {
      await row.getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('dialog', { name: `Approve the claim of ${second.account}?` });
      await dialog.getByLabel('Reason (optional)').fill('Flatmates, checked by phone');
      await shot(width, 'claim-approve');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.waitFor({ state: 'detached' });
      // The flagged list no longer holds it; the bonus was paid once.
      await row.waitFor({ state: 'detached' });
      assert.equal(await bonus(), 8800n);
    } else {
      await row.getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog', { name: `Reject the claim of ${second.account}?` });
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await dialog.getByText('Give a reason').waitFor(); // the form's own check, before any call
      await dialog.getByLabel('Reason', { exact: true }).fill('Second account of the same player');
      await shot(width, 'claim-reject');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row.waitFor({ state: 'detached' });
      assert.equal(await bonus(), 0n);
    }
    const claims = await server.app.modules.bonus.adminClaims(demo, {
      account: second.account,
      pageNo: 1,
      pageSize: 5,
    });
    assert.equal(claims.list[0]?.status, width === 1366 ? 'active' : 'rejected');
    assert.equal(claims.list[0]?.reviewedBy, risk.username);

    // Every claim of the member, with the decision's reason in its column.
    await page.goto(`${server.baseUrl}/admin/rewards/bonus-claims?account=${second.account}`);
    await page.getByRole('row', { name: new RegExp(`^${second.account} `) }).waitFor();
    await shot(width, 'claims-decided');
    assert.deepEqual(errors, []);
  });
}
