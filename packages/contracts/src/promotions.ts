import { z } from 'zod';
import { storedTranslations, translations } from './translations.ts';

/**
 * Promotions (spec §2 /promotions with an optional #{id}; §3 the promotion data group: id, title, images): the
 * operator's promotion pages of a merchant, shown from their start until their end in the operator's order.
 */

/** An image the site may show: a path on this site (`/promotions/x.svg`) or an https URL (allowed by CDN_ORIGINS). */
const imageUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^\/(?!\/)[^\s]*$/.test(v) || /^https:\/\/[^\s/]+\/[^\s]*$/.test(v), {
    message: 'A path on this site (/…) or an https:// URL.',
  });

/** One promotion as the public list shows it (the HTML content is in the detail). */
export const promotionItem = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  category: z.string().nullable(),
  /** Epoch ms. */
  startsAt: z.number().int(),
  endsAt: z.number().int().nullable(),
});
export type PromotionItem = z.infer<typeof promotionItem>;

export const promotionList = z.object({ list: z.array(promotionItem) });
export type PromotionList = z.infer<typeof promotionList>;

/** One promotion with its operator-authored HTML (sanitised by the web where it is shown). */
export const promotionDetail = promotionItem.extend({ content: z.string() });
export type PromotionDetail = z.infer<typeof promotionDetail>;

/** POST /admin/api/promotions and PUT /admin/api/promotions/:id (a PUT replaces every field it names). */
export const promotionWriteRequest = z
  .object({
    title: z.string().trim().min(1).max(200),
    content: z.string().min(1).max(20_000),
    imageUrl: imageUrl.optional(),
    category: z.string().trim().min(1).max(40).optional(),
    /** The title and content in the site's other languages (the ones above are the merchant's default). */
    translations,
    /** Default: now (create) or the promotion's current start (update). */
    startsAt: z.iso.datetime({ offset: true }).optional(),
    /** Default: open-ended. */
    endsAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((v) => !v.startsAt || !v.endsAt || Date.parse(v.startsAt) < Date.parse(v.endsAt), {
    message: 'The end must come after the start.',
    path: ['endsAt'],
  });
export type PromotionWriteRequest = z.infer<typeof promotionWriteRequest>;

/** POST /admin/api/promotions/order: the promotions in the order they are shown (ids not listed keep theirs, after). */
export const promotionOrderRequest = z.object({
  ids: z
    .array(z.string().regex(/^[1-9]\d{0,17}$/, 'A promotion id.'))
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each promotion once.' }),
});

export const adminPromotion = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  translations: storedTranslations,
  imageUrl: z.string().nullable(),
  category: z.string().nullable(),
  sort: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const adminPromotionList = z.object({ list: z.array(adminPromotion) });
export type AdminPromotion = z.infer<typeof adminPromotion>;
