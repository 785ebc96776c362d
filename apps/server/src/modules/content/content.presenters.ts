import type { AdminBanner, AdminNotice, Banner, Notice } from '@sea/contracts';
import type { BannerRow, NoticeRow } from './content.repository.ts';

/**
 * The text of a language, else of the merchant's default language, else the first language that has one: a
 * visitor never sees an empty slot because a text was written in another language only.
 */
export function pickText<T extends { title: string }>(
  texts: Record<string, T>,
  language: string | undefined,
  fallback: string,
): T | undefined {
  const filled = (l: string | undefined) => {
    const t = l ? texts[l] : undefined;
    return t && Object.values(t).some((v) => typeof v === 'string' && v.length > 0) ? t : undefined;
  };
  return filled(language) ?? filled(fallback) ?? Object.keys(texts).map(filled).find(Boolean);
}

/** Where a click on a banner goes (a site path or an http(s) URL), null when it links nowhere. */
export function linkOf(r: Pick<BannerRow, 'linkage_type' | 'linkage_target'>): string | null {
  const target = r.linkage_target ?? '';
  if (r.linkage_type === 'promotion') return `/promotions#${target}`;
  if (r.linkage_type === 'game' || r.linkage_type === 'url') return target || null;
  return null;
}

export const presentBanner = (r: BannerRow, language: string | undefined, fallback: string): Banner => {
  const t = pickText(r.texts, language, fallback);
  return {
    id: String(r.id),
    url: r.image_url,
    groupName: r.group_name,
    linkageType: r.linkage_type,
    link: linkOf(r),
    title: t?.title ?? '',
    text: t?.text ?? '',
  };
};

export const presentNotice = (r: NoticeRow, language: string | undefined, fallback: string): Notice => {
  const t = pickText(r.texts, language, fallback);
  return {
    id: String(r.id),
    type: r.type,
    audience: r.audience,
    title: t?.title ?? '',
    content: t?.content ?? '',
    startDateStr: r.starts_at.getTime(),
    promotionType: r.promotion_id === null ? null : String(r.promotion_id),
  };
};

export const presentAdminBanner = (r: BannerRow): AdminBanner => ({
  id: String(r.id),
  groupName: r.group_name,
  imageUrl: r.image_url,
  linkageType: r.linkage_type,
  linkageTarget: r.linkage_target,
  sort: r.sort,
  startsAt: r.starts_at.toISOString(),
  endsAt: r.ends_at?.toISOString() ?? null,
  published: r.published,
  texts: r.texts,
  updatedAt: r.updated_at.toISOString(),
});

export const presentAdminNotice = (r: NoticeRow): AdminNotice => ({
  id: String(r.id),
  type: r.type,
  audience: r.audience,
  promotionId: r.promotion_id === null ? null : String(r.promotion_id),
  sort: r.sort,
  startsAt: r.starts_at.toISOString(),
  endsAt: r.ends_at?.toISOString() ?? null,
  published: r.published,
  texts: r.texts,
  updatedAt: r.updated_at.toISOString(),
});
