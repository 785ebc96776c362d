import { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demoId: bigint;
beforeAll(async () => {
  t = await buildTestApp();
  const demo = (await t.app.modules.merchants.findByCode('demo'))!;
  demoId = demo.id;
  await t.app.modules.members.create({ merchant: demo, account: 'secretive', password: 'secretive pw 1' });
});
afterAll(() => t.close());

/** Exactly what the web client does with WebCrypto. */
async function encrypt(body: unknown) {
  const info = (await t.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value;
  const rsa = await webcrypto.subtle.importKey(
    'spki',
    Buffer.from(info.publicKey, 'base64'),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aes = await webcrypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const data = await webcrypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    aes,
    new TextEncoder().encode(JSON.stringify(body)),
  );
  const key = await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, rsa, await webcrypto.subtle.exportKey('raw', aes));
  const b64 = (b: ArrayBuffer | Uint8Array) =>
    Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)).toString('base64');
  return { encrypted: { keyId: info.keyId, key: b64(key), iv: b64(iv), data: b64(data) } };
}
const login = (payload: object) => t.app.inject({ method: 'POST', url: '/wps/session/login', payload });

describe('payload encryption', () => {
  it('publishes an RSA-OAEP public key', async () => {
    const v = (await t.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value;
    expect(v).toMatchObject({ algorithm: 'RSA-OAEP-256+A256GCM', required: false });
    expect(Buffer.from(v.publicKey, 'base64').length).toBeGreaterThan(250);
  });

  it('accepts an encrypted login and a plain one when the merchant does not require encryption', async () => {
    expect((await login(await encrypt({ username: 'secretive', password: 'secretive pw 1' }))).json().success).toBe(
      true,
    );
    expect((await login({ username: 'secretive', password: 'secretive pw 1' })).json().success).toBe(true);
    expect((await login(await encrypt({ username: 'secretive', password: 'wrong one' }))).json().code).toBe(
      'in_incorrect_password',
    );
  });

  it('rejects a tampered payload with a clear 400, and validates the decrypted body', async () => {
    const enc = await encrypt({ username: 'secretive', password: 'secretive pw 1' });
    const data = Buffer.from(enc.encrypted.data, 'base64');
    data[0] = data[0]! ^ 0xff;
    const res = await login({ encrypted: { ...enc.encrypted, data: data.toString('base64') } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', message: 'The encrypted request could not be read.' });
    const wrongShape = await login(await encrypt({ type: 'fax' }));
    expect(wrongShape.json().code).toBe('validation_failed');
  });

  it('refuses plain bodies when the merchant requires encryption', async () => {
    await t.app.modules.merchants.updateSettings(demoId, { requireEncryption: true });
    try {
      expect((await login({ username: 'secretive', password: 'secretive pw 1' })).json().code).toBe(
        'encryption_required',
      );
      expect((await login(await encrypt({ username: 'secretive', password: 'secretive pw 1' }))).json().success).toBe(
        true,
      );
    } finally {
      await t.app.modules.merchants.updateSettings(demoId, { requireEncryption: false });
    }
  });
});

describe('payload key sharing', () => {
  it('processes starting together load the same key pair', async () => {
    const { createKeysModule } = await import('../src/modules/keys/index.ts');
    const [a, b] = (
      await Promise.all([createKeysModule({ db: t.database.db }), createKeysModule({ db: t.database.db })])
    ).map((k) => k.payloadKey);
    const before = (await t.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value;
    expect(a!.keyId).toBe(before.keyId);
    expect(b!.publicKey).toBe(before.publicKey);
  });
});
