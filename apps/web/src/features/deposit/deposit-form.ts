import { amountString, formatMoney, parseAmount } from '@sea/contracts';
import { useRef } from 'react';
import { ApiError } from '../../api/client.ts';

export interface AmountLimits {
  min: string;
  max: string;
  exponent: number;
}

/** The problem with a typed amount as [i18n key, options], or null when it can be sent. */
export function amountProblem(text: string, limits: AmountLimits): [string, Record<string, string | number>?] | null {
  if (!text.trim()) return ['deposit.amountRequired'];
  if (!amountString.safeParse(text).success) return ['deposit.amountFormat'];
  let minor: bigint;
  try {
    minor = parseAmount(text, limits.exponent);
  } catch {
    return ['deposit.amountDecimals', { count: limits.exponent }];
  }
  if (minor <= 0n) return ['deposit.amountFormat'];
  if (minor < BigInt(limits.min) || minor > BigInt(limits.max)) {
    return ['deposit.amountRange', { min: formatMoney(limits.min, limits.exponent), max: formatMoney(limits.max, limits.exponent) }];
  }
  return null;
}

const QUICK = [100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

/** Up to six round amounts (major units) inside the method's limits. */
export function quickAmounts(limits: AmountLimits): number[] {
  const unit = 10n ** BigInt(limits.exponent);
  return QUICK.filter((a) => BigInt(a) * unit >= BigInt(limits.min) && BigInt(a) * unit <= BigInt(limits.max)).slice(0, 6);
}

function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain HTTP on a LAN name have no randomUUID: the same 122 random bits by hand.
  const h = Array.from(crypto.getRandomValues(new Uint8Array(16)), (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
}

/**
 * The idempotency key of a deposit submission: made when the form content is first submitted and kept while the
 * same content is retried after a lost answer, so the server opens at most one deposit. A changed form or any
 * answer from the server starts a new one.
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

/** Where the browser goes to pay: only a path on this site or an https page (never javascript: or similar). */
export function safePayUrl(url: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
