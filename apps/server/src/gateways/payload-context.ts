import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { requireMerchant } from './merchant-context.ts';
import { encryptedBody, type PayloadKey } from './payload-crypto.ts';

const keyKey = Symbol('payloadKey');
type WithKey = FastifyInstance & { [keyKey]?: PayloadKey };

export function registerPayloadKey(app: FastifyInstance, key: PayloadKey): void {
  (app as WithKey)[keyKey] = key;
}

/** preValidation of encrypted routes: `{encrypted: {...}}` becomes the plain body before the schema runs. */
export async function decryptBodyIfNeeded(request: FastifyRequest): Promise<void> {
  const key = (request.server as WithKey)[keyKey];
  if (!key) throw new Error('registerPayloadKey was not called');
  const parsed = encryptedBody.safeParse(request.body);
  if (parsed.success) {
    request.body = key.decrypt(parsed.data.encrypted);
    return;
  }
  const merchant = await requireMerchant(request, { gate: true });
  if (merchant.requireEncryption) throw new AppError('encryption_required');
}
