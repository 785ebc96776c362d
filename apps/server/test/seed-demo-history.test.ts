import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { DEMO_HISTORY_DAYS, travellingClock } from '../src/seed-demo-history.ts';
import { DEMO_AGENT, seedDemoTeam } from '../src/seed-demo-team.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The demo team's history (issue 28): `npm start` seeds DEMO_HISTORY_DAYS days of activity through the real faces
 * while the app's clock steps through them (main.ts does the same with the same travelling clock). The agent pages
 * must then show what they are for: many days of figures, wages and dividends paid from the house, an announcement
 * — every figure read back through the agent API from the rows the services wrote, and the books balanced.
 */
const clock = travellingClock();
let t: TestApp;
let demo: Merchant;

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(async () => {
  await t?.close();
});

async function login(account: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    headers: { 'x-forwarded-for': '10.42.0.1' },
    payload: { type: 'username', area: 'agent', username: account, password: DEMO_AGENT.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().value.token as string;
  return async (url: string) => {
    const r = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, merchant: 'demo' },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().value;
  };
}

describe('the demo team with history', () => {
  it('shows a month of days, wages and a dividend paid, an announcement; the ledger balances', async () => {
    const started = Date.now();
    await seedDemoTeam(t.app.modules, 'demo', { history: { days: DEMO_HISTORY_DAYS, travel: clock.travel } });
    const ms = Date.now() - started;
    console.log(`demo history of ${DEMO_HISTORY_DAYS} days seeded in ${ms} ms`);
    expect(clock.now().getTime()).toBeGreaterThan(Date.now() - 1000); // back to real time

    const agent = await login(DEMO_AGENT.account);
    const day = (d: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: demo.timezone }).format(new Date(Date.now() - d * 86_400_000));
    const revenue = await agent(`/wps/agent/report/revenue?from=${day(DEMO_HISTORY_DAYS + 1)}&to=${day(0)}`);
    const active = revenue.days.filter((d: { validBet: string }) => BigInt(d.validBet) > 0n);
    expect(active.length).toBeGreaterThanOrEqual(20); // most days of the month, not one bar
    expect(BigInt(revenue.totals.deposits)).toBeGreaterThan(0n);

    const wages = await agent('/wps/agent/contract/settlements?type=daily_wage&pageSize=50');
    const paidWages = wages.list.filter((s: { status: string }) => s.status === 'paid');
    expect(paidWages.length).toBeGreaterThanOrEqual(5);
    const dividends = await agent('/wps/agent/contract/settlements?type=dividend&pageSize=50');
    const paidDividends = dividends.list.filter(
      (s: { status: string; agentAccount: string }) => s.status === 'paid' && s.agentAccount === DEMO_AGENT.account,
    );
    expect(paidDividends.length).toBeGreaterThanOrEqual(1);
    for (const s of [...paidWages, ...paidDividends]) expect(BigInt(s.amount)).toBeGreaterThan(0n);

    // The agent's balance is no longer 0.00: it holds what the house paid it.
    const top = (await t.app.modules.members.findByAccount(demo.id, DEMO_AGENT.account))!;
    const main = memberMain(top.id);
    expect((await t.app.modules.ledger.balances(demo.id, [main]))[main]!.available).toBeGreaterThan(0n);

    const notes = await agent('/wps/agent/announcements');
    expect(notes.list.length).toBeGreaterThanOrEqual(1);

    expect(await t.app.modules.ledger.audit()).toEqual({ ok: true, problems: [] });
    expect(await t.app.modules.agents.auditTeamRollup(demo.id)).toEqual({ ok: true, problems: [] });
  }, 600_000);
});
