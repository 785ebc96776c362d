import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { createMerchant } from './helpers/factories.ts';
import { multipart, newPlayer, testImage } from './helpers/players.ts';
import { buildTestApp, testHasher, type TestApp } from './helpers/test-app.ts';

/**
 * Site content (issue 24): the media store (content-hashed, immutable, the same bytes from every process) and the
 * operator's banners and notices (CRUD, audit, permission, time window, language fallback) as the site reads them.
 */

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

const visit = (url: string, code = demo.code, language?: string) =>
  t.app.inject({ method: 'GET', url, headers: { merchant: code, ...(language && { language }) } });

async function operator(m: Merchant = demo, role?: string) {
  const admin = await createTestAdmin(t, { merchantCode: m.code, role });
  const headers = { authorization: `Bearer ${admin.token}`, merchant: m.code };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, payload });
  const upload = async (content: Buffer) => {
    const form = multipart({}, { field: 'file', content });
    return t.app.inject({
      method: 'POST',
      url: '/admin/api/content/media',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };
  return { call, upload };
}

const banners = async (group: string, code = other.code, language?: string) => {
  t.app.modules.content.forget();
  const r = await visit(`/wps/relay/MCSFE_banners?groupName=${group}`, code, language);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().value.list as { title: string; text: string; url: string; link: string | null }[];
};

describe('media store', () => {
  it('stores a re-encoded image under its hash and serves it immutable, also from a second process', async () => {
    const { upload } = await operator();
    const png = await testImage('png', 3000, 600);
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    // fitted within 2400 px, still a PNG, named by the SHA-256 of the stored bytes
    expect(v).toMatchObject({ contentType: 'image/png', width: 2400, height: 480 });
    expect(v.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: v.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-type']).toBe('image/png');
    expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(v.url.slice(7, 71));
    expect(served.rawPayload.length).toBe(v.bytes);
    // the same image again: the same URL (one row)
    expect((await upload(png)).json().value.url).toBe(v.url);
    // a conditional request: 304
    const again = await t.app.inject({ method: 'GET', url: v.url, headers: { 'if-none-match': served.headers.etag } });
    expect(again.statusCode).toBe(304);

    // another server process on the same database serves the same bytes
    const pgUrl = t.database.url;
    const db2 = pgUrl ? await openDatabase({ kind: 'postgres', url: pgUrl, poolSize: 2 }) : t.database;
    let app2: FastifyInstance | undefined;
    try {
      app2 = await buildApp({
        config: { TRUST_PROXY: true, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined },
        logger: false,
        hasher: testHasher,
        database: db2,
      });
      const second = await app2.inject({ method: 'GET', url: v.url });
      expect(second.statusCode).toBe(200);
      expect(second.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Buffer.compare(second.rawPayload, served.rawPayload)).toBe(0);
    } finally {
      await app2?.close();
      if (pgUrl) await db2.close();
    }
  });

  it('keeps JPEG as JPEG; refuses other files, bad names and missing images with clear answers', async () => {
    const { upload } = await operator();
    const jpg = (await upload(await testImage('jpeg', 800, 300))).json().value;
    expect(jpg).toMatchObject({ contentType: 'image/jpeg', width: 800, height: 300 });
    expect(jpg.url).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: jpg.url })).headers['content-type']).toBe('image/jpeg');

    const gif = await upload(await testImage('gif'));
    expect([gif.statusCode, gif.json().code]).toEqual([415, 'unsupported_media_type']);
    const text = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(text.json().code).toBe('unsupported_media_type');
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    for (const url of [
      `/media/${'0'.repeat(64)}.png`,
      jpg.url.replace('.jpg', '.png'),
      '/media/abc.png',
      '/media/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('banners and notices', () => {
  it('the demo merchant has its seeded home banners (with images served) and its marquee notice', async () => {
    const list = await banners('w_home', demo.code);
    expect(list.map((b) => b.title)).toEqual(['Lottery every minute', 'Live casino', 'Welcome bonus']);
    expect(list[0]!.link).toBe('/lottery');
    expect((await t.app.inject({ method: 'GET', url: list[0]!.url })).statusCode).toBe(200);
    const ty = await banners('w_home', demo.code, 'ty');
    expect(ty[0]!.title).toBe('Xổ số mỗi phút');
    expect(await banners('w_login', demo.code)).toHaveLength(1);
    const notices = (await visit('/wps/relay/MCSFE_notices?types=B&platform=W')).json().value.list;
    expect(notices).toHaveLength(1);
    expect(notices[0].title).toContain('Play responsibly');
  });

  it('staff add, replace, unpublish and delete banners (audited); visitors see the current ones in order', async () => {
    const { call, upload } = await operator(other);
    const image = (await upload(await testImage('png', 1200, 360))).json().value.url as string;
    const add = async (body: object) => {
      const r = await call('POST', '/admin/api/content/banners', { groupName: 'w_home', imageUrl: image, ...body });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().value as { id: string };
    };
    const a = await add({
      sort: 2,
      linkageType: 'url',
      linkageTarget: 'https://example.com/x',
      texts: { en: { title: 'Second' }, ty: { title: 'Thứ hai', text: 'TY' } },
    });
    const b = await add({ sort: 1, linkageType: 'promotion', linkageTarget: '12', texts: { en: { title: 'First' } } });
    await add({ sort: 0, startsAt: '2026-12-01T00:00:00Z', texts: { en: { title: 'Next month' } } });
    await add({ sort: 0, startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-02T00:00:00Z', texts: {} });
    const hidden = await add({ published: false, texts: { en: { title: 'Draft' } } });
    await add({ groupName: 'w_login', texts: { en: { title: 'Login art' } } });

    const list = await banners('w_home');
    expect(list.map((x) => x.title)).toEqual(['First', 'Second']);
    expect(list[0]).toMatchObject({ link: '/promotions#12', linkageType: 'promotion', url: image });
    expect(list[1]).toMatchObject({ link: 'https://example.com/x', text: '' });
    // the visitor's language, else the merchant's default language
    expect((await banners('w_home', other.code, 'ty')).map((x) => x.title)).toEqual(['First', 'Thứ hai']);
    expect((await banners('w_login')).map((x) => x.title)).toEqual(['Login art']);
    // another merchant sees none of them
    expect((await banners('w_home', demo.code)).map((x) => x.title)).not.toContain('First');

    // the window: a month later the scheduled one shows, until it is unpublished
    now = new Date('2026-12-02T00:00:00Z');
    try {
      expect((await banners('w_home')).map((x) => x.title)).toEqual(['Next month', 'First', 'Second']);
    } finally {
      now = START;
    }
    const published = await call('POST', `/admin/api/content/banners/${hidden.id}/publish`, { published: true });
    expect(published.json().value.published).toBe(true);
    const replaced = await call('PUT', `/admin/api/content/banners/${a.id}`, {
      groupName: 'w_home',
      imageUrl: image,
      sort: 0,
      texts: { en: { title: 'Replaced' } },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().value).toMatchObject({ linkageType: 'none', linkageTarget: null, texts: { en: {} } });
    expect(Object.keys(replaced.json().value.texts)).toEqual(['en']);
    expect((await call('DELETE', `/admin/api/content/banners/${b.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/admin/api/content/banners/${b.id}`)).json().code).toBe('content_not_found');
    expect((await banners('w_home')).map((x) => x.title)).toEqual(['Replaced', 'Draft']);
    const all = (await call('GET', '/admin/api/content/banners?groupName=w_home')).json().value.list;
    expect(all).toHaveLength(4);

    const log = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['action', 'target_id'])
      .where('merchant_id', '=', other.id)
      .where('action', 'like', 'banner.%')
      .execute();
    expect(log).toContainEqual({ action: 'banner.create', target_id: a.id });
    expect(log).toContainEqual({ action: 'banner.update', target_id: a.id });
    expect(log).toContainEqual({ action: 'banner.publish', target_id: hidden.id });
    expect(log).toContainEqual({ action: 'banner.delete', target_id: b.id });
  });

  it('notices by type: the marquee, popups with their audience, texts per language with the fallback', async () => {
    const { call } = await operator(other);
    const add = async (body: object) => {
      const r = await call('POST', '/admin/api/content/notices', body);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().value as { id: string };
    };
    await add({ type: 'B', texts: { en: { title: 'Marquee EN' }, vi: { title: 'Marquee VI' } } });
    await add({ type: 'PU', audience: 'guest', texts: { ty: { title: 'Khách', content: '<p>x</p>' } } });
    await add({ type: 'PU', audience: 'F', texts: { en: { title: 'First time' } } });
    const pr = await add({ type: 'PR', promotionId: '7', texts: { en: { title: 'Promo' } } });
    await add({ type: 'PL', startsAt: '2026-11-09T10:11:12Z', texts: { en: { title: 'Old news' } } });
    const later = await add({ type: 'PL', startsAt: '2026-12-09T10:11:12Z', texts: { en: { title: 'Later' } } });

    const read = async (types: string, language?: string) => {
      t.app.modules.content.forget();
      const r = await visit(`/wps/relay/MCSFE_notices?types=${types}&platform=W`, other.code, language);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().value.list as { title: string; type: string; audience: string; promotionType: string | null }[];
    };
    expect((await read('B')).map((n) => n.title)).toEqual(['Marquee EN']);
    expect((await read('B', 'vi')).map((n) => n.title)).toEqual(['Marquee VI']);
    // newest first at the same order; written in TY only: shown to an English visitor in TY rather than empty
    const popups = await read('PU');
    expect(popups.map((n) => [n.title, n.audience])).toEqual([
      ['First time', 'F'],
      ['Khách', 'guest'],
    ]);
    expect((await read('PR'))[0]).toMatchObject({ title: 'Promo', promotionType: '7' });
    const pl = (await read('PL'))[0] as unknown as { title: string; startDateStr: number };
    expect(pl).toMatchObject({ title: 'Old news', startDateStr: Date.parse('2026-11-09T10:11:12Z') });
    expect((await read('B,PL,PU,PR,H')).length).toBe(5);
    expect((await read('H')).length).toBe(0);

    const unpublished = await call('POST', `/admin/api/content/notices/${pr.id}/publish`, { published: false });
    expect(unpublished.json().value.published).toBe(false);
    expect(await read('PR')).toHaveLength(0);
    expect((await call('DELETE', `/admin/api/content/notices/${later.id}`)).statusCode).toBe(200);
    const list = (await call('GET', '/admin/api/content/notices')).json().value.list;
    expect(list).toHaveLength(5);
  });

  it('refuses bad input with clear codes, writes nothing; staff without the content permission are refused', async () => {
    const { call, upload } = await operator(other);
    const image = (await upload(await testImage('png', 400, 100))).json().value.url as string;
    const before = (await call('GET', '/admin/api/content/banners')).json().value.list;
    for (const bad of [
      { groupName: 'w_nope', imageUrl: image },
      { groupName: 'w_home', imageUrl: '/promotions/welcome.svg' },
      { groupName: 'w_home', imageUrl: 'https://evil.example.com/a.png' },
      { groupName: 'w_home', imageUrl: image, linkageType: 'url', linkageTarget: 'javascript:alert(1)' },
      { groupName: 'w_home', imageUrl: image, linkageType: 'url', linkageTarget: 'ftp://x.example.com/' },
      { groupName: 'w_home', imageUrl: image, linkageType: 'game', linkageTarget: '//evil.example.com' },
      { groupName: 'w_home', imageUrl: image, linkageType: 'promotion', linkageTarget: 'abc' },
      { groupName: 'w_home', imageUrl: image, sort: 2 ** 31 },
      { groupName: 'w_home', imageUrl: image, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
      { groupName: 'w_home', imageUrl: image, texts: { fr: { title: 'x' } } },
      { groupName: 'w_home', imageUrl: image, texts: { en: { title: 'x'.repeat(121) } } },
    ]) {
      const res = await call('POST', '/admin/api/content/banners', bad);
      expect([res.statusCode, res.json().code], JSON.stringify(bad)).toEqual([400, 'validation_failed']);
    }
    for (const bad of [
      { type: 'X', texts: { en: { title: 'x' } } },
      { type: 'B', texts: {} },
      { type: 'B', texts: { en: { title: '' } } },
      { type: 'PU', audience: 'everyone', texts: { en: { title: 'x' } } },
    ]) {
      const res = await call('POST', '/admin/api/content/notices', bad);
      expect([res.statusCode, res.json().code], JSON.stringify(bad)).toEqual([400, 'validation_failed']);
    }
    expect((await call('GET', '/admin/api/content/banners')).json().value.list).toEqual(before);
    const id = before[0].id as string;
    const early = await call('PUT', `/admin/api/content/banners/${id}`, {
      groupName: 'w_home',
      imageUrl: image,
      endsAt: '2026-01-01T00:00:00Z',
    });
    expect([early.statusCode, early.json().code]).toEqual([400, 'content_period_invalid']);
    // another merchant's banner: not found
    const { call: asDemo } = await operator(demo);
    const foreign = await asDemo('PUT', `/admin/api/content/banners/${id}`, { groupName: 'w_home', imageUrl: image });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'content_not_found']);
    for (const url of [
      '/wps/relay/MCSFE_banners?groupName=x',
      '/wps/relay/MCSFE_notices?types=B,Z',
      '/wps/relay/MCSFE_banners',
    ])
      expect((await visit(url)).json().code, url).toBe('validation_failed');

    // finance staff may not touch content; a member's token is no staff session
    const finance = await operator(demo, 'finance');
    const refused = await finance.call('POST', '/admin/api/content/notices', {
      type: 'B',
      texts: { en: { title: 'x' } },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'admin_forbidden']);
    expect((await finance.call('GET', '/admin/api/content/banners')).statusCode).toBe(403);
    expect((await finance.upload(await testImage('png'))).statusCode).toBe(403);
    const member = await newPlayer(t, demo);
    const asMember = await t.app.inject({
      method: 'POST',
      url: '/admin/api/content/banners',
      headers: { authorization: `Bearer ${member.token}`, merchant: demo.code },
      payload: { groupName: 'w_home', imageUrl: image },
    });
    expect(asMember.statusCode).toBe(401);
    // the content role may
    const content = await operator(demo, 'content');
    expect((await content.call('GET', '/admin/api/content/notices')).statusCode).toBe(200);
  });
});
