import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, testImage } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await buildTestApp();
  const demo = (await t.app.modules.merchants.findByCode('demo'))!;
  await t.app.modules.members.create({ merchant: demo, account: 'avataruser', password: 'avatar user pw' });
  token = (
    await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'avataruser', password: 'avatar user pw' },
    })
  ).json().value.token;
});
afterAll(() => t.close());

const upload = (content: Buffer, filename = 'me.png', type = 'image/png', auth = true) => {
  const m = multipart({}, { field: 'file', content, name: filename, type });
  return t.app.inject({
    method: 'POST',
    url: '/wps/member/info/icon',
    payload: m.payload,
    headers: { ...m.headers, ...(auth && { authorization: `Bearer ${token}` }) },
  });
};
const image = (format: 'png' | 'jpeg' | 'gif', w = 800, h = 600) => testImage(format, w, h);

describe('member avatar', () => {
  it('accepts PNG and JPG by magic bytes and stores a 256×256 PNG re-encoding', async () => {
    for (const [buf, name] of [
      [await image('png'), 'a.png'],
      [await image('jpeg'), 'photo.JPG'],
      [await image('jpeg'), 'no-extension'],
    ] as const) {
      const res = await upload(buf, name, 'application/octet-stream');
      expect(res.statusCode, name).toBe(200);
    }
    const got = (
      await t.app.inject({ method: 'GET', url: '/wps/member/info/icon', headers: { authorization: `Bearer ${token}` } })
    ).json().value.image;
    const meta = await sharp(Buffer.from(got.split(',')[1], 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
  });

  it('refuses other types whatever their name says, bad images, and oversize files', async () => {
    expect((await upload(await image('gif'), 'cat.png', 'image/png')).json().code).toBe('unsupported_media_type');
    expect((await upload(Buffer.from('<svg onload=alert(1)>'), 'x.png', 'image/png')).json().code).toBe(
      'unsupported_media_type',
    );
    const truncated = (await image('png')).subarray(0, 60);
    expect((await upload(truncated)).json().code).toBe('unsupported_media_type');
    const big = Buffer.concat([await image('png'), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('needs a session and a multipart body', async () => {
    expect((await upload(await image('png'), 'a.png', 'image/png', false)).statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: '/wps/member/info/icon',
      payload: { file: 'x' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(json.json().code).toBe('unsupported_media_type');
  });
});
