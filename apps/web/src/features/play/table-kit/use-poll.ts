import { useEffect, useRef, useState } from 'react';

/**
 * Polls `load` every `everyMs` while mounted (the table follows its round this way; the server's clock decides the
 * phase, so each answer carries serverTime and `offset` maps it to this device's clock). A failed poll keeps the
 * last answer and sets `error` until the next success.
 */
export function usePoll<T extends { serverTime: string }>(load: () => Promise<T>, everyMs: number, key: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [offset, setOffset] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const [nonce, setNonce] = useState(0);

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      const sent = Date.now();
      try {
        const value = await loadRef.current();
        if (!alive) return;
        const received = Date.now();
        setOffset(Date.parse(value.serverTime) - (sent + received) / 2);
        setData(value);
        setError(null);
      } catch (err) {
        if (alive) setError(err);
      }
      if (alive) timer = setTimeout(() => void run(), everyMs);
    };
    void run();
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
    };
  }, [everyMs, key, nonce]);

  return { data, error, offset, refresh: () => setNonce((n) => n + 1) };
}

/**
 * Follows `tables` by pushed events while mounted: each event calls `onChange` (the page reads again); the result
 * says whether the pushes arrive (the page then polls slowly, as a safety net; quickly while they do not).
 */
export function useTableEvents(
  follow:
    ((tables: readonly string[], onChange: () => void, onLive: (live: boolean) => void) => () => void) | undefined,
  tables: readonly string[],
  onChange: () => void,
): boolean {
  const [live, setLive] = useState(false);
  const changed = useRef(onChange);
  changed.current = onChange;
  const key = tables.join(',');
  useEffect(() => {
    if (!follow || !key) return;
    const stop = follow(key.split(','), () => changed.current(), setLive);
    return () => {
      stop();
      setLive(false);
    };
  }, [follow, key]);
  return live;
}

/** Re-renders every `ms` (countdowns). */
export function useTicker(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

/** Whole seconds left until `iso` on the server's clock (never below 0). */
export const secondsLeft = (iso: string | null | undefined, now: number, offset: number): number =>
  iso ? Math.max(0, Math.ceil((Date.parse(iso) - (now + offset)) / 1000)) : 0;
