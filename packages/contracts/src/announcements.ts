import { z } from 'zod';
import { storedTranslations, translations } from './translations.ts';

/**
 * Announcements (spec §3: id, title, content HTML, startDateStr, promotionType) with an audience: 'agents' are
 * the agent centre's (agentAnnouncement); 'all' and 'members' are kept for the public announcement popup.
 */
export const announcementAudience = z.enum(['all', 'members', 'agents']);
export type AnnouncementAudience = z.infer<typeof announcementAudience>;

export const announcementListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

/** One item of a member's list: the text is in the detail; `unread` until the member opened it. */
export const announcementItem = z.object({
  id: z.string(),
  title: z.string(),
  startDateStr: z.number().int(),
  promotionType: z.string().nullable(),
  unread: z.boolean(),
});
export const announcementPage = z.object({
  list: z.array(announcementItem),
  total: z.number().int(),
  unreadCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type AnnouncementPage = z.infer<typeof announcementPage>;

export const announcementDetail = announcementItem.extend({ content: z.string() });
export type AnnouncementDetail = z.infer<typeof announcementDetail>;

/** POST /admin/api/announcements: the operator publishes one (HTML content, sanitised where it is shown). */
export const announcementCreateRequest = z
  .object({
    audience: announcementAudience,
    title: z.string().trim().min(1).max(200),
    content: z.string().min(1).max(20_000),
    promotionType: z.string().trim().min(1).max(40).optional(),
    /** The title and content in the site's other languages (the ones above are the merchant's default). */
    translations,
    startsAt: z.iso.datetime({ offset: true }).optional(),
    endsAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((v) => !v.startsAt || !v.endsAt || Date.parse(v.startsAt) < Date.parse(v.endsAt), {
    message: 'The end must come after the start.',
    path: ['endsAt'],
  });
export type AnnouncementCreateRequest = z.infer<typeof announcementCreateRequest>;

/**
 * PUT /admin/api/announcements/:id: the operator edits one, published or scheduled (not a withdrawn one). The save
 * replaces its fields (no translations: none kept; no start: the start it had); the old text is kept in the audit.
 */
export const announcementUpdateRequest = announcementCreateRequest;
export type AnnouncementUpdateRequest = AnnouncementCreateRequest;

export const adminAnnouncement = z.object({
  id: z.string(),
  audience: announcementAudience,
  title: z.string(),
  content: z.string(),
  translations: storedTranslations,
  promotionType: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
});
/** GET /admin/api/announcements and /admin/api/messages: the back office's lists (pages up to 100). */
export const adminContentListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminAnnouncementList = z.object({
  list: z.array(adminAnnouncement),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;
