import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/precompress.ts';
import { pickEncoding } from '../src/http/compress.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
const bundle = `export const big = ${JSON.stringify('x'.repeat(20_000))};\n`;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>shell</title>${' '.repeat(2000)}`);
  writeFileSync(join(dist, 'assets', 'App-abc123.js'), bundle);
  writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'console.log(1)');
  // What the web build's precompress plugin does after bundling.
  const made = precompressDir(dist);
  expect(made.files).toBe(2);
  t = await buildTestApp({
    config: { TRUST_PROXY: false, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: dist, SEED_DEMO: true },
  });
});
afterAll(() => t.close());

describe('static files', () => {
  it('go out precompressed (brotli, else gzip) with immutable caching for hashed files', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/App-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(bundle.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/App-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundle);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/App-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('the HTML shell of client routes too, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/member/withdraw', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>shell</title>');
  });
});

describe('API answers', () => {
  it('above 1 KB are compressed as the request accepts, smaller ones are not', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: '/wps/system/helpCenter?lang=en',
      headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/Accept-Encoding/i);
    const json = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { success: boolean };
    expect(json.success).toBe(true);
    expect(brotliDecompressSync(big.rawPayload).length).toBeGreaterThan(1024);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/wps/system/helpCenter?lang=en',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).success).toBe(true);

    const none = await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter?lang=en' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().success).toBe(true);

    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding with q-values', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBeNull();
  });
});
