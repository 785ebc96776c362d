import { z } from 'zod';
import { storedTranslations, translations } from './translations.ts';
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

const day = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'A date as YYYY-MM-DD');

/**
 * A segment of the members: the team below an agent (its account), members registered from / to a local date of
 * the merchant (inclusive), or both. At least one criterion.
 */
export const messageSegment = z
  .object({
    agentAccount: z.string().trim().min(1).max(64).optional(),
    registeredFrom: day.optional(),
    registeredTo: day.optional(),
  })
  .refine((s) => s.agentAccount || s.registeredFrom || s.registeredTo, {
    message: 'Choose an agent or a registration date',
    path: ['agentAccount'],
  })
  .refine((s) => !s.registeredFrom || !s.registeredTo || s.registeredFrom <= s.registeredTo, {
    message: 'The first date comes before the last',
    path: ['registeredTo'],
  });
export type MessageSegment = z.infer<typeof messageSegment>;

/** POST /admin/api/messages: to one member (by account), to every member of the merchant, or to a segment. */
export const messageSendRequest = z.discriminatedUnion('to', [
  z.object({
    to: z.literal('member'),
    account: z.string().trim().min(1).max(64),
    title: z.string().trim().min(1).max(200),
    content: z.string().min(1).max(20_000),
    /** The title and content in the site's other languages (the ones above are the merchant's default). */
    translations,
  }),
  z.object({
    to: z.literal('all'),
    title: z.string().trim().min(1).max(200),
    content: z.string().min(1).max(20_000),
    /** The title and content in the site's other languages (the ones above are the merchant's default). */
    translations,
  }),
  z.object({
    to: z.literal('segment'),
    segment: messageSegment,
    title: z.string().trim().min(1).max(200),
    content: z.string().min(1).max(20_000),
    /** The title and content in the site's other languages (the ones above are the merchant's default). */
    translations,
  }),
]);
export type MessageSendRequest = z.infer<typeof messageSendRequest>;

export const adminMessage = z.object({
  id: z.string(),
  /** The member's account, or null for a broadcast or a segment. */
  account: z.string().nullable(),
  /** The segment it was sent to (null: one member or everyone). */
  segment: z
    .object({
      agentAccount: z.string().optional(),
      registeredFrom: z.string().optional(),
      registeredTo: z.string().optional(),
    })
    .nullable(),
  /** How many members it was sent to (null: everyone, including those who join later). */
  recipients: z.number().int().nullable(),
  title: z.string(),
  content: z.string(),
  translations: storedTranslations,
  createdAt: z.string(),
});
export const adminMessageList = z.object({
  list: z.array(adminMessage),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminMessage = z.infer<typeof adminMessage>;
