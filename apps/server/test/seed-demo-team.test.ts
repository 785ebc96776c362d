import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { DEMO_AGENT, seedDemoTeam } from '../src/seed-demo-team.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The demo team's contracts: seeded through the contracts face (house → demoagent daily wage and dividend,
 * demoagent → demosub dividend, all accepted), settled through the jobs' own entry. The seed's bets are of today
 * (the database's clock), so the first daily wage is due once the merchant's day is over: the app's clock is
 * moved there and the same settlement entry pays it, once.
 */
let shift = 0;
let t: TestApp;
let demo: Merchant;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(Date.now() + shift) });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(async () => {
  expect(await t.app.modules.ledger.audit()).toEqual({ ok: true, problems: [] });
  await t.close();
});

async function login(account: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    headers: { 'x-forwarded-for': `10.41.0.${account.length}` },
    payload: { type: 'username', area: 'agent', username: account, password: DEMO_AGENT.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().value.token as string;
  return (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, merchant: demo.code } });
}

describe('demo team contracts', () => {
  it('seeds accepted contracts; the daily wage is paid once by the settlement after the day, from the house', async () => {
    await seedDemoTeam(t.app.modules, 'demo');
    const agent = await login(DEMO_AGENT.account);
    expect((await agent('/wps/agent/contract/types')).json().value.types).toEqual(['dividend', 'daily_wage']);
    const received = (await agent('/wps/agent/contracts?role=received')).json().value.list;
    expect(received.map((c: { type: string; status: string }) => `${c.type}:${c.status}`).sort()).toEqual([
      'daily_wage:active',
      'dividend:active',
    ]);
    const offered = (await agent('/wps/agent/contracts?role=offered')).json().value.list;
    expect(offered).toMatchObject([{ type: 'dividend', status: 'active', agentAccount: 'demosub' }]);
    const sub = await login('demosub');
    expect((await sub('/wps/agent/contract/types')).json().value.types).toEqual(['dividend']);
    // nothing is over yet at seed time
    expect((await agent('/wps/agent/contract/settlements')).json().value.total).toBe(0);

    const top = (await t.app.modules.members.findByAccount(demo.id, DEMO_AGENT.account))!;
    const before =
      (await t.app.modules.ledger.balances(demo.id, [memberMain(top.id)]))[memberMain(top.id)]?.balance ?? 0n;
    // the merchant's day is over (+ the settlement's grace): the job's entry pays it
    shift = 26 * 3_600_000;
    await t.app.modules.agents.runRollup();
    const report = await t.app.modules.contracts.settle!('daily_wage');
    expect(report.paid).toBe(1);
    expect((await t.app.modules.contracts.settle!('daily_wage')).paid).toBe(0);
    const later = await login(DEMO_AGENT.account);
    const list = (await later('/wps/agent/contract/settlements?type=daily_wage')).json().value.list;
    expect(list.length).toBeGreaterThanOrEqual(1);
    const paid = list.find((s: { status: string }) => s.status === 'paid');
    expect(paid).toMatchObject({ payerAccount: null, agentAccount: DEMO_AGENT.account, tier: 1, rateBp: 100 });
    const after = (await t.app.modules.ledger.balances(demo.id, [memberMain(top.id)]))[memberMain(top.id)]!.balance;
    expect(after - before).toBe(BigInt(paid.amount));
    expect(BigInt(paid.amount)).toBe(BigInt(paid.validBet) / 100n);
  }, 180_000);
});
