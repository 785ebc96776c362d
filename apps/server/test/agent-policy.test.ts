import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { bearer, newAgent, newPlayer } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(async () => {
  await t?.close();
});

const policy = (token: string, lang = 'en') =>
  t.app.inject({ method: 'GET', url: `/wps/agent/policy?lang=${lang}`, headers: bearer(token) });

describe('agent policy (AGENTPOLICY3)', () => {
  it("shows agents the merchant's policy in their language; not to members, not in the public help centre", async () => {
    const agent = await newAgent(t, demo);
    const en = await policy(agent.token);
    expect(en.statusCode).toBe(200);
    const articles = en.json().value.articles as { tag: string; title: string; content: string }[];
    expect(articles.map((a) => a.title)).toEqual([
      'Rebate and commission',
      'Contracts: daily wage and dividend',
      'Rules',
    ]);
    expect(articles[0]!.content).toContain('rebate point');
    const ty = (await policy(agent.token, 'ty')).json().value.articles as { title: string }[];
    expect(ty[0]!.title).toBe('Hoàn trả và hoa hồng');
    const tl = (await policy(agent.token, 'tl')).json().value.articles as { title: string }[];
    expect(tl.map((x) => x.title)).toEqual([
      'Rebate at komisyon',
      'Mga kontrata: arawang sahod at dibidendo',
      'Mga patakaran',
    ]);

    const member = await newPlayer(t, demo);
    const refused = await policy(member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('agent_required');
    expect((await t.app.inject({ method: 'GET', url: '/wps/agent/policy' })).statusCode).toBe(401);

    for (const lang of ['en', 'ty', 'tl']) {
      const help = (await t.app.inject({ method: 'GET', url: `/wps/system/helpCenter?lang=${lang}` })).json().value;
      expect(help.length).toBeGreaterThan(0);
      expect(help.some((c: { id: string }) => c.id === 'agentPolicy')).toBe(false);
    }
  });

  it('shows nothing once the merchant turns the flag off', async () => {
    const agent = await newAgent(t, demo);
    await t.app.modules.merchants.setFlag(demo.id, 'AGENTPOLICY3', false);
    try {
      const off = await policy(agent.token);
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('function_not_enabled');
      const flags = (await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).json().value;
      expect(flags.AGENTPOLICY3).toBe(false);
    } finally {
      await t.app.modules.merchants.setFlag(demo.id, 'AGENTPOLICY3', true);
    }
    expect((await policy(agent.token)).statusCode).toBe(200);
  });
});
