import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getMerchantCode } from '../api/merchant.ts';
import { FALLBACK_FIRST_MS, FALLBACK_MAX_MS, refetchPolled } from '../api/realtime-keys.ts';
import { useRealtime } from '../state/realtime.ts';

/**
 * The pushed events for a logged-in member (spec: "a socket event listener for logged-in users"): this chunk and the
 * socket's (socket.io-client) are loaded only once there is a session (app/RealtimeBridge.tsx), and the socket is
 * closed at logout; while it is down, the balance, unread count and contract offers are polled with back-off instead.
 */
export function MemberRealtime({ token }: { token: string }) {
  const qc = useQueryClient();
  const down = useRealtime((s) => s.status === 'down');
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const { setStatus } = useRealtime.getState();
    setStatus('connecting');
    import('../api/realtime.ts').then(
      (m) => {
        if (!cancelled) stop = m.connectRealtime(qc, { token, merchant: getMerchantCode() });
      },
      () => {
        if (!cancelled) setStatus('down'); // the chunk did not load: poll
      },
    );
    return () => {
      cancelled = true;
      stop?.();
      useRealtime.getState().setStatus('off');
    };
  }, [token, qc]);
  useFallbackPolling(down, qc);
  return null;
}

function useFallbackPolling(active: boolean, qc: QueryClient) {
  useEffect(() => {
    if (!active) return;
    let delay = FALLBACK_FIRST_MS;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      void refetchPolled(qc);
      delay = Math.min(delay * 2, FALLBACK_MAX_MS);
      timer = setTimeout(tick, delay);
    };
    timer = setTimeout(tick, delay);
    return () => clearTimeout(timer);
  }, [active, qc]);
}
