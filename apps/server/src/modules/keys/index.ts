import { publicKeyInfo } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import {
  generatePayloadKeyPair,
  PAYLOAD_ALGORITHM,
  type PayloadKey,
  payloadKeyFrom,
} from '../../http/payload-crypto.ts';
import { defineRoute } from '../../http/route.ts';
import { createKeysRepository } from './keys.repository.ts';
import type { KeysTables } from './keys.tables.ts';

/** One well-known row, so processes starting together all end up with the same key (the first insert wins). */
const PAYLOAD_KEY_ID = 'payload-1';

/** Server keys kept in the database: the payload-encryption key pair shared by every process. */
export async function createKeysModule(deps: { db: AnyDb }) {
  const repo = createKeysRepository(tablesOf<KeysTables>(deps.db));
  let row = await repo.find(PAYLOAD_KEY_ID);
  if (!row) {
    await repo.insertIfAbsent({ id: PAYLOAD_KEY_ID, purpose: 'payload', ...generatePayloadKeyPair() });
    row = await repo.find(PAYLOAD_KEY_ID);
    if (!row) throw new Error('payload key missing after insert');
  }
  const payloadKey: PayloadKey = payloadKeyFrom({
    keyId: row.id,
    publicKey: row.public_key,
    privateKey: row.private_key,
  });

  return {
    payloadKey,
    register(app: FastifyInstance): void {
      defineRoute(
        app,
        {
          method: 'GET',
          url: '/wps/system/publicKey',
          summary: 'Public key for payload encryption of the calls marked encrypted',
          tags: ['system'],
          response: publicKeyInfo,
          access: 'system',
        },
        ({ merchant }) => ({
          keyId: payloadKey.keyId,
          publicKey: payloadKey.publicKey,
          algorithm: PAYLOAD_ALGORITHM,
          required: merchant.requireEncryption,
        }),
      );
    },
  };
}

export type KeysModule = Awaited<ReturnType<typeof createKeysModule>>;
