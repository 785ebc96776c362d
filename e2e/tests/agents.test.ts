import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO_AGENT, seedDemoTeam } from '../../apps/server/src/seed-demo-team.ts';
import { demo, errors, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

/**
 * The agent centre end to end: demoagent logs in through the agent entry, sees its team overview, registers a
 * downline and offers it a daily-wage contract; the downline logs in, gets the contract popup and accepts.
 * The demo seed gives demoagent no contract of its own, and an agent may only offer within its own contract:
 * the set-up has the house offer demoagent one (admin API) and demoagent accept it (member API).
 */
useE2E('agents', {
  setup: async () => {
    // buildApp does not run the demo team seed (main.ts does): made here through the same function.
    await seedDemoTeam(server.app.modules, 'demo');
    const admin = await adminToken();
    const offer = await call<{ id: string }>('/admin/api/contracts/house-offer', admin, {
      agentAccount: DEMO_AGENT.account,
      type: 'daily_wage',
      tiers: [
        { minValidBet: '100', minActive: 0, rate: '1' },
        { minValidBet: '1000', minActive: 0, rate: '2' },
        { minValidBet: '10000', minActive: 0, rate: '3' },
      ],
    });
    const login = await call<{ token: string }>('/wps/session/login', null, {
      type: 'username',
      area: 'agent',
      username: DEMO_AGENT.account,
      password: DEMO_AGENT.password,
    });
    await call(`/wps/agent/contract/${offer.id}/accept`, login.token);
  },
});

async function call<T = unknown>(path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      merchant: 'demo',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body ?? {}),
  });
  const env = (await res.json()) as { success: boolean; value: T };
  assert.ok(env.success, `${path}: ${JSON.stringify(env)}`);
  return env.value;
}

async function adminToken(): Promise<string> {
  const username = `e2eagentadmin${Date.now().toString(36)}`;
  const password = 'agents e2e admin password';
  await server.app.modules.admin.create({ merchantId: demo.id, username, password });
  return (await call<{ token: string }>('/admin/api/session/login', null, { username, password })).token;
}

for (const width of [1366, 390]) {
  test(`agent flow at ${width} px: login, overview, register, offer; the downline accepts in the popup`, async () => {
    const downline = `e2edown${width}`;
    const password = 'downline pw 1';
    await open('/', { width });
    await page.getByRole('link', { name: 'Agent login' }).click();
    const login = page.getByRole('dialog', { name: 'Agent login' });
    await login.getByLabel('Username').fill(DEMO_AGENT.account);
    await login.getByLabel('Password').fill(DEMO_AGENT.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/agentHome$/);
    await page.getByRole('heading', { level: 1, name: 'Team overview' }).waitFor();
    const members = page
      .getByLabel(/Team figures/)
      .getByText('Team members')
      .locator('xpath=following-sibling::dd');
    // The seeded team (8 with demoagent, 3 direct) plus the downline the first width registered.
    const [, all, direct] = /^(\d+) \((\d+) direct\)$/.exec((await members.textContent()) ?? '') ?? [];
    assert.equal(Number(all) - Number(direct), 5);
    assert.ok(Number(direct) >= 3);
    await page.getByRole('img', { name: /Team P&L by day/ }).waitFor();
    assert.ok(await noHorizontalOverflow(), 'overview fits the width');
    await page.getByRole('banner').getByRole('link', { name: 'Agent centre' }).waitFor();

    // Register a downline (agent, rebate below demoagent's 12.0).
    await page.goto(`${server.baseUrl}/agent/registerCenter`);
    const form = page.getByRole('region', { name: 'Register a downline' });
    await form.getByRole('textbox', { name: /^Account/ }).fill(downline);
    await form.getByLabel('Password').fill(password);
    await form.getByLabel('Account type').selectOption('agent');
    await form.getByLabel(/Rebate point/).fill('5');
    await form.getByRole('button', { name: 'Register' }).click();
    await page.getByText(`Account ${downline} registered.`).waitFor();
    assert.ok(await noHorizontalOverflow(), 'register centre fits the width');

    // Offer it a daily wage within demoagent's own contract.
    await page.goto(`${server.baseUrl}/agent/contractRequest`);
    await page.getByLabel(/Direct downline/).fill(downline);
    const bets = page.getByLabel(/Team valid bet from/);
    const rates = page.getByLabel(/^Rate \(%\)/);
    for (const [i, v] of ['1000', '10000', '20000'].entries()) await bets.nth(i).fill(v);
    for (const [i, v] of ['0.5', '1', '1.5'].entries()) await rates.nth(i).fill(v);
    await page.getByRole('button', { name: 'Send the offer' }).click();
    await page.getByText(`Offer sent to ${downline}.`).waitFor();
    assert.ok(await noHorizontalOverflow(), 'contract request fits the width');

    // The downline logs in (member login) and gets the popup.
    await open('/', { width });
    if (width >= 900) {
      await page.getByRole('banner').getByLabel('Username').fill(downline);
      await page.getByRole('banner').getByLabel('Password').fill(password);
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    } else {
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
      const dialog = page.getByRole('dialog', { name: 'Log in' });
      await dialog.getByLabel('Username').fill(downline);
      await dialog.getByLabel('Password').fill(password);
      await dialog.getByRole('button', { name: 'Log in' }).click();
    }
    const popup = page.getByRole('dialog', { name: 'Contract offer' });
    await popup.getByText(`${DEMO_AGENT.account} offers you a Daily wage contract (Daily).`).waitFor();
    await popup.getByRole('button', { name: 'Accept' }).click();
    await popup.waitFor({ state: 'detached' });
    await page.goto(`${server.baseUrl}/agent/contractList`);
    await page.getByText('Active').first().waitFor();
    assert.deepEqual(errors, []);
  });
}
