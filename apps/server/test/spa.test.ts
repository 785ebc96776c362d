import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootDataBlock, htmlLang, pageLanguage } from '../src/http/spa.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
/** The hash the build wrote for index.html's inline `<style>` (apps/web/inline-css.ts). */
const STYLE_HASH = "'sha256-1i9Ez82pc5z1VQljx6rrAuxWEeORCeSeuRHP8pG08+c='";

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>shell</title></head><body>' +
      '<div id="first-paint" class="first-paint" hidden aria-hidden="true"><section class="banner">' +
      '<div class="banner__slide banner__slide--1"><h2 lang="en">Banner</h2></div></section></div>' +
      '<div id="root"><div class="splash"></div></div>' +
      '</body></html>',
  );
  writeFileSync(join(dist, 'index.html.styles.json'), JSON.stringify({ styleHashes: [STYLE_HASH, "'unsafe-eval'"] }));
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(dist, 'play.html'), '<!doctype html><title>game page</title>');
  writeFileSync(join(dist, 'admin.html'), '<!doctype html><title>back office</title>');
  t = await buildTestApp({
    config: { TRUST_PROXY: false, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: dist, SEED_DEMO: true },
  });
});
afterAll(() => t.close());

describe('SPA serving', () => {
  it('serves client routes as index.html, never cached', async () => {
    for (const url of ['/', '/lottery', '/member/depositv2?x=1', '/help']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>shell</title>');
    }
  });

  it('writes the system status into index.html (a JSON data block), the same answer as GET /wps/system/status', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/help', headers: { host: 'localhost' } });
    const m = /<script type="application\/json" id="boot-status">(.*?)<\/script><\/head>/.exec(page.body);
    expect(m, page.body).not.toBeNull();
    const api = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status?host=localhost',
      headers: { host: 'localhost' },
    });
    expect(JSON.parse(m![1]!)).toEqual(api.json().value);
    expect(JSON.parse(m![1]!)).toMatchObject({ status: 0, merchantCode: 'demo' });
  });

  it('shows the home’s first banner slide from the HTML on the home page only, in the visitor’s language', async () => {
    const shown = (body: string) => body.includes('<div id="first-paint" class="first-paint" aria-hidden="true">');
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(shown(home.body)).toBe(true);
    expect(home.body).toContain('<html lang="en">');
    for (const url of ['/lottery', '/member/depositv2', '/?x']) {
      const other = await t.app.inject({ method: 'GET', url: url === '/?x' ? '/help?lang=ty' : url });
      expect(shown(other.body), url).toBe(false);
      expect(other.body, url).toContain('<div id="first-paint" class="first-paint" hidden');
    }
    const kept = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'a=1; i18nextLng=ty; b=2' } });
    expect(kept.body).toContain('<html lang="vi">');
    expect(shown(kept.body)).toBe(true);
    const fromUrl = await t.app.inject({ method: 'GET', url: '/?lang=ty', headers: { cookie: 'i18nextLng=en' } });
    expect(fromUrl.body).toContain('<html lang="vi">');
    expect(shown(fromUrl.body)).toBe(true);
    // Tagalog, which the demo merchant offers, is its own HTML language; a language it does not offer is English.
    const tl = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'i18nextLng=tl' } });
    expect(tl.body).toContain('<html lang="tl">');
    const unknown = await t.app.inject({ method: 'GET', url: '/?lang=xx' });
    expect(unknown.body).toContain('<html lang="en">');
  });

  it('writes the home’s banners (w_home, the visitor’s language) into the home page, its first image in the first slide', async () => {
    const block = (body: string) => {
      const m = /<script type="application\/json" id="boot-banners">(.*?)<\/script>/.exec(body);
      return m ? (JSON.parse(m[1]!) as { language: string; list: { url: string; title: string }[] }) : null;
    };
    for (const [url, cookie, language] of [
      ['/', undefined, 'en'],
      ['/?lang=tl', undefined, 'tl'],
      ['/', 'i18nextLng=ty', 'ty'],
    ] as const) {
      const home = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      const data = block(home.body);
      expect(data?.language, url).toBe(language);
      const api = await t.app.inject({
        method: 'GET',
        url: '/wps/relay/MCSFE_banners?groupName=w_home',
        headers: { language },
      });
      expect(data!.list).toEqual(api.json().value.list);
      expect(data!.list.length).toBeGreaterThan(0); // the demo merchant's seeded banners
      const first = data!.list[0]!;
      // the built-in slide gave way to the operator's first banner, as the carousel draws it
      expect(home.body).toContain(`<img class="banner__image" src="${first.url}" alt="" fetchpriority="high"`);
      expect(home.body).not.toContain('banner__slide--1');
    }
    // other pages carry neither
    const help = await t.app.inject({ method: 'GET', url: '/help' });
    expect(block(help.body)).toBeNull();
    expect(help.body).toContain('banner__slide--1');
  });

  it('picks the page language as the site does: ?lang, the kept choice, the merchant default if offered, else English', () => {
    const status = { defaultLanguage: 'ty', languages: ['en', 'ty'] };
    expect(pageLanguage({ query: { lang: 'en' }, cookie: 'i18nextLng=ty' }, status)).toBe('en');
    expect(pageLanguage({ query: {}, cookie: 'i18nextLng=en' }, status)).toBe('en');
    expect(pageLanguage({ query: {}, cookie: undefined }, status)).toBe('ty');
    expect(pageLanguage({ query: {}, cookie: 'other=1' }, { defaultLanguage: 'ty', languages: ['en'] })).toBe('en');
    expect(pageLanguage({ query: {}, cookie: 'i18nextLng="><script>' }, {})).toBe('en');
  });

  it('names the page’s HTML language as the web app does: TY is Vietnamese, other offered codes are their own', () => {
    const offered = ['en', 'ty', 'tl'];
    expect(htmlLang('ty', offered)).toBe('vi');
    expect(htmlLang('tl', offered)).toBe('tl');
    expect(htmlLang('en', offered)).toBe('en');
    expect(htmlLang('tl', ['en', 'ty'])).toBe('en');
    expect(htmlLang('"><x', ['"><x'])).toBe('en');
  });

  it('escapes the data block so no value can close the script element', () => {
    const block = bootDataBlock({ merchantName: '</script><script>alert(1)</script>', odd: '\u2028' });
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).not.toContain('\u2028');
    const json = /id="boot-status">(.*)<\/script>$/.exec(block)![1]!;
    expect(JSON.parse(json)).toEqual({ merchantName: '</script><script>alert(1)</script>', odd: '\u2028' });
  });

  it('serves the game pages (/play/<gameCode>) from their own entry, play.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/play/slot-lucky-dragon?token=abc&lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>game page</title>');
    const api = await t.app.inject({ method: 'GET', url: '/house/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'not_found' });
  });

  it('serves the back office (/admin, /admin/*) from its own entry, admin.html, never its API paths', async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/sign-in',
      '/admin/staff/roles?page=2',
      '/admin/payments/withdrawals',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(res.body, url).toContain('<title>back office</title>');
      expect(res.body, url).not.toContain('boot-status');
    }
    // Its API keeps JSON envelopes (a 401 without a session, a 404 for an unknown route), never the page.
    const me = await t.app.inject({ method: 'GET', url: '/admin/api/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ success: false, code: 'admin_unauthorized' });
    for (const url of ['/admin/api', '/admin/api/unknown']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toMatchObject({ success: false });
    }
    // A path that only starts like it is the player site's.
    expect((await t.app.inject({ method: 'GET', url: '/administrator' })).body).toContain('<title>shell</title>');
    // Its policy: scripts from the site only; no inline <style> hashes of the player's page.
    const csp = (await t.app.inject({ method: 'GET', url: '/admin/staff' })).headers[
      'content-security-policy'
    ] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain(STYLE_HASH);
  });

  it('serves hashed assets as immutable and 404s missing ones instead of falling back to HTML', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
    expect((await t.app.inject({ method: 'GET', url: '/favicon-missing.png' })).statusCode).toBe(404);
  });

  it('serves real static files and keeps API 404s as JSON envelopes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('User-agent');
    const api = await t.app.inject({ method: 'GET', url: '/wps/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'not_found' });
    const post = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });

  it('allows the page’s inline style by the hash the build wrote, and no other inline style element', async () => {
    const directives = (csp: string | undefined) =>
      Object.fromEntries((csp ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    for (const url of ['/', '/help', '/member/depositv2']) {
      const page = directives(
        (await t.app.inject({ method: 'GET', url })).headers['content-security-policy'] as string,
      );
      // Only well-formed hashes are taken from the file ('unsafe-eval' in it is dropped).
      expect(page['style-src'], url).toEqual(["'self'", 'https:', STYLE_HASH]);
      expect(page['style-src-attr'], url).toEqual(["'unsafe-inline'"]);
      expect(page['script-src'], url).toEqual(["'self'"]);
    }
    // Answers that are not index.html keep the policy they had.
    for (const url of ['/play/slot-lucky-dragon', '/wps/system/status', '/assets/app-abc123.js']) {
      const other = directives(
        (await t.app.inject({ method: 'GET', url })).headers['content-security-policy'] as string,
      );
      expect(other['style-src'], url).toEqual(["'self'", 'https:', "'unsafe-inline'"]);
      expect(other['style-src-attr'], url).toBeUndefined();
    }
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
