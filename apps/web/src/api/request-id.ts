import { useRef } from 'react';
import { ApiError } from './client.ts';

function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain HTTP on a LAN name have no randomUUID: the same 122 random bits by hand.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The idempotency key of a money submission. The same submission retried after a network failure keeps its
 * requestId (so the server applies it at most once); a changed form, or any answer from the server, starts a new one.
 */
export function useRequestId() {
  const pending = useRef<{ content: string; id: string } | null>(null);
  return {
    /** The requestId for this form content. */
    for(content: string): string {
      if (pending.current?.content !== content) pending.current = { content, id: newRequestId() };
      return pending.current.id;
    },
    /** After a call: only a lost answer (network) keeps the key for a retry. */
    settle(err?: unknown): void {
      if (!(err instanceof ApiError && err.code === 'network_error')) pending.current = null;
    },
    /** Makes the call with the requestId of this content, and settles it with the outcome. */
    async run<T>(content: string, call: (requestId: string) => Promise<T>): Promise<T> {
      try {
        const result = await call(this.for(content));
        this.settle();
        return result;
      } catch (err) {
        this.settle(err);
        throw err;
      }
    },
  };
}
