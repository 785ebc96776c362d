// The pushed events' client: its own chunk (socket.io-client), loaded only once a member is logged in
// (app/RealtimeBridge.tsx), so the home's first page carries none of it.
import type {
  BalanceEvent,
  ClientToServerEvents,
  ContractOfferEvent,
  LotteryDrawnEvent,
  MaintenanceEvent,
  MessagesEvent,
  ServerToClientEvents,
  WalletBalance,
} from '@sea/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { useChat } from '../state/chat.ts';
import { useRealtime } from '../state/realtime.ts';
import { memberKey } from './member-query.ts';
import { MESSAGES_KEY } from './messages.ts';
import { REWARDS_KEY } from './rewards.ts';
import { CONTRACTS_PREFIX, LOTTERY_BETS_PREFIX, LOTTERY_PREFIX, refetchPolled } from './realtime-keys.ts';
import { WALLET_KEY } from './wallet.ts';

type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What the socket needs: the member's session token and the merchant code (as the HTTP headers carry them). */
export interface RealtimeOptions {
  token: string;
  merchant: string | null;
}

/**
 * Opens the member's socket (same origin, path /socket.io) and feeds its events into the query caches:
 * `balance` sets the header balance (stale events by `seq` dropped), `messages` sets the unread count, a contract
 * offer, a drawn lottery issue and a message to everyone invalidate what they change; `maintenance` goes to the
 * realtime store for the notice. After a reconnect everything the events drive is read again over HTTP (events missed
 * while down are not replayed). A refused handshake (`unauthorized`: the session ended) stops reconnecting.
 * Returns the function that closes it.
 */
export function connectRealtime(qc: QueryClient, opts: RealtimeOptions): () => void {
  const store = useRealtime.getState;
  const socket: RealtimeSocket = io({
    path: '/socket.io',
    auth: { token: opts.token, ...(opts.merchant && { merchant: opts.merchant }) },
    // No long-polling: it needs sticky sessions behind a balancer (docs/realtime.md).
    transports: ['websocket'],
    reconnectionDelay: 1000,
    reconnectionDelayMax: 30_000,
  });
  let lastSeq = -1n;
  let wasDown = false;
  let subscribed = new Set<string>();
  const balanceKey = memberKey([...WALLET_KEY, 'balance'], opts.token);
  const unreadKey = memberKey([...MESSAGES_KEY, 'unread'], opts.token);

  const syncGames = () => {
    const wanted = new Set(Object.keys(store().games));
    if (socket.connected) {
      for (const g of wanted) if (!subscribed.has(g)) socket.emit('subscribe', { game: g });
      for (const g of subscribed) if (!wanted.has(g)) socket.emit('unsubscribe', { game: g });
      subscribed = wanted;
    }
  };
  const stopWatchingGames = useRealtime.subscribe((s, prev) => {
    if (s.games !== prev.games) syncGames();
  });
  // The chat page's room: joined on every (re)connection and when the page switches rooms.
  const joinChat = () => {
    const room = useChat.getState().room;
    if (room && socket.connected) socket.emit('chatJoin', { room });
  };
  const stopWatchingChat = useChat.subscribe((s, prev) => {
    if (s.room === prev.room) return;
    if (prev.room && socket.connected) socket.emit('chatLeave', { room: prev.room });
    joinChat();
  });

  socket.on('connect', () => {
    store().setStatus('connected');
    subscribed = new Set(); // a new connection has joined no game room yet
    syncGames();
    joinChat();
    if (wasDown) void refetchPolled(qc);
    wasDown = false;
  });
  socket.on('disconnect', (reason) => {
    wasDown = true;
    store().setStatus('down');
    // The server dropped it: its session ended. Reading the balance again meets the 401 that signs the page out.
    if (reason === 'io server disconnect') void qc.invalidateQueries({ queryKey: balanceKey });
  });
  socket.on('connect_error', (err) => {
    wasDown = true;
    store().setStatus('down');
    if (err.message === 'unauthorized') {
      socket.disconnect(); // never again with this token; the polling fallback meets the 401
      void qc.invalidateQueries({ queryKey: balanceKey });
    }
  });

  socket.on('balance', (e: BalanceEvent) => {
    const seq = BigInt(e.seq);
    if (seq <= lastSeq) return;
    lastSeq = seq;
    const cached = qc.getQueryData<WalletBalance>(balanceKey);
    if (!cached || cached.currency !== e.currency) {
      void qc.invalidateQueries({ queryKey: balanceKey });
      return;
    }
    qc.setQueryData<WalletBalance>(balanceKey, applyBalanceEvent(cached, e));
    // The other wallet views (consolidated funds, transfer pages) read again if they are open.
    void qc.invalidateQueries({ queryKey: WALLET_KEY, predicate: (q) => q.queryKey[1] !== 'balance' });
  });
  socket.on('messages', (e: MessagesEvent) => {
    if (e.unread === null) void qc.invalidateQueries({ queryKey: MESSAGES_KEY });
    else {
      qc.setQueryData(unreadKey, { unreadCount: e.unread });
      void qc.invalidateQueries({ queryKey: MESSAGES_KEY, predicate: (q) => q.queryKey[1] !== 'unread' });
    }
  });
  // A mission completed or a reward changed: the badges and any open rewards page read again.
  socket.on('rewards', () => {
    void qc.invalidateQueries({ queryKey: REWARDS_KEY });
  });
  socket.on('contractOffer', (_e: ContractOfferEvent) => {
    void qc.invalidateQueries({ queryKey: CONTRACTS_PREFIX });
  });
  socket.on('lotteryDrawn', (e: LotteryDrawnEvent) => {
    void qc.invalidateQueries({
      predicate: (q) => q.queryKey[0] === LOTTERY_PREFIX && q.queryKey.includes(e.game),
    });
    if (e.settled) void qc.invalidateQueries({ queryKey: LOTTERY_BETS_PREFIX });
  });
  socket.on('maintenance', (e: MaintenanceEvent) => store().setMaintenance(e.on ? e : null));
  socket.on('chat', (m) => useChat.getState().received(m));
  socket.on('chatDeleted', (e) => useChat.getState().removed(e.ids));
  socket.on('chatStanding', (s) => useChat.getState().setStanding(s));

  return () => {
    stopWatchingGames();
    stopWatchingChat();
    socket.removeAllListeners();
    socket.disconnect();
    store().setStatus('off');
  };
}

/** The cached balance with an event's figures (main wallet and the sub-wallets it names). */
export function applyBalanceEvent(cached: WalletBalance, e: BalanceEvent): WalletBalance {
  const main = e.main !== undefined ? { balance: e.main, available: e.available ?? e.main } : cached.main;
  const vendors = cached.vendors.map((v) => {
    const changed = e.vendors?.[v.vendorCode];
    return changed ? { ...v, balance: changed.balance } : v;
  });
  return { ...cached, main, vendors };
}
