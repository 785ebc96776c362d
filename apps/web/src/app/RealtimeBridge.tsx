import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getMerchantCode } from '../api/merchant.ts';
import { FALLBACK_FIRST_MS, FALLBACK_MAX_MS, refetchPolled } from '../api/realtime-keys.ts';
import { useRealtime } from '../state/realtime.ts';
import { useSession } from '../state/session.ts';

/**
 * The pushed events for a logged-in member (spec: "a socket event listener for logged-in users"): the socket's
 * chunk (socket.io-client) is loaded only once there is a session, and closed at logout; while it is down, the
 * balance, unread count and contract offers are polled with back-off instead.
 */
export function RealtimeBridge() {
  const token = useSession((s) => s.token);
  const qc = useQueryClient();
  const down = useRealtime((s) => s.status === 'down');
  useEffect(() => {
    if (!token) return;
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
  useFallbackPolling(down && Boolean(token), qc);
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
