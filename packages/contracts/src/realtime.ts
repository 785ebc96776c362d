import { z } from 'zod';
import { chatDeletedEvent, chatJoinRequest, chatMessage, chatStandingEvent } from './chat.ts';

/**
 * Events the server pushes over socket.io (same port as the API, path `/socket.io`; docs/realtime.md). The
 * handshake carries `auth: { token, merchant }` (the member's session token and the merchant code, as the HTTP
 * `Authorization` and `Merchant` headers). Amounts are minor-unit strings, as in every other answer.
 */
export const REALTIME_PATH = '/socket.io';

/** One wallet's balance and what can be spent of it (balance less its holds), minor units. */
export const realtimeWalletBalance = z.object({ balance: z.string(), available: z.string() });

/**
 * `balance`: after a committed journal that changed one of the member's wallets. `main` / `available` are the main
 * wallet's (absent when the journal touched only sub-wallets); `vendors` the sub-wallets it changed, by vendor code.
 * `seq` grows with every journal on the member's wallets: an event with a lower seq than one already applied is stale.
 */
export const balanceEvent = z.object({
  main: z.string().optional(),
  available: z.string().optional(),
  vendors: z.record(z.string(), realtimeWalletBalance).optional(),
  currency: z.string(),
  seq: z.string(),
});
export type BalanceEvent = z.infer<typeof balanceEvent>;

/** `messages`: the member's unread count; null after a message to every member (count again with the inbox call). */
export const messagesEvent = z.object({ unread: z.number().int().nonnegative().nullable() });
export type MessagesEvent = z.infer<typeof messagesEvent>;

/** `contractOffer`: an upline (or the house) offered this agent a contract; the contract list has it. */
export const contractOfferEvent = z.object({ contractId: z.string(), type: z.string() });
export type ContractOfferEvent = z.infer<typeof contractOfferEvent>;

/**
 * `lotteryDrawn`: to the room of one game (`subscribe` first) when an issue is drawn (`settled` false) and again once
 * its bets are settled (`settled` true). `result` as the results API gives it: the drawn numbers of a fast (ELOTT)
 * game, the engine's result object (prize board) of a VN / Thai / 4D game.
 */
export const lotteryDrawnEvent = z.object({
  game: z.string(),
  issue: z.string(),
  result: z.union([z.array(z.number().int()), z.record(z.string(), z.unknown())]),
  settled: z.boolean(),
});
export type LotteryDrawnEvent = z.infer<typeof lotteryDrawnEvent>;

/** `maintenance`: the merchant's site went into or out of maintenance. */
export const maintenanceEvent = z.object({
  on: z.boolean(),
  message: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type MaintenanceEvent = z.infer<typeof maintenanceEvent>;

/** `rewards`: the member's menu badges changed (a mission completed, a reward claimed, expired or granted). */
export const rewardsEvent = z.object({
  missions: z.number().int().nonnegative(),
  rewards: z.number().int().nonnegative(),
});
export type RewardsEvent = z.infer<typeof rewardsEvent>;

/**
 * `table`: a shared-round table's round moved on (a new phase) or took bets — to the table's room
 * (`tableSubscribe` first). A nudge, not the state: read the table again (its view answers by the server's clock).
 * Bets are told at most about once a second per table.
 */
export const tableEvent = z.object({
  game: z.string(),
  table: z.string(),
  roundId: z.string(),
  phase: z.string(),
});
export type TableEvent = z.infer<typeof tableEvent>;

/** What the server emits, event name → payload. */
export const realtimeEvents = {
  balance: balanceEvent,
  messages: messagesEvent,
  contractOffer: contractOfferEvent,
  lotteryDrawn: lotteryDrawnEvent,
  maintenance: maintenanceEvent,
  /** A new message in a chat room the socket joined (`chatJoin`). */
  chat: chatMessage,
  /** Staff deleted messages of a room. */
  chatDeleted: chatDeletedEvent,
  /** To the member only: staff muted, banned or released it. */
  chatStanding: chatStandingEvent,
  rewards: rewardsEvent,
  table: tableEvent,
} as const;
export type RealtimeEventName = keyof typeof realtimeEvents;
export type ServerToClientEvents = {
  [K in RealtimeEventName]: (payload: z.infer<(typeof realtimeEvents)[K]>) => void;
};

/** `tableSubscribe` / `tableUnsubscribe` a shared-round table's room: the game (`baccarat`) and the table code. */
export const tableSubscription = z.object({
  game: z.string().regex(/^[a-z0-9-]{1,20}$/),
  table: z.string().regex(/^[A-Za-z0-9_-]{1,20}$/),
});

/** `subscribe` / `unsubscribe` a lottery game's room (game code, e.g. `SSC1`); the ack says whether it is known. */
export const lotterySubscription = z.object({ game: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
export type ClientToServerEvents = {
  subscribe: (req: z.infer<typeof lotterySubscription>, ack?: (r: { ok: boolean }) => void) => void;
  unsubscribe: (req: z.infer<typeof lotterySubscription>, ack?: (r: { ok: boolean }) => void) => void;
  /** Join a chat room (`lobby` or a lottery game code; one at a time): the ack says whether it is allowed. */
  chatJoin: (req: z.infer<typeof chatJoinRequest>, ack?: (r: { ok: boolean }) => void) => void;
  chatLeave: (req: z.infer<typeof chatJoinRequest>, ack?: (r: { ok: boolean }) => void) => void;
  tableSubscribe: (req: z.infer<typeof tableSubscription>, ack?: (r: { ok: boolean }) => void) => void;
  tableUnsubscribe: (req: z.infer<typeof tableSubscription>, ack?: (r: { ok: boolean }) => void) => void;
};

/**
 * The handshake's `auth`. `kind: 'game'`: the token is a game session's (our own game pages, e.g. a baccarat table
 * opened with `?token=`): such a socket may only follow tables (no member, merchant or chat rooms).
 */
export const realtimeHandshake = z.object({
  token: z.string().min(1).max(200),
  merchant: z.string().max(40).optional(),
  kind: z.enum(['member', 'game']).optional(),
});
