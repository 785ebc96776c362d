import { z } from 'zod';

/**
 * Site content from the operator (issue 24, spec §2 popups and banner elements, §3 Banner / Announcement, §7 the
 * notice call): banners per group and notices by type, every text per language with a fallback to the merchant's
 * default language. Images are uploaded through the media store and named by their content-hashed URL.
 */

/** Spec §3: banner groups. */
export const BANNER_GROUPS = ['w_home', 'w_login', 'w_register', 'w_forget'] as const;
export const bannerGroup = z.enum(BANNER_GROUPS);
export type BannerGroup = z.infer<typeof bannerGroup>;

/** What a click on a banner opens: nothing, a promotion (its id), a game centre path or an http(s) URL. */
export const LINKAGE_TYPES = ['none', 'promotion', 'game', 'url'] as const;
export const linkageType = z.enum(LINKAGE_TYPES);
export type LinkageType = z.infer<typeof linkageType>;

/**
 * Spec §7 notice types: B = the home marquee line, PL = the notice popup's list, PU = the public popup (once per
 * session), PR = a promotion announcement (go-to-promotion button), H = a notice pinned to the help centre.
 */
export const NOTICE_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const noticeType = z.enum(NOTICE_TYPES);
export type NoticeType = z.infer<typeof noticeType>;

/** Who a public popup (PU) is for: everyone, visitors, signed-in members, or first-time members only ('F'). */
export const POPUP_AUDIENCES = ['all', 'guest', 'member', 'F'] as const;
export const popupAudience = z.enum(POPUP_AUDIENCES);
export type PopupAudience = z.infer<typeof popupAudience>;

/** The languages a text may be written in (the site's EN, TY and TL, and VI). */
export const CONTENT_LANGUAGES = ['en', 'ty', 'tl', 'vi'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** A content-hashed media URL (`/media/<sha256>.png|jpg`) as the media store returns it. */
export const mediaUrl = z
  .string()
  .regex(/^\/media\/[0-9a-f]{64}\.(png|jpg)$/, 'An image uploaded through the media store (/media/….png|jpg).');

const isoDate = z.iso.datetime({ offset: true });
const idString = z.string().regex(/^[1-9]\d{0,17}$/, 'An id.');

const bannerText = z.object({
  title: z.string().trim().max(120).default(''),
  text: z.string().trim().max(300).default(''),
});
const noticeText = z.object({
  title: z.string().trim().max(200).default(''),
  content: z.string().max(20_000).default(''),
});

/** Texts keyed by language; at least one language must have a title (checked by the refinements below). */
const textsOf = <T extends z.ZodType>(t: T) =>
  z.object({ en: t.optional(), ty: t.optional(), tl: t.optional(), vi: t.optional() }).strict();

const periodOk = (v: { startsAt?: string; endsAt?: string }) =>
  !v.startsAt || !v.endsAt || Date.parse(v.startsAt) < Date.parse(v.endsAt);

/** POST /admin/api/content/banners and PUT …/:id (a PUT replaces every field). */
export const bannerWriteRequest = z
  .object({
    groupName: bannerGroup,
    imageUrl: mediaUrl,
    linkageType: linkageType.default('none'),
    /** promotion: its id; game: a site path such as /lottery; url: an http(s) URL. */
    linkageTarget: z.string().trim().max(500).optional(),
    sort: z.number().int().min(0).max(10_000).default(0),
    startsAt: isoDate.optional(),
    endsAt: isoDate.optional(),
    published: z.boolean().default(true),
    texts: textsOf(bannerText).default({}),
  })
  .refine(periodOk, { message: 'The end must come after the start.', path: ['endsAt'] })
  .superRefine((v, ctx) => {
    const target = v.linkageTarget ?? '';
    const bad = (message: string) => ctx.addIssue({ code: 'custom', path: ['linkageTarget'], message });
    if (v.linkageType === 'url' && !/^https?:\/\/[^\s/]+(\/\S*)?$/i.test(target)) bad('An http:// or https:// URL.');
    if (v.linkageType === 'game' && !/^\/(?!\/)[A-Za-z0-9/_#?=&.-]*$/.test(target))
      bad('A path on this site such as /lottery.');
    if (v.linkageType === 'promotion' && !/^[1-9]\d{0,17}$/.test(target)) bad('A promotion id.');
  });
export type BannerWriteRequest = z.infer<typeof bannerWriteRequest>;

/** POST /admin/api/content/notices and PUT …/:id. */
export const noticeWriteRequest = z
  .object({
    type: noticeType,
    /** Only for PU (public popup); others: 'all'. */
    audience: popupAudience.default('all'),
    /** PR: the promotion's id the go-to-promotion button opens. */
    promotionId: idString.optional(),
    sort: z.number().int().min(0).max(10_000).default(0),
    startsAt: isoDate.optional(),
    endsAt: isoDate.optional(),
    published: z.boolean().default(true),
    texts: textsOf(noticeText),
  })
  .refine(periodOk, { message: 'The end must come after the start.', path: ['endsAt'] })
  .refine((v) => Object.values(v.texts).some((t) => t && t.title.length > 0), {
    message: 'Write a title in at least one language.',
    path: ['texts'],
  });
export type NoticeWriteRequest = z.infer<typeof noticeWriteRequest>;

export const contentListQuery = z.object({
  groupName: bannerGroup.optional(),
  type: noticeType.optional(),
});

export const adminBanner = z.object({
  id: z.string(),
  groupName: bannerGroup,
  imageUrl: z.string(),
  linkageType,
  linkageTarget: z.string().nullable(),
  sort: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  published: z.boolean(),
  texts: z.record(z.string(), z.object({ title: z.string(), text: z.string() })),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof adminBanner>;
export const adminBannerList = z.object({ list: z.array(adminBanner) });

export const adminNotice = z.object({
  id: z.string(),
  type: noticeType,
  audience: popupAudience,
  promotionId: z.string().nullable(),
  sort: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  published: z.boolean(),
  texts: z.record(z.string(), z.object({ title: z.string(), content: z.string() })),
  updatedAt: z.string(),
});
export type AdminNotice = z.infer<typeof adminNotice>;
export const adminNoticeList = z.object({ list: z.array(adminNotice) });

export const publishRequest = z.object({ published: z.boolean() });

/** POST /admin/api/content/media (multipart field "file"): the stored image's URL. */
export const mediaUpload = z.object({
  url: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MediaUpload = z.infer<typeof mediaUpload>;

/** Player side: GET /wps/relay/MCSFE_banners {groupName}. Spec §3 Banner: url, linkageType, groupName. */
export const bannerQuery = z.object({ groupName: bannerGroup, language: z.string().trim().max(10).optional() });
export const banner = z.object({
  id: z.string(),
  url: z.string(),
  groupName: bannerGroup,
  linkageType,
  /** Where a click goes: a site path (promotion, game) or an http(s) URL; null for none. */
  link: z.string().nullable(),
  title: z.string(),
  text: z.string(),
});
export type Banner = z.infer<typeof banner>;
export const bannerList = z.object({ list: z.array(banner) });
export type BannerList = z.infer<typeof bannerList>;

/** Player side: GET /wps/relay/MCSFE_notices {types 'B,PL,PU,PR,H', platform 'W'} (spec §7). */
export const noticeQuery = z.object({
  types: z
    .string()
    .max(40)
    .regex(/^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H))*$/, 'Comma-separated notice types: B, PL, PU, PR, H.')
    .default('B,PL,PU,PR,H'),
  platform: z.enum(['W']).default('W'),
  language: z.string().trim().max(10).optional(),
});
export const notice = z.object({
  id: z.string(),
  type: noticeType,
  audience: popupAudience,
  title: z.string(),
  /** Operator-authored HTML (sanitised by the web where it is shown). */
  content: z.string(),
  /** Epoch ms (spec §3 startDateStr). */
  startDateStr: z.number().int(),
  /** PR: the promotion the go-to-promotion button opens. */
  promotionType: z.string().nullable(),
});
export type Notice = z.infer<typeof notice>;
export const noticeList = z.object({ list: z.array(notice) });
export type NoticeList = z.infer<typeof noticeList>;
