import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { createMerchant } from './helpers/factories.ts';
import { newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/** Member messages: the operator sends to one member or to all (audited); each member reads only its own inbox. */

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

const call = (p: Player, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${p.token}`, merchant: p.merchant.code } });

async function operator(m: Merchant = demo) {
  const admin = await createTestAdmin(t, { merchantCode: m.code });
  return async (payload: object) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/admin/api/messages',
      headers: { authorization: `Bearer ${admin.token}`, merchant: m.code },
      payload,
    });
    return r;
  };
}

const tick = () => {
  now = new Date(now.getTime() + 60_000);
};

describe('member messages', () => {
  it('a member sees its own messages and its site’s broadcasts, newest first; reading lowers the unread count', async () => {
    const send = await operator();
    const alice = await newPlayer(t, demo);
    const bob = await newPlayer(t, demo);
    const agent = await newPlayer(t, demo, { type: 1 });
    const sent = async (payload: object) => {
      tick();
      const r = await send(payload);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().value as { id: string; account: string | null };
    };
    const toAlice = await sent({
      to: 'member',
      account: alice.account.toUpperCase(),
      title: 'Your bonus',
      content: '<p>Hi <b>Alice</b></p>',
    });
    expect(toAlice.account).toBe(alice.account);
    const toBob = await sent({ to: 'member', account: bob.account, title: 'For Bob', content: 'Bob only' });
    const all = await sent({ to: 'all', title: 'Maintenance tonight', content: '<p>From 02:00</p>' });
    const elsewhere = await operator(other);
    const foreign = (await elsewhere({ to: 'all', title: 'Other site', content: 'x' })).json().value.id as string;

    const inbox = (await call(alice, 'GET', '/wps/member/messages')).json().value;
    expect(inbox).toMatchObject({ total: 2, unreadCount: 2, pageNo: 1, pageSize: 10 });
    expect(inbox.list).toEqual([
      { id: all.id, title: 'Maintenance tonight', sentAt: now.getTime(), broadcast: true, unread: true },
      { id: toAlice.id, title: 'Your bonus', sentAt: now.getTime() - 120_000, broadcast: false, unread: true },
    ]);
    expect((await call(alice, 'GET', '/wps/member/messages/unread')).json().value).toEqual({ unreadCount: 2 });
    // agents are members too: they get the broadcast
    expect((await call(agent, 'GET', '/wps/member/messages/unread')).json().value).toEqual({ unreadCount: 1 });

    const detail = (await call(alice, 'GET', `/wps/member/messages/${toAlice.id}`)).json().value;
    expect(detail).toMatchObject({ title: 'Your bonus', content: '<p>Hi <b>Alice</b></p>', unread: true });
    const read = await call(alice, 'POST', `/wps/member/messages/${toAlice.id}/read`);
    expect(read.json().value).toEqual({ unreadCount: 1 });
    expect((await call(alice, 'POST', `/wps/member/messages/${toAlice.id}/read`)).json().value).toEqual({
      unreadCount: 1,
    });
    expect((await call(alice, 'GET', `/wps/member/messages/${toAlice.id}`)).json().value.unread).toBe(false);
    // the broadcast read by Alice is still unread for Bob
    await call(alice, 'POST', `/wps/member/messages/${all.id}/read`);
    expect((await call(alice, 'GET', '/wps/member/messages/unread')).json().value.unreadCount).toBe(0);
    expect((await call(bob, 'GET', '/wps/member/messages/unread')).json().value.unreadCount).toBe(2);

    // another member's message and another site's broadcast are refused, reading and marking alike
    for (const id of [toBob.id, foreign, '999999999']) {
      const got = await call(alice, 'GET', `/wps/member/messages/${id}`);
      expect([got.statusCode, got.json().code]).toEqual([404, 'message_not_found']);
      const mark = await call(alice, 'POST', `/wps/member/messages/${id}/read`);
      expect([mark.statusCode, mark.json().code]).toEqual([404, 'message_not_found']);
    }
    expect((await call(bob, 'GET', `/wps/member/messages/${toBob.id}`)).json().value.unread).toBe(true);

    // a member who joins later sees the earlier broadcasts
    const carol = await newPlayer(t, demo);
    expect(
      (await call(carol, 'GET', '/wps/member/messages')).json().value.list.map((m: { id: string }) => m.id),
    ).toEqual([all.id]);

    const log = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'message.send')
      .where('merchant_id', '=', demo.id)
      .execute();
    expect(log).toContainEqual({ action: 'message.send', target_id: toAlice.id });
    expect(log).toContainEqual({ action: 'message.send', target_id: all.id });
  });

  it('pages newest first', async () => {
    const send = await operator(other);
    const dave = await newPlayer(t, other);
    for (let i = 1; i <= 5; i++) {
      tick();
      expect((await send({ to: 'member', account: dave.account, title: `Note ${i}`, content: 'x' })).statusCode).toBe(
        200,
      );
    }
    const page2 = (await call(dave, 'GET', '/wps/member/messages?pageNo=2&pageSize=2')).json().value;
    // 5 of its own + the site's earlier broadcast ("Other site")
    expect(page2).toMatchObject({ total: 6, unreadCount: 6, pageNo: 2, pageSize: 2 });
    expect(page2.list.map((m: { title: string }) => m.title)).toEqual(['Note 3', 'Note 2']);
    const bad = await call(dave, 'GET', '/wps/member/messages?pageSize=500');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation_failed']);
  });

  it('refuses bad input with clear codes and writes nothing; only operators send; trial accounts have no inbox', async () => {
    const send = await operator();
    const count = async () =>
      Number(
        (
          await t.database.all
            .selectFrom('member_messages')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const dave = await newPlayer(t, other);
    for (const bad of [
      { to: 'everyone', title: 'x', content: 'x' },
      { to: 'member', title: 'x', content: 'x' },
      { to: 'all', title: '', content: 'x' },
      { to: 'all', title: 'x', content: '' },
      { to: 'all', title: 'x'.repeat(201), content: 'x' },
    ]) {
      const res = await send(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    // an unknown account, or one of another site: a clear code
    for (const account of ['nobody-here', dave.account]) {
      const res = await send({ to: 'member', account, title: 'x', content: 'x' });
      expect([res.statusCode, res.json().code]).toEqual([404, 'message_recipient_not_found']);
    }
    expect(await count()).toBe(before);

    const member = await newPlayer(t, demo);
    const asMember = await t.app.inject({
      method: 'POST',
      url: '/admin/api/messages',
      headers: { authorization: `Bearer ${member.token}`, merchant: demo.code },
      payload: { to: 'all', title: 'x', content: 'x' },
    });
    expect(asMember.statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/wps/member/messages',
      headers: { merchant: demo.code },
    });
    expect(anonymous.statusCode).toBe(401);
    const trial = await newPlayer(t, demo, { type: demo.trialTypes[0] });
    expect((await call(trial, 'GET', '/wps/member/messages')).json().code).toBe('in_need_true_account');
    expect((await call(member, 'GET', '/wps/member/messages/abc')).json().code).toBe('validation_failed');
  });
});
