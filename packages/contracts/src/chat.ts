import { z } from 'zod';
import { lotteryBetInput, lotteryGameCode } from './lottery.ts';

/**
 * The chat room (spec §1 "open a chat room", issue 24): per merchant a lobby room and one room per lottery game.
 * Members read and post (trial accounts read only; visitors are asked to log in); staff moderate in the back office.
 * Messages arrive over the realtime socket (`chatJoin` a room, then `chat` / `chatDeleted` events); posting and
 * the history are HTTP calls with the usual envelope and error codes.
 */
export const CHAT_MAX_CHARS = 300;
/** Messages a room's history (and a joining socket) gets. */
export const CHAT_HISTORY = 100;
export const CHAT_LOBBY = 'lobby';
/** Bets one shared slip card may carry. */
export const CHAT_SLIP_MAX_BETS = 20;

/** A room: `lobby` or a lottery game's code. */
export const chatRoomCode = z.union([z.literal(CHAT_LOBBY), lotteryGameCode]);
export const chatRoomParams = z.object({ room: chatRoomCode });

/** A lottery bet slip shared as a card: the game and the bets as the place-bets call takes them. */
export const chatSlip = z.object({
  gameCode: lotteryGameCode,
  bets: z.array(lotteryBetInput).min(1).max(CHAT_SLIP_MAX_BETS),
});
export type ChatSlip = z.infer<typeof chatSlip>;

/** POST /wps/chat/rooms/:room/messages: a text, or a slip card with an optional text. */
export const chatPostRequest = z
  .object({
    text: z.string().max(CHAT_MAX_CHARS, `At most ${CHAT_MAX_CHARS} characters.`).optional(),
    slip: chatSlip.optional(),
  })
  .refine((r) => (r.text ?? '').trim().length > 0 || r.slip !== undefined, {
    message: 'Write a message or share a slip.',
    path: ['text'],
  });
export type ChatPostRequest = z.infer<typeof chatPostRequest>;

export const chatMessage = z.object({
  id: z.string(),
  room: z.string(),
  /** The sender's account, masked as the winners board masks it (`ab***f`). */
  name: z.string(),
  /** True on the sender's own messages (the history call; pushed events carry false). */
  mine: z.boolean(),
  /** Plain text (filtered); always rendered as text, never as HTML. */
  text: z.string(),
  slip: chatSlip.nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatRoomInfo = z.object({ code: z.string(), name: z.string() });
export type ChatRoomInfo = z.infer<typeof chatRoomInfo>;

/** What the member may do now: post, or why not (trial account, muted until, banned). */
export const chatStanding = z.object({
  canPost: z.boolean(),
  reason: z.enum(['trial', 'muted', 'banned']).nullable(),
  mutedUntil: z.string().nullable(),
});
export type ChatStanding = z.infer<typeof chatStanding>;

/** GET /wps/chat/rooms */
export const chatRooms = z.object({ rooms: z.array(chatRoomInfo), standing: chatStanding });
export type ChatRooms = z.infer<typeof chatRooms>;

/** GET /wps/chat/rooms/:room/messages: the last 100, oldest first. */
export const chatHistory = z.object({ room: z.string(), messages: z.array(chatMessage) });
export type ChatHistory = z.infer<typeof chatHistory>;

// Pushed events (realtime socket).
export const chatDeletedEvent = z.object({ room: z.string(), ids: z.array(z.string()) });
export type ChatDeletedEvent = z.infer<typeof chatDeletedEvent>;
/** To the member a moderator muted, banned or released: the new standing. */
export const chatStandingEvent = chatStanding;
export const chatJoinRequest = z.object({ room: chatRoomCode });

// Back office.
export const chatSanctionKind = z.enum(['mute', 'ban', 'release']);
export const adminChatSanctionRequest = z.object({
  account: z.string().trim().min(1).max(60),
  kind: chatSanctionKind,
  /** Mute length in minutes (mute only). */
  minutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .optional(),
  reason: z.string().trim().max(200).optional(),
});
export type AdminChatSanctionRequest = z.infer<typeof adminChatSanctionRequest>;

export const adminChatMessage = chatMessage.extend({
  account: z.string(),
  deleted: z.boolean(),
  deletedBy: z.string().nullable(),
});
export type AdminChatMessage = z.infer<typeof adminChatMessage>;
export const adminChatRoomView = z.object({ room: z.string(), messages: z.array(adminChatMessage) });
export type AdminChatRoomView = z.infer<typeof adminChatRoomView>;

export const adminChatSanction = z.object({
  account: z.string(),
  mutedUntil: z.string().nullable(),
  banned: z.boolean(),
  reason: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminChatSanction = z.infer<typeof adminChatSanction>;
export const adminChatSanctions = z.object({ items: z.array(adminChatSanction) });

export const adminChatMessageParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

export const CHAT_BLOCKED_WORDS_MAX = 500;
export const adminChatBlockedWords = z.object({
  words: z.array(z.string().trim().min(1).max(40)).max(CHAT_BLOCKED_WORDS_MAX),
});
export type AdminChatBlockedWords = z.infer<typeof adminChatBlockedWords>;
