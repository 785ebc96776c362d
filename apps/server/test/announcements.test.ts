import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { createMerchant } from './helpers/factories.ts';
import { newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/** Agent announcements: the operator publishes and withdraws (audited); agents list, open and read them. */

let now = new Date('2026-11-10T04:00:00Z');
let t: TestApp;
let demo: Merchant;
let other: Merchant;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  other = (await t.app.modules.merchants.findByCode((await createMerchant(t.database.all)).code))!;
});
afterAll(() => t.close());

const call = (p: Player, method: 'GET' | 'POST', url: string, code = demo.code) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${p.token}`, merchant: code } });

async function operator(m: Merchant = demo) {
  const admin = await createTestAdmin(t, { merchantCode: m.code });
  return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin.token}`, merchant: m.code }, payload });
}

describe('agent announcements', () => {
  it('agents see the agents-audience ones that are live, newest first, unread until read; members are refused', async () => {
    const asAdmin = await operator();
    const publish = async (body: object) => {
      const r = await asAdmin('POST', '/admin/api/announcements', { content: '<p>Hello <b>agents</b></p>', ...body });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().value.id as string;
    };
    const first = await publish({ audience: 'agents', title: 'New wage tiers', startsAt: '2026-11-09T00:00:00Z' });
    const second = await publish({ audience: 'agents', title: 'Maintenance tonight', promotionType: 'NOTICE' });
    await publish({ audience: 'members', title: 'For players only' });
    await publish({ audience: 'agents', title: 'Later', startsAt: '2026-12-01T00:00:00Z' });
    await publish({
      audience: 'agents',
      title: 'Over',
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-11-02T00:00:00Z',
    });
    const withdrawn = await publish({ audience: 'agents', title: 'Oops' });
    expect((await asAdmin('POST', `/admin/api/announcements/${withdrawn}/withdraw`)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/admin/api/announcements/${withdrawn}/withdraw`)).json().code).toBe(
      'announcement_not_found',
    );

    const agent = await newPlayer(t, demo, { type: 1 });
    const list = (await call(agent, 'GET', '/wps/agent/announcements')).json().value;
    expect(list).toMatchObject({ total: 2, unreadCount: 2, pageNo: 1 });
    expect(list.list.map((a: { title: string }) => a.title)).toEqual(['Maintenance tonight', 'New wage tiers']);
    expect(list.list[0]).toMatchObject({ id: second, promotionType: 'NOTICE', unread: true });

    const detail = (await call(agent, 'GET', `/wps/agent/announcements/${first}`)).json().value;
    expect(detail).toMatchObject({ title: 'New wage tiers', content: '<p>Hello <b>agents</b></p>', unread: true });
    expect(detail.startDateStr).toBe(Date.parse('2026-11-09T00:00:00Z'));
    expect((await call(agent, 'POST', `/wps/agent/announcements/${first}/read`)).statusCode).toBe(200);
    expect((await call(agent, 'POST', `/wps/agent/announcements/${first}/read`)).statusCode).toBe(200);
    const after = (await call(agent, 'GET', '/wps/agent/announcements')).json().value;
    expect(after.unreadCount).toBe(1);
    expect(after.list.find((a: { id: string }) => a.id === first).unread).toBe(false);
    // another agent still has both unread
    const agent2 = await newPlayer(t, demo, { type: 1 });
    expect((await call(agent2, 'GET', '/wps/agent/announcements')).json().value.unreadCount).toBe(2);

    // not live, withdrawn or of another audience: not found, also when marked read
    for (const id of [withdrawn]) {
      expect((await call(agent, 'GET', `/wps/agent/announcements/${id}`)).json().code).toBe('announcement_not_found');
      expect((await call(agent, 'POST', `/wps/agent/announcements/${id}/read`)).statusCode).toBe(404);
    }
    const member = await newPlayer(t, demo, { type: 0 });
    const refused = await call(member, 'GET', '/wps/agent/announcements');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('agent_required');

    const log = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['action', 'target_id'])
      .where('action', 'like', 'announcement.%')
      .execute();
    expect(log).toContainEqual({ action: 'announcement.create', target_id: first });
    expect(log).toContainEqual({ action: 'announcement.withdraw', target_id: withdrawn });
    const all = (await asAdmin('GET', '/admin/api/announcements')).json().value;
    expect(all.total).toBe(5);

    // time passes: the scheduled one shows, nothing ended shows
    now = new Date('2026-12-01T01:00:00Z');
    try {
      const fresh = await newPlayer(t, demo, { type: 1 }); // a session of that time
      const later = (await call(fresh, 'GET', '/wps/agent/announcements')).json().value;
      expect(later.list.map((a: { title: string }) => a.title)).toEqual([
        'Later',
        'Maintenance tonight',
        'New wage tiers',
      ]);
    } finally {
      now = new Date('2026-11-10T04:00:00Z');
    }
  });

  it("keeps merchants apart and refuses bad input with clear codes; a member's session is no operator's", async () => {
    const asOther = await operator(other);
    const r = await asOther('POST', '/admin/api/announcements', {
      audience: 'agents',
      title: 'Other merchant only',
      content: 'x',
    });
    expect(r.statusCode, r.body).toBe(200);
    const agent = await newPlayer(t, demo, { type: 1 });
    const seen = (await call(agent, 'GET', '/wps/agent/announcements')).json().value.list;
    expect(seen.map((a: { title: string }) => a.title)).not.toContain('Other merchant only');
    expect((await call(agent, 'GET', `/wps/agent/announcements/${r.json().value.id}`)).statusCode).toBe(404);

    const asAdmin = await operator();
    for (const bad of [
      { audience: 'everyone', title: 'x', content: 'x' },
      { audience: 'agents', title: '', content: 'x' },
      {
        audience: 'agents',
        title: 'x',
        content: 'x',
        startsAt: '2026-12-02T00:00:00Z',
        endsAt: '2026-12-01T00:00:00Z',
      },
    ]) {
      const res = await asAdmin('POST', '/admin/api/announcements', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const asMember = await t.app.inject({
      method: 'POST',
      url: '/admin/api/announcements',
      headers: { authorization: `Bearer ${agent.token}`, merchant: demo.code },
      payload: { audience: 'agents', title: 'x', content: 'x' },
    });
    expect(asMember.statusCode).toBe(401);
  });

  it('is edited after publishing with its translations: agents read the new text at once; the audit keeps the old', async () => {
    const asAdmin = await operator();
    const body = {
      audience: 'agents',
      title: 'Wage day moved',
      content: '<p>Wages on Monday</p>',
      translations: { ty: { title: 'Đổi ngày trả lương', content: '<p>Trả lương thứ Hai</p>' } },
      startsAt: '2026-11-09T00:00:00Z',
    };
    const created = await asAdmin('POST', '/admin/api/announcements', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().value.id as string;
    const agent = await newPlayer(t, demo, { type: 1 });
    const read = async (language: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/wps/agent/announcements/${id}`,
          headers: { authorization: `Bearer ${agent.token}`, merchant: demo.code, language },
        })
      ).json().value;
    expect((await read('ty')).title).toBe('Đổi ngày trả lương');

    const edited = await asAdmin('PUT', `/admin/api/announcements/${id}`, {
      ...body,
      title: 'Wage day moved to Tuesday',
      content: '<p>Wages on Tuesday</p>',
      translations: {
        ty: { title: 'Trả lương thứ Ba', content: '<p>Lương trả vào thứ Ba</p>' },
        tl: { title: 'Sahod sa Martes', content: '<p>Ang sahod ay sa Martes</p>' },
      },
      startsAt: undefined, // none given: the start it had
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().value).toMatchObject({
      id,
      title: 'Wage day moved to Tuesday',
      startsAt: '2026-11-09T00:00:00.000Z',
      translations: { ty: { title: 'Trả lương thứ Ba' }, tl: { title: 'Sahod sa Martes' } },
    });
    // The next read (no restart, no cache to wait for) has the new text in every language.
    expect(await read('en')).toMatchObject({ title: 'Wage day moved to Tuesday', content: '<p>Wages on Tuesday</p>' });
    expect(await read('ty')).toMatchObject({ title: 'Trả lương thứ Ba', content: '<p>Lương trả vào thứ Ba</p>' });
    expect(await read('tl')).toMatchObject({ title: 'Sahod sa Martes' });
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/agent/announcements',
        headers: { authorization: `Bearer ${agent.token}`, merchant: demo.code, language: 'tl' },
      })
    ).json().value.list;
    expect(list.map((a: { title: string }) => a.title)).toContain('Sahod sa Martes');

    const audit = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['detail'])
      .where('action', '=', 'announcement.update')
      .where('target_id', '=', id)
      .execute();
    expect(audit).toHaveLength(1);
    const detail = (typeof audit[0]!.detail === 'string' ? JSON.parse(audit[0]!.detail) : audit[0]!.detail) as Record<
      string,
      { title: string; content: string; translations: object }
    >;
    expect(detail.before).toMatchObject({
      title: 'Wage day moved',
      content: '<p>Wages on Monday</p>',
      translations: { ty: { title: 'Đổi ngày trả lương' } },
    });
    expect(detail.after).toMatchObject({ title: 'Wage day moved to Tuesday' });

    // Bad edits: refused with codes, nothing changed; a withdrawn one or another merchant's is not found.
    const bad = await asAdmin('PUT', `/admin/api/announcements/${id}`, { ...body, title: '' });
    expect(bad.json().code).toBe('validation_failed');
    const backwards = await asAdmin('PUT', `/admin/api/announcements/${id}`, {
      ...body,
      startsAt: undefined,
      endsAt: '2026-11-01T00:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe('validation_failed');
    expect((await read('en')).title).toBe('Wage day moved to Tuesday');
    const asOther = await operator(other);
    expect((await asOther('PUT', `/admin/api/announcements/${id}`, body)).json().code).toBe('announcement_not_found');
    expect((await asAdmin('POST', `/admin/api/announcements/${id}/withdraw`)).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/admin/api/announcements/${id}`, body)).json().code).toBe('announcement_not_found');
    expect(t.app.adminRoutes.get('PUT /admin/api/announcements/:id')).toBe('content.manage');
    // Hostile input: a bad id, no body, a body of the wrong shape — 400 with a code, never a 5xx.
    for (const [url, payload] of [
      ['/admin/api/announcements/abc', body],
      ['/admin/api/announcements/99999999999999999999999', body],
      [`/admin/api/announcements/${id}`, undefined],
      [`/admin/api/announcements/${id}`, { ...body, translations: { xx: { title: 'a', content: 'b' } } }],
      [`/admin/api/announcements/${id}`, { ...body, content: 'x'.repeat(20_001) }],
    ] as const) {
      const r = await asAdmin('PUT', url, payload);
      expect([url, r.statusCode, r.json().code]).toEqual([url, 400, 'validation_failed']);
    }
  });

  it('an edit of what agents read (title, text, a translation) makes it unread again; a new start or promotion type does not', async () => {
    const asAdmin = await operator();
    const body = {
      audience: 'agents',
      title: 'Contract terms',
      content: '<p>Terms v1</p>',
      translations: {
        ty: { title: 'Điều khoản', content: '<p>Bản 1</p>' },
        tl: { title: 'Mga tuntunin', content: '<p>Bersyon 1</p>' },
      },
      startsAt: '2026-11-09T12:00:00Z',
    };
    const id = (await asAdmin('POST', '/admin/api/announcements', body)).json().value.id as string;
    const reader = await newPlayer(t, demo, { type: 1 });
    const bystander = await newPlayer(t, demo, { type: 1 });
    const state = async (p: Player = reader) => {
      const page = (await call(p, 'GET', '/wps/agent/announcements?pageSize=50')).json().value;
      const item = page.list.find((a: { id: string }) => a.id === id);
      return { unreadCount: page.unreadCount as number, unread: item.unread as boolean };
    };
    const put = async (payload: object) => {
      const r = await asAdmin('PUT', `/admin/api/announcements/${id}`, payload);
      expect(r.statusCode, r.body).toBe(200);
    };
    const unreadAtStart = (await state()).unreadCount;
    expect((await call(reader, 'POST', `/wps/agent/announcements/${id}/read`)).statusCode).toBe(200);
    expect(await state()).toEqual({ unreadCount: unreadAtStart - 1, unread: false });

    // A new start (it moves in the list), the same texts with the languages in another order, another promotion
    // type: nothing a reader reads changed — still read.
    await put({ ...body, startsAt: '2026-11-08T12:00:00Z' });
    await put({ ...body, translations: { tl: body.translations.tl, ty: body.translations.ty }, promotionType: 'X' });
    expect(await state()).toEqual({ unreadCount: unreadAtStart - 1, unread: false });

    // The text changed: unread again (badge count and marker), and the detail says so before it is read again.
    await put({ ...body, content: '<p>Terms v2</p>' });
    expect(await state()).toEqual({ unreadCount: unreadAtStart, unread: true });
    const detail = (await call(reader, 'GET', `/wps/agent/announcements/${id}`)).json().value;
    expect(detail).toMatchObject({ content: '<p>Terms v2</p>', unread: true });
    expect((await call(reader, 'POST', `/wps/agent/announcements/${id}/read`)).statusCode).toBe(200);
    expect(await state()).toEqual({ unreadCount: unreadAtStart - 1, unread: false });

    // One translation changed (the default text the same): unread again; the title alone too.
    await put({
      ...body,
      content: '<p>Terms v2</p>',
      translations: { ...body.translations, tl: { title: 'Mga tuntunin', content: '<p>Bersyon 2</p>' } },
    });
    expect((await state()).unread).toBe(true);
    expect((await call(reader, 'POST', `/wps/agent/announcements/${id}/read`)).statusCode).toBe(200);
    expect((await state()).unread).toBe(false);
    await put({
      ...body,
      title: 'Contract terms (updated)',
      content: '<p>Terms v2</p>',
      translations: { ...body.translations, tl: { title: 'Mga tuntunin', content: '<p>Bersyon 2</p>' } },
    });
    expect((await state()).unread).toBe(true);

    // An agent who never read it: unread all along, counted once.
    expect((await state(bystander)).unread).toBe(true);
    const rows = await t.database.all
      .selectFrom('announcement_reads')
      .select(['member_id', 'revision'])
      .where('announcement_id', '=', BigInt(id))
      .execute();
    expect(rows.map((r) => r.revision)).toEqual([3]); // the reader's one read, at the third revision it read
  });
});
