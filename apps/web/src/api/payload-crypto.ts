import type { PublicKeyInfo } from '@sea/contracts';

let keyPromise: Promise<{ info: PublicKeyInfo; key: CryptoKey | null }> | null = null;

const b64 = (buf: ArrayBuffer | Uint8Array) => {
  const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};

/**
 * Encrypts a body for the calls the spec marks encrypted: a fresh AES-256-GCM key per request, wrapped with the
 * server's RSA-OAEP key — when the merchant requires it. Without WebCrypto (plain http on a public host) the body
 * goes as is and the server answers encryption_required.
 */
export async function encryptPayload(body: unknown, getKey: () => Promise<PublicKeyInfo>): Promise<unknown> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return body;
  keyPromise ??= getKey().then(async (info) => ({
    info,
    key: info.required
      ? await subtle.importKey(
          'spki',
          Uint8Array.from(atob(info.publicKey), (c) => c.charCodeAt(0)),
          { name: 'RSA-OAEP', hash: 'SHA-256' },
          false,
          ['encrypt'],
        )
      : null,
  }));
  let rsa: { info: PublicKeyInfo; key: CryptoKey | null };
  try {
    rsa = await keyPromise;
  } catch (err) {
    keyPromise = null;
    throw err;
  }
  if (!rsa.key) return body; // TLS protects it; encryption only where the merchant asks for it
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await subtle.encrypt({ name: 'AES-GCM', iv }, aes, new TextEncoder().encode(JSON.stringify(body)));
  const key = await subtle.encrypt({ name: 'RSA-OAEP' }, rsa.key, await subtle.exportKey('raw', aes));
  return { encrypted: { keyId: rsa.info.keyId, key: b64(key), iv: b64(iv), data: b64(data) } };
}

/** After a key change on the server (answer: reload), fetch it again next time. */
export function forgetPayloadKey(): void {
  keyPromise = null;
}
