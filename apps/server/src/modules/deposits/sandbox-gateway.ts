import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type { GatewayCallback, GatewayOrder, PaymentGateway } from './payment-gateway.ts';

export const SANDBOX_GATEWAY = 'sandbox';
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A callback older (or further in the future) than this is refused: a captured one cannot be replayed later. */
export const SANDBOX_TOLERANCE_SECONDS = 300;

const callbackBody = z.object({
  orderId: z.string().min(1).max(64),
  status: z.enum(['paid', 'failed']),
  amount: z.string().regex(/^\d{1,18}$/),
  currency: z.string().min(1).max(10),
  gatewayRef: z.string().min(1).max(64),
});

/** hex HMAC-SHA256 over `<timestamp>.<raw body>`. */
export function signSandbox(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

const header = (h: IncomingHttpHeaders, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

export interface SandboxGateway extends PaymentGateway {
  /** The gateway's side: the signed callback it sends when the payer presses Pay or Fail on the hosted page. */
  buildCallback(
    order: GatewayOrder,
    outcome: 'paid' | 'failed',
  ): Promise<{ headers: Record<string, string>; body: string }>;
}

export function createSandboxGateway(deps: { secret: () => Promise<string>; clock: () => Date }): SandboxGateway {
  return {
    code: SANDBOX_GATEWAY,

    async createOrder(order) {
      return { redirectUrl: `/sandbox-gateway/pay/${encodeURIComponent(order.orderId)}` };
    },

    async buildCallback(order, outcome) {
      const body = JSON.stringify({
        orderId: order.orderId,
        status: outcome,
        amount: order.amount.toString(),
        currency: order.currency,
        gatewayRef: `SBX-${randomBytes(8).toString('hex')}`,
      });
      const timestamp = String(Math.floor(deps.clock().getTime() / 1000));
      const signature = signSandbox(await deps.secret(), timestamp, body);
      return {
        headers: {
          'content-type': 'application/json',
          [SANDBOX_TIMESTAMP_HEADER]: timestamp,
          [SANDBOX_SIGNATURE_HEADER]: signature,
        },
        body,
      };
    },

    async verifyCallback(headers, rawBody): Promise<GatewayCallback> {
      const timestamp = header(headers, SANDBOX_TIMESTAMP_HEADER) ?? '';
      const signature = header(headers, SANDBOX_SIGNATURE_HEADER) ?? '';
      if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) throw new AppError('signature_invalid');
      const age = Math.abs(deps.clock().getTime() / 1000 - Number(timestamp));
      if (age > SANDBOX_TOLERANCE_SECONDS)
        throw new AppError('signature_invalid', 'The callback timestamp is outside the accepted window.');
      const expected = Buffer.from(signSandbox(await deps.secret(), timestamp, rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new AppError('signature_invalid');
      let parsed: z.infer<typeof callbackBody>;
      try {
        parsed = callbackBody.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new AppError('bad_request', 'The callback body is not valid.');
      }
      return {
        orderId: parsed.orderId,
        status: parsed.status,
        amount: BigInt(parsed.amount),
        currency: parsed.currency,
        gatewayRef: parsed.gatewayRef,
      };
    },
  };
}
