import { amountString, formatMoney, parseAmount } from '@sea/contracts';
import { useRef } from 'react';
import { ApiError } from '../../api/client.ts';

export interface AmountLimits {
  min: string;
  max: string;
  /** What the member can withdraw now (minor units); null when unknown. */
  available: string | null;
  exponent: number;
}

/** The problem with a typed amount as [i18n key, options], or null when it can be sent. */
export function amountProblem(text: string, limits: AmountLimits): [string, Record<string, string | number>?] | null {
  if (!text.trim()) return ['withdraw.form.amountRequired'];
  if (!amountString.safeParse(text).success) return ['withdraw.form.amountFormat'];
  let minor: bigint;
  try {
    minor = parseAmount(text, limits.exponent);
  } catch {
    return ['withdraw.form.amountDecimals', { count: limits.exponent }];
  }
  if (minor <= 0n) return ['withdraw.form.amountFormat'];
  if (minor < BigInt(limits.min) || minor > BigInt(limits.max)) {
    return ['withdraw.form.amountRange', { min: formatMoney(limits.min, limits.exponent), max: formatMoney(limits.max, limits.exponent) }];
  }
  if (limits.available !== null && minor > BigInt(limits.available)) return ['withdraw.form.exceeds'];
  return null;
}

/** Digits only, spaces and dashes dropped (people paste "1234 5678-90"). */
export const normaliseAccountNumber = (s: string) => s.replace(/[\s-]/g, '');

function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain HTTP on a LAN name have no randomUUID: the same 122 random bits by hand.
  const h = Array.from(crypto.getRandomValues(new Uint8Array(16)), (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
}

/**
 * The idempotency key of a withdrawal submission: made for the form content when first submitted and kept while
 * the same content is retried after a lost answer (network error), so the server holds the amount at most once.
 * A changed form or any answer from the server starts a new one.
 */
export function useRequestId() {
  const pending = useRef<{ content: string; id: string } | null>(null);
  return {
    for(content: string): string {
      if (pending.current?.content !== content) pending.current = { content, id: newRequestId() };
      return pending.current.id;
    },
    settle(err?: unknown): void {
      if (!(err instanceof ApiError && err.code === 'network_error')) pending.current = null;
    },
  };
}
