import type {
  ChatDeletedEvent,
  ChatMessage,
  ChatStanding,
  ClientToServerEvents,
  ContractOfferEvent,
  LotteryDrawnEvent,
  MaintenanceEvent,
  MessagesEvent,
  RewardsEvent,
  ServerToClientEvents,
  TableEvent,
} from '@sea/contracts';
import {
  chatJoinRequest,
  lotterySubscription,
  REALTIME_PATH,
  realtimeHandshake,
  tableSubscription,
} from '@sea/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { AuthModule, SessionsEnded } from '../auth/index.ts';
import type { CommittedJournal } from '../ledger/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { balanceEventsOf } from './realtime.events.ts';

interface SocketData {
  /** A member's session, or a game session (our own game pages: tables only). */
  kind: 'member' | 'game';
  merchantId: bigint;
  memberId: bigint;
  /** The member session's id; 0 for a game session. */
  sessionId: bigint;
  token: string;
  merchantCode: string;
  timer?: NodeJS.Timeout;
  games: Set<string>;
  /** Table rooms joined (`tableSubscribe`). */
  tables: Set<string>;
  /** The chat room the socket is in (one at a time). */
  chatRoom?: string;
}

/** Whether a member may be in a chat room (the chat module's check: the room exists, the member is not banned). */
export type ChatGate = (merchantId: bigint, memberId: bigint, room: string) => Promise<boolean>;
/** A game session by its token (the games module's check): its member and when it ends, or null when unknown/ended. */
export type GameSessionCheck = (
  merchantId: bigint,
  token: string,
) => Promise<{ memberId: bigint; endsAt: Date } | null>;
type RtServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RtSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface RealtimeOptions {
  /** A socket's session is checked again at least this often (ms), besides at its expiry and when it ends. */
  recheckMs?: number;
}

export interface RealtimeDeps {
  auth: Pick<AuthModule, 'checkSession'>;
  merchants: Pick<MerchantsModule, 'resolve'>;
  redis?: Redis;
  /** Prefix of the adapter's Redis channels (REDIS_PREFIX). */
  prefix: string;
  clock: () => Date;
  options?: RealtimeOptions;
}

const RECHECK_MS = 60_000;
/** Lottery rooms one socket may be in at once. */
const MAX_GAMES = 20;
/** Table rooms one socket may be in at once (a lobby follows every table). */
const MAX_TABLES = 30;

export const rooms = {
  member: (id: bigint) => `member:${id}`,
  merchant: (id: bigint) => `merchant:${id}`,
  session: (id: bigint) => `session:${id}`,
  lottery: (merchantId: bigint, game: string) => `lottery:${merchantId}:${game}`,
  chat: (merchantId: bigint, room: string) => `chat:${merchantId}:${room}`,
  table: (merchantId: bigint, game: string, table: string) => `table:${merchantId}:${game}:${table}`,
};

/**
 * Socket.io on the API's HTTP server: each socket is a member's live session (refused without one, dropped when
 * it ends), in the rooms of its member and merchant and of the lottery games it subscribed to. With Redis the
 * adapter carries every emit to the process holding the socket. Emits are fire-and-forget: a failure is logged,
 * never thrown at the caller (a bet, a deposit).
 */
export function createRealtimeService(deps: RealtimeDeps) {
  const recheckMs = deps.options?.recheckMs ?? RECHECK_MS;
  let io: RtServer | undefined;
  let log: FastifyBaseLogger | undefined;
  let closeRedis: (() => Promise<void>) | undefined;
  let publishFailing = false;
  let chatGate: ChatGate = async () => false;
  let gameSessions: GameSessionCheck = async () => null;

  /** The adapter publishes without handling a rejection: a lost Redis must cost a log line, never the process. */
  function guardedPublisher(redis: Redis): Redis {
    const pub = redis.duplicate();
    pub.on('error', () => undefined);
    const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
    (pub as unknown as { publish: typeof publish }).publish = (channel, message) =>
      publish(channel, message).then(
        (n) => {
          if (publishFailing) log?.info('realtime: redis publishing again');
          publishFailing = false;
          return n;
        },
        (err: unknown) => {
          if (!publishFailing)
            log?.warn({ err: { message: (err as Error).message } }, 'realtime: redis publish failed');
          publishFailing = true;
          return 0;
        },
      );
    return pub;
  }

  function emit(fn: (server: RtServer) => void): void {
    if (!io) return;
    try {
      fn(io);
    } catch (err) {
      log?.warn({ err }, 'realtime: emit failed');
    }
  }

  function schedule(socket: RtSocket, endsAt: Date): void {
    clearTimeout(socket.data.timer);
    const untilEnd = endsAt.getTime() - deps.clock().getTime() + 250;
    const delay = Math.max(250, Math.min(untilEnd, recheckMs * (0.75 + Math.random() * 0.5)));
    socket.data.timer = setTimeout(() => void recheck(socket), delay);
    socket.data.timer.unref();
  }

  async function recheck(socket: RtSocket): Promise<void> {
    if (socket.disconnected) return;
    try {
      if (socket.data.kind === 'game') {
        const game = await gameSessions(socket.data.merchantId, socket.data.token);
        if (!game || game.memberId !== socket.data.memberId) return void socket.disconnect(true);
        return schedule(socket, game.endsAt);
      }
      const merchant = await deps.merchants.resolve({ header: socket.data.merchantCode });
      const session = await deps.auth.checkSession(merchant, socket.data.token);
      if (!session || session.sessionId !== socket.data.sessionId) return void socket.disconnect(true);
      schedule(socket, session.endsAt);
    } catch (err) {
      // The database is away: try again soon rather than dropping every socket at once.
      log?.warn({ err: { message: (err as Error).message } }, 'realtime: session re-check failed');
      schedule(socket, new Date(deps.clock().getTime() + Math.min(recheckMs, 5_000)));
    }
  }

  function attach(server: HttpServer, logger: FastifyBaseLogger): void {
    log = logger;
    io = new Server(server, { path: REALTIME_PATH, serveClient: false, maxHttpBufferSize: 16 * 1024 });
    if (deps.redis) {
      const pub = guardedPublisher(deps.redis);
      // The adapter subscribes without handling a rejection: no command timeout or retry limit on its subscriber
      // (a subscription waits for the connection; ioredis reconnects and resubscribes on its own).
      const sub = deps.redis.duplicate({
        enableOfflineQueue: true,
        commandTimeout: undefined,
        maxRetriesPerRequest: null,
      });
      sub.on('error', () => undefined);
      // Nor does it handle a (un)subscription that fails: Redis away at start, or the client closed while one
      // waits in the offline queue ("Connection is closed"). A failure costs a log line; ioredis resubscribes.
      for (const name of ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const) {
        const original = (sub[name] as (...args: unknown[]) => Promise<unknown>).bind(sub);
        (sub as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
          original(...args).catch((err: unknown) => {
            if (io) log?.warn({ err: { message: (err as Error).message } }, `realtime: redis ${name} failed`);
          });
      }
      io.adapter(createAdapter(pub, sub, { key: `${deps.prefix}socket.io` }));
      closeRedis = async () => {
        pub.disconnect();
        sub.disconnect();
      };
    }

    io.use(async (socket, next) => {
      try {
        const hs = realtimeHandshake.safeParse(socket.handshake.auth);
        if (!hs.success) return next(new Error('unauthorized'));
        const header = hs.data.merchant ?? socket.handshake.headers.merchant;
        const merchant = await deps.merchants.resolve({
          header: typeof header === 'string' ? header : undefined,
          host: socket.handshake.headers.host,
        });
        if (hs.data.kind === 'game') {
          const game = await gameSessions(merchant.id, hs.data.token);
          if (!game) return next(new Error('unauthorized'));
          socket.data = {
            kind: 'game',
            merchantId: merchant.id,
            merchantCode: merchant.code,
            memberId: game.memberId,
            sessionId: 0n,
            token: hs.data.token,
            games: new Set(),
            tables: new Set(),
          };
          schedule(socket, game.endsAt);
          return next();
        }
        const session = await deps.auth.checkSession(merchant, hs.data.token);
        if (!session) return next(new Error('unauthorized'));
        socket.data = {
          kind: 'member',
          merchantId: merchant.id,
          merchantCode: merchant.code,
          memberId: session.memberId,
          sessionId: session.sessionId,
          token: hs.data.token,
          games: new Set(),
          tables: new Set(),
        };
        schedule(socket, session.endsAt);
        next();
      } catch {
        next(new Error('unauthorized'));
      }
    });

    io.on('connection', (socket) => {
      const d = socket.data;
      const tableSubscriptionOf = (join: boolean) => (req: unknown, ack?: unknown) => {
        const parsed = tableSubscription.safeParse(req);
        const key = parsed.success ? `${parsed.data.game}:${parsed.data.table}` : '';
        const ok = parsed.success && (!join || d.tables.has(key) || d.tables.size < MAX_TABLES);
        if (ok) {
          const room = rooms.table(d.merchantId, parsed.data.game, parsed.data.table);
          if (join) {
            d.tables.add(key);
            void socket.join(room);
          } else {
            d.tables.delete(key);
            void socket.leave(room);
          }
        }
        if (typeof ack === 'function') (ack as (r: { ok: boolean }) => void)({ ok });
      };
      socket.on('tableSubscribe', tableSubscriptionOf(true));
      socket.on('tableUnsubscribe', tableSubscriptionOf(false));
      socket.on('disconnect', () => clearTimeout(d.timer));
      // A game page's socket follows tables only: none of the member's, merchant's, lottery or chat rooms.
      if (d.kind === 'game') return;
      void socket.join([rooms.member(d.memberId), rooms.merchant(d.merchantId), rooms.session(d.sessionId)]);
      const subscription = (join: boolean) => (req: unknown, ack?: unknown) => {
        const parsed = lotterySubscription.safeParse(req);
        const ok = parsed.success && (!join || d.games.has(parsed.data.game) || d.games.size < MAX_GAMES);
        if (ok) {
          const room = rooms.lottery(d.merchantId, parsed.data.game);
          if (join) {
            d.games.add(parsed.data.game);
            void socket.join(room);
          } else {
            d.games.delete(parsed.data.game);
            void socket.leave(room);
          }
        }
        if (typeof ack === 'function') (ack as (r: { ok: boolean }) => void)({ ok });
      };
      socket.on('chatJoin', (req: unknown, ack?: unknown) => {
        const reply = (ok: boolean) => typeof ack === 'function' && (ack as (r: { ok: boolean }) => void)({ ok });
        const parsed = chatJoinRequest.safeParse(req);
        if (!parsed.success) return void reply(false);
        const room = parsed.data.room;
        chatGate(d.merchantId, d.memberId, room).then(
          (ok) => {
            if (ok && socket.connected) {
              if (d.chatRoom && d.chatRoom !== room) void socket.leave(rooms.chat(d.merchantId, d.chatRoom));
              d.chatRoom = room;
              void socket.join(rooms.chat(d.merchantId, room));
            }
            reply(ok);
          },
          () => reply(false),
        );
      });
      socket.on('chatLeave', (req: unknown, ack?: unknown) => {
        const parsed = chatJoinRequest.safeParse(req);
        const ok = parsed.success && d.chatRoom === parsed.data.room;
        if (ok) {
          void socket.leave(rooms.chat(d.merchantId, parsed.data.room));
          d.chatRoom = undefined;
        }
        if (typeof ack === 'function') (ack as (r: { ok: boolean }) => void)({ ok });
      });
      socket.on('subscribe', subscription(true));
      socket.on('unsubscribe', subscription(false));
    });
  }

  return {
    attach,

    /** Sockets of this process (tests, the bench). */
    localCount: () => io?.of('/').sockets.size ?? 0,

    /** `balance` to each member whose wallets committed journals changed (the ledger's after-commit listener). */
    journalsCommitted(journals: CommittedJournal[]): void {
      emit((s) => {
        for (const [memberId, event] of balanceEventsOf(journals)) s.to(rooms.member(memberId)).emit('balance', event);
      });
    },

    /** Drops the sockets of sessions that ended early, on every process. */
    sessionsEnded(e: SessionsEnded): void {
      emit((s) => {
        const target = e.sessionId
          ? s.in(rooms.session(e.sessionId))
          : s.in(rooms.member(e.memberId)).except(e.exceptSessionId ? rooms.session(e.exceptSessionId) : []);
        target.disconnectSockets(true);
      });
    },

    messages(memberId: bigint | null, merchantId: bigint, event: MessagesEvent): void {
      emit((s) =>
        s.to(memberId === null ? rooms.merchant(merchantId) : rooms.member(memberId)).emit('messages', event),
      );
    },

    contractOffer(memberId: bigint, event: ContractOfferEvent): void {
      emit((s) => s.to(rooms.member(memberId)).emit('contractOffer', event));
    },

    lotteryDrawn(merchantId: bigint, event: LotteryDrawnEvent): void {
      emit((s) => s.to(rooms.lottery(merchantId, event.game)).emit('lotteryDrawn', event));
    },

    /** The games module's check of a game session's token (set once at start-up). */
    setGameSessionCheck(check: GameSessionCheck): void {
      gameSessions = check;
    },

    /** A table's round moved on or took bets: a nudge to the sockets following that table. */
    tableChanged(merchantId: bigint, event: TableEvent): void {
      emit((s) => s.to(rooms.table(merchantId, event.game, event.table)).emit('table', event));
    },

    /** The chat module's check of a `chatJoin` (set once at start-up). */
    setChatGate(gate: ChatGate): void {
      chatGate = gate;
    },

    chatMessage(merchantId: bigint, message: ChatMessage): void {
      emit((s) => s.to(rooms.chat(merchantId, message.room)).emit('chat', message));
    },

    chatDeleted(merchantId: bigint, event: ChatDeletedEvent): void {
      emit((s) => s.to(rooms.chat(merchantId, event.room)).emit('chatDeleted', event));
    },

    /** Tells the member its new standing; a ban also takes its sockets out of every chat room, on every process. */
    chatStanding(memberId: bigint, standing: ChatStanding): void {
      emit((s) => s.to(rooms.member(memberId)).emit('chatStanding', standing));
      if (standing.reason !== 'banned' || !io) return;
      void io
        .in(rooms.member(memberId))
        .fetchSockets()
        .then((sockets) => {
          for (const socket of sockets)
            for (const room of socket.rooms) if (room.startsWith('chat:')) socket.leave(room);
        })
        .catch((err: unknown) =>
          log?.warn({ err: { message: (err as Error).message } }, 'realtime: chat ban leave failed'),
        );
    },

    maintenance(merchantId: bigint, event: MaintenanceEvent): void {
      emit((s) => s.to(rooms.merchant(merchantId)).emit('maintenance', event));
    },

    rewards(memberId: bigint, event: RewardsEvent): void {
      emit((s) => s.to(rooms.member(memberId)).emit('rewards', event));
    },

    /** Closes this process's sockets and the adapter's Redis clients (before the HTTP server closes). */
    async close(): Promise<void> {
      if (!io) return;
      const server = io;
      io = undefined;
      for (const socket of server.of('/').sockets.values()) clearTimeout(socket.data.timer);
      server.local.disconnectSockets(true);
      server.engine.close();
      await Promise.resolve(server.of('/').adapter.close());
      await closeRedis?.();
    },
  };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
