import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.ts';
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

/** One well-known row, so processes starting together all end up with the same key (the first insert wins). */
const PAYLOAD_KEY_ID = 'payload-1';

/** Loads the shared key pair, creating it on first use. */
export async function loadPayloadKey(db: Kysely<DB>): Promise<PayloadKey> {
  const find = () => db.selectFrom('server_keys').selectAll().where('id', '=', PAYLOAD_KEY_ID).executeTakeFirst();
  let row = await find();
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const id = PAYLOAD_KEY_ID;
    await db
      .insertInto('server_keys')
      .values({
        id,
        purpose: 'payload',
        public_key: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await find();
    if (!row) throw new Error('payload key missing after insert');
  }
  const { id, public_key, private_key } = row;
  return {
    keyId: id,
    publicKey: public_key,
    decrypt(enc) {
      if (enc.keyId !== id)
        throw new AppError('bad_request', 'The encryption key has changed. Please reload the page.');
      try {
        const aesKey = privateDecrypt(
          { key: private_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
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
