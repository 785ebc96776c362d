import { z } from 'zod';
import { announcementListQuery } from './announcements.ts';

/**
 * Member messages (the member centre's messageV2 inbox; spec: badges show counts of messages, "unread message
 * count"): sent by the operator to one member or to every member of the merchant.
 */
/** The inbox pages as the announcements do (pageNo, pageSize ≤ 50). */
export const messageListQuery = announcementListQuery;

export const messageItem = z.object({
  id: z.string(),
  title: z.string(),
  /** Epoch ms. */
  sentAt: z.number().int(),
  /** Sent to every member of the merchant (not to this member alone). */
  broadcast: z.boolean(),
  unread: z.boolean(),
});
export const messagePage = z.object({
  list: z.array(messageItem),
  total: z.number().int(),
  unreadCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePage>;

/** One message with its HTML content; `unread` tells whether it was new before this reading. */
export const messageDetail = messageItem.extend({ content: z.string() });
export type MessageDetail = z.infer<typeof messageDetail>;

export const unreadMessages = z.object({ unreadCount: z.number().int() });

/** POST /admin/api/messages: to one member (by account) or to every member of the merchant. */
export const messageSendRequest = z.discriminatedUnion('to', [
  z.object({
    to: z.literal('member'),
    account: z.string().trim().min(1).max(64),
    title: z.string().trim().min(1).max(200),
    content: z.string().min(1).max(20_000),
  }),
  z.object({
    to: z.literal('all'),
    title: z.string().trim().min(1).max(200),
    content: z.string().min(1).max(20_000),
  }),
]);
export type MessageSendRequest = z.infer<typeof messageSendRequest>;

export const adminMessage = z.object({
  id: z.string(),
  /** The member's account, or null for a broadcast. */
  account: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export const adminMessageList = z.object({
  list: z.array(adminMessage),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
