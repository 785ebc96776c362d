import type { IncomingHttpHeaders } from 'node:http';

/**
 * A payment gateway as the deposits module sees it. Each real provider gets one adapter (its own signing scheme
 * and field names stay inside it); the built-in `sandbox` adapter imitates one for demos and tests.
 */
export interface PaymentGateway {
  /** Route segment and `deposit_methods.gateway` value: /wps/deposit/callback/<code>. */
  readonly code: string;
  /** Opens an order on the gateway's side; the member's browser goes to `redirectUrl` to pay. */
  createOrder(order: GatewayOrder): Promise<{ redirectUrl: string }>;
  /**
   * Checks the signature of a callback over the exact bytes received and reads it. Throws
   * AppError('signature_invalid') when the signature or its timestamp is not acceptable (nothing is written then).
   */
  verifyCallback(headers: IncomingHttpHeaders, rawBody: Buffer): Promise<GatewayCallback>;
}

export interface GatewayOrder {
  /** Our public order reference (deposits.order_ref). */
  orderId: string;
  /** Minor units. */
  amount: bigint;
  currency: string;
}

export interface GatewayCallback {
  orderId: string;
  status: 'paid' | 'failed';
  /** Minor units actually paid. */
  amount: bigint;
  currency: string;
  /** The gateway's own reference of the payment. */
  gatewayRef: string;
}

export type PaymentGateways = ReadonlyMap<string, PaymentGateway>;
