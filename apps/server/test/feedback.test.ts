import type { ClientToServerEvents, MessagesEvent, ServerToClientEvents } from '@sea/contracts';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, multipart, newPlayer, type Player, testImage } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Member feedback (PUT /wps/feedback): word counts, image type / size / count checked before anything is written,
 * never a 5xx; the member's own list; the back office's inbox behind feedback.view / feedback.reply; a reply reaches
 * the member as a message, pushed to its socket as the new unread count.
 */
let t: TestApp;
let demo: Merchant;
let url = '';
const WORDS = 'the deposit did not arrive after twenty minutes';

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const send = (p: Player, fields: Record<string, string>, images: Buffer[] = [], type = 'image/png') => {
  const form = multipart(
    fields,
    images.map((content, i) => ({ field: 'images', content, name: `shot${i}.png`, type })),
  );
  return t.app.inject({
    method: 'PUT',
    url: '/wps/feedback',
    headers: { ...bearer(p.token), merchant: 'demo', ...form.headers },
    payload: form.payload,
  });
};
const admin = (a: TestAdmin, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: path,
    headers: { authorization: `Bearer ${a.token}`, merchant: 'demo' },
    ...(payload && { payload }),
  });
const countRows = async () =>
  Number(
    (
      await t.database.all
        .selectFrom('member_feedback')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('member feedback', () => {
  it('is sent with up to 3 images (re-encoded) and listed for the member', async () => {
    const p = await newPlayer(t, demo);
    const png = await testImage('png');
    const jpg = await testImage('jpeg');
    const r = await send(p, { questionType: 'deposit', content: `  ${WORDS}  ` }, [png, jpg, png]);
    expect(r.statusCode, r.body).toBe(200);
    const item = r.json().value;
    expect(item).toMatchObject({ questionType: 'deposit', content: WORDS, status: 'new', imageCount: 3, reply: null });
    expect(item.reference).toMatch(/^FBK-[0-9A-Z]{8}$/);
    // JSON without images too
    const j = await t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { ...bearer(p.token), merchant: 'demo' },
      payload: { questionType: 'suggestion', content: 'please add more lottery games here' },
    });
    expect(j.statusCode, j.body).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/wps/feedback',
      headers: { ...bearer(p.token), merchant: 'demo' },
    });
    expect(list.json().value).toMatchObject({
      total: 2,
      list: [{ questionType: 'suggestion' }, { reference: item.reference }],
    });
    // another member sees none of it
    const other = await newPlayer(t, demo);
    const none = await t.app.inject({
      method: 'GET',
      url: '/wps/feedback',
      headers: { ...bearer(other.token), merchant: 'demo' },
    });
    expect(none.json().value.total).toBe(0);
  });

  it('refuses bad input with a clear code and writes nothing', async () => {
    const p = await newPlayer(t, demo);
    const before = await countRows();
    const png = await testImage('png');
    const expectRefused = async (r: Awaited<ReturnType<typeof send>>, status: number, code: string) => {
      expect(r.statusCode, r.body).toBe(status);
      expect(r.json()).toMatchObject({ success: false, code });
    };
    // word counts: 4 words, 301 words; unknown type; missing fields
    const few = await send(p, { questionType: 'deposit', content: 'one two three four' });
    await expectRefused(few, 400, 'validation_failed');
    expect(few.json().value.fields[0]).toMatchObject({
      field: 'content',
      message: 'Feedback content is between 5 and 300 words.',
    });
    await expectRefused(
      await send(p, { questionType: 'deposit', content: 'word '.repeat(301) }),
      400,
      'validation_failed',
    );
    await expectRefused(await send(p, { questionType: 'casino', content: WORDS }), 400, 'validation_failed');
    await expectRefused(await send(p, { content: WORDS }), 400, 'validation_failed');
    // images: a GIF (by its bytes, whatever it is called), bytes that only claim to be a PNG, too many, too large
    await expectRefused(
      await send(p, { questionType: 'games', content: WORDS }, [await testImage('gif')]),
      415,
      'unsupported_media_type',
    );
    const fake = Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]);
    await expectRefused(
      await send(p, { questionType: 'games', content: WORDS }, [fake]),
      415,
      'unsupported_media_type',
    );
    await expectRefused(
      await send(p, { questionType: 'games', content: WORDS }, [png, png, png, png]),
      400,
      'feedback_too_many_images',
    );
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024, 1)]);
    await expectRefused(await send(p, { questionType: 'games', content: WORDS }, [big]), 413, 'payload_too_large');
    // a broken form, a JSON body of the wrong shape
    const broken = await t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { ...bearer(p.token), merchant: 'demo', 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nnonsense',
    });
    expect(broken.statusCode).toBeLessThan(500);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { ...bearer(p.token), merchant: 'demo' },
      payload: { questionType: 1, content: ['x'] },
    });
    await expectRefused(wrong, 400, 'validation_failed');
    expect(await countRows()).toBe(before);
    // logged out
    const anon = await t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      payload: { questionType: 'other', content: WORDS },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('is rate-limited per member (10 an hour)', async () => {
    const p = await newPlayer(t, demo);
    for (let i = 0; i < 10; i++)
      expect((await send(p, { questionType: 'other', content: WORDS })).statusCode).toBe(200);
    const r = await send(p, { questionType: 'other', content: WORDS });
    expect(r.statusCode).toBe(429);
    expect(r.json().code).toBe('too_many_requests');
  });
});

describe('feedback in the back office', () => {
  it('staff without feedback.view are refused; an auditor reads but cannot reply', async () => {
    const games = await createTestAdmin(t, { role: 'games' });
    expect((await admin(games, 'GET', '/admin/api/feedback')).statusCode).toBe(403);
    const auditor = await createTestAdmin(t, { role: 'auditor' });
    expect((await admin(auditor, 'GET', '/admin/api/feedback')).statusCode).toBe(200);
    const p = await newPlayer(t, demo);
    const ref = (await send(p, { questionType: 'account', content: WORDS })).json().value.reference as string;
    const r = await admin(auditor, 'POST', `/admin/api/feedback/${ref}/reply`, { reply: 'hello' });
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('admin_forbidden');
  });

  it('the inbox filters; a reply reaches the member as a message and pushes the unread count; closing ends it', async () => {
    const cs = await createTestAdmin(t, { role: 'risk' });
    const p = await newPlayer(t, demo);
    const ref = (await send(p, { questionType: 'withdrawal', content: WORDS }, [await testImage('jpeg')])).json().value
      .reference as string;

    const inbox = await admin(cs, 'GET', `/admin/api/feedback?status=new&account=${p.account}`);
    expect(inbox.json().value).toMatchObject({
      total: 1,
      list: [{ reference: ref, account: p.account, status: 'new' }],
    });
    expect(
      (await admin(cs, 'GET', `/admin/api/feedback?status=answered&account=${p.account}`)).json().value.total,
    ).toBe(0);
    expect((await admin(cs, 'GET', '/admin/api/feedback?account=nobody-here')).json().value.total).toBe(0);
    const detail = (await admin(cs, 'GET', `/admin/api/feedback/${ref}`)).json().value;
    expect(detail.images).toHaveLength(1);
    expect(detail.images[0]).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect((await admin(cs, 'GET', '/admin/api/feedback/FBK-00000000')).json().code).toBe('feedback_not_found');

    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectClient(url, {
      path: '/socket.io',
      auth: { token: p.token, merchant: 'demo' },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const pushed = new Promise<MessagesEvent>((resolve) => socket.once('messages', resolve));
      const reply = await admin(cs, 'POST', `/admin/api/feedback/${ref}/reply`, {
        reply: 'We found it <b>now</b>.\nIt is credited.',
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().value).toMatchObject({
        status: 'answered',
        handledBy: cs.username,
        reply: 'We found it <b>now</b>.\nIt is credited.',
      });
      expect(await pushed).toEqual({ unread: 1 });
    } finally {
      socket.disconnect();
    }
    const msgs = (await t.app.inject({ method: 'GET', url: '/wps/member/messages', headers: bearer(p.token) })).json()
      .value;
    expect(msgs.unreadCount).toBe(1);
    const msg = (
      await t.app.inject({ method: 'GET', url: `/wps/member/messages/${msgs.list[0].id}`, headers: bearer(p.token) })
    ).json().value;
    expect(msg.title).toBe(`Reply to your feedback ${ref}`);
    expect(msg.content).toBe('<p>We found it &lt;b&gt;now&lt;/b&gt;.<br>It is credited.</p>');
    // The wrapper is stored in every language: the reader's language picks it (issue 24), the staff's words kept.
    for (const [language, title] of [
      ['ty', `Trả lời góp ý ${ref}`],
      ['tl', `Sagot sa iyong feedback ${ref}`],
      ['en', `Reply to your feedback ${ref}`],
    ] as const) {
      const read = await t.app.inject({
        method: 'GET',
        url: `/wps/member/messages/${msgs.list[0].id}`,
        headers: { ...bearer(p.token), language },
      });
      expect(read.json().value).toMatchObject({ title, content: msg.content });
    }
    const mine = (await t.app.inject({ method: 'GET', url: '/wps/feedback', headers: bearer(p.token) })).json().value;
    expect(mine.list[0]).toMatchObject({
      reference: ref,
      status: 'answered',
      reply: 'We found it <b>now</b>.\nIt is credited.',
    });

    const audit = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['action', 'target_id'])
      .where('action', 'like', 'feedback.%')
      .where('target_id', '=', ref)
      .execute();
    expect(audit).toEqual([{ action: 'feedback.reply', target_id: ref }]);

    const closed = await admin(cs, 'POST', `/admin/api/feedback/${ref}/close`);
    expect(closed.json().value).toMatchObject({ status: 'closed' });
    const again = await admin(cs, 'POST', `/admin/api/feedback/${ref}/reply`, { reply: 'late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('feedback_closed');
    expect((await admin(cs, 'POST', `/admin/api/feedback/${ref}/close`)).json().code).toBe('feedback_closed');
    // the refused reply sent nothing
    const after = (await t.app.inject({ method: 'GET', url: '/wps/member/messages', headers: bearer(p.token) })).json()
      .value;
    expect(after.total).toBe(1);
    expect((await admin(cs, 'GET', '/admin/api/feedback?status=closed&account=' + p.account)).json().value.total).toBe(
      1,
    );
  });
});
