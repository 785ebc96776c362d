import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';

/**
 * Hybrid payload encryption: the client makes a fresh AES-256-GCM key, encrypts the JSON body with it, and
 * encrypts the key with the server's RSA-OAEP (SHA-256) public key — WebCrypto on the client, node:crypto here.
 */
export const PAYLOAD_ALGORITHM = 'RSA-OAEP-256+A256GCM';

export const encryptedBody = z.object({
  encrypted: z.object({
    keyId: z.string().max(64),
    key: z.string().max(1024),
    iv: z.string().max(64),
    data: z.string().max(1_400_000),
  }),
});

export interface PayloadKey {
  keyId: string;
  publicKey: string; // SPKI DER, base64
  decrypt(body: z.infer<typeof encryptedBody>['encrypted']): unknown;
}

/** A fresh RSA-2048 key pair in the stored form (public SPKI DER base64, private PKCS#8 PEM). */
export function generatePayloadKeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** The decrypting side of a stored key pair. */
export function payloadKeyFrom(stored: { keyId: string; publicKey: string; privateKey: string }): PayloadKey {
  const { keyId, publicKey, privateKey } = stored;
  return {
    keyId,
    publicKey,
    decrypt(enc) {
      if (enc.keyId !== keyId)
        throw new AppError('bad_request', 'The encryption key has changed. Please reload the page.');
      try {
        const aesKey = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(enc.key, 'base64'),
        );
        const data = Buffer.from(enc.data, 'base64');
        const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(enc.iv, 'base64'));
        decipher.setAuthTag(data.subarray(data.length - 16)); // WebCrypto appends the 16-byte tag
        const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
        return JSON.parse(plain.toString('utf8'));
      } catch {
        throw new AppError('bad_request', 'The encrypted request could not be read.');
      }
    },
  };
}
