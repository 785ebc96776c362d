import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { createMerchant } from './helpers/factories.ts';
import { newPlayer } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/** Promotions: the operator publishes, replaces, orders and withdraws them (audited); visitors see the current ones. */

const START = new Date('2026-11-10T04:00:00Z');
let now = START;
let t: TestApp;
let demo: Merchant;
let other: Merchant;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  other = (await t.app.modules.merchants.findByCode((await createMerchant(t.database.all)).code))!;
});
afterAll(() => t.close());

/** A visitor's call (no session). */
const visit = (url: string, code = demo.code) => t.app.inject({ method: 'GET', url, headers: { merchant: code } });

async function operator(m: Merchant = demo) {
  const admin = await createTestAdmin(t, { merchantCode: m.code });
  return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin.token}`, merchant: m.code }, payload });
}

const titles = (list: { title: string }[]) => list.map((p) => p.title);

describe('promotions', () => {
  it('the demo merchant has its two seeded promotions with their images', async () => {
    const list = (await visit('/wps/promotions')).json().value.list;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ imageUrl: '/promotions/welcome.svg', category: 'NEW', endsAt: null });
    expect(list[1].imageUrl).toBe('/promotions/rebate.svg');
  });

  it('visitors see the current ones in the operator order; scheduled, ended and withdrawn ones are not shown', async () => {
    const asAdmin = await operator(other);
    const publish = async (body: object) => {
      const r = await asAdmin('POST', '/admin/api/promotions', { content: '<p>Terms <b>apply</b></p>', ...body });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().value as { id: string; sort: number };
    };
    const a = await publish({ title: 'Reload 20%', imageUrl: '/promotions/welcome.svg', category: 'RELOAD' });
    const b = await publish({ title: 'Cashback', imageUrl: 'https://cdn.example.com/p/cashback.png' });
    const c = await publish({ title: 'Ends soon', endsAt: '2026-11-11T00:00:00Z' });
    await publish({ title: 'Next month', startsAt: '2026-12-01T00:00:00Z' });
    await publish({ title: 'Over', startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-02T00:00:00Z' });
    const gone = await publish({ title: 'Withdrawn' });
    expect([a.sort, b.sort, c.sort]).toEqual([0, 1, 2]);
    expect((await asAdmin('POST', `/admin/api/promotions/${gone.id}/withdraw`)).statusCode).toBe(200);
    const again = await asAdmin('POST', `/admin/api/promotions/${gone.id}/withdraw`);
    expect([again.statusCode, again.json().code]).toEqual([404, 'promotion_not_found']);

    const list = (await visit('/wps/promotions', other.code)).json().value.list;
    expect(titles(list)).toEqual(['Reload 20%', 'Cashback', 'Ends soon']);
    expect(list[0]).toEqual({
      id: a.id,
      title: 'Reload 20%',
      imageUrl: '/promotions/welcome.svg',
      category: 'RELOAD',
      startsAt: START.getTime(),
      endsAt: null,
    });
    expect(list[0]).not.toHaveProperty('content');
    const detail = (await visit(`/wps/promotions/${a.id}`, other.code)).json().value;
    expect(detail).toMatchObject({ id: a.id, content: '<p>Terms <b>apply</b></p>' });
    // another merchant's promotion, a withdrawn one: not found
    expect((await visit(`/wps/promotions/${a.id}`)).json().code).toBe('promotion_not_found');
    expect((await visit(`/wps/promotions/${gone.id}`, other.code)).statusCode).toBe(404);
    expect(titles((await visit('/wps/promotions')).json().value.list)).not.toContain('Reload 20%');

    // the operator's order: the listed first, the others after in their old order
    const ordered = await asAdmin('POST', '/admin/api/promotions/order', { ids: [c.id, a.id] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(titles((await visit('/wps/promotions', other.code)).json().value.list)).toEqual([
      'Ends soon',
      'Reload 20%',
      'Cashback',
    ]);

    // a replacement keeps the start when none is given; the list shows the new fields
    const put = await asAdmin('PUT', `/admin/api/promotions/${b.id}`, {
      title: 'Cashback 5%',
      content: '<p>Every week</p>',
      category: 'WEEKLY',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().value).toMatchObject({ title: 'Cashback 5%', imageUrl: null, startsAt: START.toISOString() });
    expect((await visit(`/wps/promotions/${b.id}`, other.code)).json().value.content).toBe('<p>Every week</p>');

    // time passes: the scheduled one shows, the ending one is gone
    now = new Date('2026-12-01T01:00:00Z');
    try {
      expect(titles((await visit('/wps/promotions', other.code)).json().value.list)).toEqual([
        'Reload 20%',
        'Cashback 5%',
        'Next month',
      ]);
      expect((await visit(`/wps/promotions/${c.id}`, other.code)).json().code).toBe('promotion_not_found');
    } finally {
      now = START;
    }
    // the operator still sees every one that is not withdrawn
    expect((await asAdmin('GET', '/admin/api/promotions')).json().value.list).toHaveLength(5);

    const log = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['action', 'target_id'])
      .where('action', 'like', 'promotion.%')
      .where('merchant_id', '=', other.id)
      .execute();
    expect(log).toContainEqual({ action: 'promotion.create', target_id: a.id });
    expect(log).toContainEqual({ action: 'promotion.update', target_id: b.id });
    expect(log).toContainEqual({ action: 'promotion.order', target_id: null });
    expect(log).toContainEqual({ action: 'promotion.withdraw', target_id: gone.id });
  });

  it('refuses bad input with clear codes and writes nothing; only the merchant’s operators may write', async () => {
    const asAdmin = await operator();
    const before = (await asAdmin('GET', '/admin/api/promotions')).json().value.list;
    for (const bad of [
      { title: '', content: 'x' },
      { title: 'x', content: '' },
      { title: 'x', content: 'x', imageUrl: 'javascript:alert(1)' },
      { title: 'x', content: 'x', imageUrl: '//evil.example.com/a.png' },
      { title: 'x', content: 'x', imageUrl: 'http://cdn.example.com/a.png' },
      { title: 'x', content: 'x', startsAt: 'tomorrow' },
      { title: 'x', content: 'x', startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
      { title: 'x'.repeat(201), content: 'x' },
    ]) {
      const res = await asAdmin('POST', '/admin/api/promotions', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const id = before[0].id as string;
    // an end before the stored start (no start in the request): a clear code, not a database error
    const early = await asAdmin('PUT', `/admin/api/promotions/${id}`, {
      title: 'x',
      content: 'x',
      endsAt: '2026-01-01T00:00:00Z',
    });
    expect([early.statusCode, early.json().code]).toEqual([400, 'promotion_period_invalid']);
    for (const ids of [[], [id, id], ['abc']]) {
      const res = await asAdmin('POST', '/admin/api/promotions/order', { ids });
      expect([res.statusCode, res.json().code], JSON.stringify(ids)).toEqual([400, 'validation_failed']);
    }
    // an unknown (or another merchant's) id in the order: refused, and no promotion moved
    const asOther = await operator(other);
    const foreign = (await asOther('GET', '/admin/api/promotions')).json().value.list[0].id as string;
    const res = await asAdmin('POST', '/admin/api/promotions/order', { ids: [before[1].id, foreign] });
    expect([res.statusCode, res.json().code]).toEqual([404, 'promotion_not_found']);
    expect((await asAdmin('PUT', `/admin/api/promotions/${foreign}`, { title: 'x', content: 'x' })).statusCode).toBe(
      404,
    );
    expect((await asAdmin('POST', `/admin/api/promotions/${foreign}/withdraw`)).statusCode).toBe(404);
    expect((await asAdmin('GET', '/admin/api/promotions')).json().value.list).toEqual(before);
    expect((await visit('/wps/promotions/abc')).json().code).toBe('validation_failed');

    const member = await newPlayer(t, demo);
    const asMember = await t.app.inject({
      method: 'POST',
      url: '/admin/api/promotions',
      headers: { authorization: `Bearer ${member.token}`, merchant: demo.code },
      payload: { title: 'x', content: 'x' },
    });
    expect(asMember.statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/admin/api/promotions/order',
      headers: { merchant: demo.code },
      payload: { ids: [id] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
