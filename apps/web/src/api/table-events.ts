// Pushed steps of our shared-round tables (docs/realtime.md "Tables"): a socket signed in with the game page's own
// session (`kind: 'game'`), loaded as a chunk of its own only when a table page opens. The events are nudges: the page
// reads the table again; while the socket is down it keeps polling at its fast pace.
import type { ClientToServerEvents, ServerToClientEvents, TableEvent } from '@sea/contracts';
import type { Socket } from 'socket.io-client';

export interface TableFollow {
  /** The game session's token (the page's `?token=`) and the merchant code. */
  token: string;
  merchant: string | null;
  /** The game (`baccarat`) and its tables to follow. */
  game: string;
  tables: readonly string[];
  onChange: (event: TableEvent) => void;
  /** Whether pushes arrive (connected and subscribed) — the page polls slowly only while they do. */
  onLive: (live: boolean) => void;
}

/** Opens the socket and follows the tables; returns the function that closes it. */
export function followTables(opts: TableFollow): () => void {
  let closed = false;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;
  void import('socket.io-client')
    .then(({ io }) => {
      if (closed) return;
      const s: Socket<ServerToClientEvents, ClientToServerEvents> = io({
        path: '/socket.io',
        auth: { token: opts.token, kind: 'game', ...(opts.merchant && { merchant: opts.merchant }) },
        // No long-polling: it needs sticky sessions behind a balancer (docs/realtime.md).
        transports: ['websocket'],
        reconnectionDelay: 1000,
        reconnectionDelayMax: 30_000,
      });
      socket = s;
      s.on('connect', () => {
        // A new connection is in no room yet: subscribe again, then the page may slow its polling.
        void Promise.all(
          opts.tables.map((table) => s.timeout(5_000).emitWithAck('tableSubscribe', { game: opts.game, table })),
        ).then(
          (acks) => !closed && opts.onLive(acks.every((a) => a.ok)),
          () => !closed && opts.onLive(false),
        );
      });
      s.on('disconnect', () => !closed && opts.onLive(false));
      s.on('connect_error', (err) => {
        if (closed) return;
        opts.onLive(false);
        // The game session ended: no use retrying with it (the table's own calls say so to the player).
        if (err.message === 'unauthorized') s.disconnect();
      });
      s.on('table', (e) => !closed && opts.onChange(e));
    })
    .catch(() => !closed && opts.onLive(false));
  return () => {
    closed = true;
    socket?.disconnect();
  };
}
