import type { KycDocumentKind } from '@sea/contracts';
import type { AnyDb } from '../../db/schema.ts';
import { inEveryLanguage, type SystemText } from '../../lib/translations.ts';

/** The site's own message to a member (the messages face's notify), on the review's transaction. */
export type KycNoticePort = (merchantId: bigint, memberId: bigint, m: SystemText, executor: AnyDb) => Promise<void>;

const LANGS = ['en', 'ty', 'tl'] as const;
type Lang = (typeof LANGS)[number];

const KINDS: Record<Lang, Record<KycDocumentKind, string>> = {
  en: { id_front: 'ID (front)', id_back: 'ID (back)', selfie: 'Selfie' },
  ty: { id_front: 'Giấy tờ tùy thân (mặt trước)', id_back: 'Giấy tờ tùy thân (mặt sau)', selfie: 'Ảnh chân dung' },
  tl: { id_front: 'ID (harap)', id_back: 'ID (likod)', selfie: 'Selfie' },
};

const TEXTS: Record<
  Lang,
  {
    approved: (kind: string) => { title: string; content: string };
    rejected: (kind: string, reason: string) => { title: string; content: string };
  }
> = {
  en: {
    approved: (kind) => ({
      title: `Identity document approved: ${kind}`,
      content: `<p>Your document <b>${kind}</b> has been approved.</p>`,
    }),
    rejected: (kind, reason) => ({
      title: `Identity document rejected: ${kind}`,
      content:
        `<p>Your document <b>${kind}</b> was rejected: ${reason}</p>` +
        '<p>Upload it again under Identity verification in the member centre.</p>',
    }),
  },
  ty: {
    approved: (kind) => ({
      title: `Giấy tờ tùy thân đã được duyệt: ${kind}`,
      content: `<p>Giấy tờ <b>${kind}</b> của bạn đã được duyệt.</p>`,
    }),
    rejected: (kind, reason) => ({
      title: `Giấy tờ tùy thân bị từ chối: ${kind}`,
      content:
        `<p>Giấy tờ <b>${kind}</b> của bạn bị từ chối: ${reason}</p>` +
        '<p>Hãy tải lại trong mục Xác minh danh tính ở Trung tâm thành viên.</p>',
    }),
  },
  tl: {
    approved: (kind) => ({
      title: `Naaprubahan ang ID document: ${kind}`,
      content: `<p>Naaprubahan na ang iyong dokumentong <b>${kind}</b>.</p>`,
    }),
    rejected: (kind, reason) => ({
      title: `Tinanggihan ang ID document: ${kind}`,
      content:
        `<p>Tinanggihan ang iyong dokumentong <b>${kind}</b>: ${reason}</p>` +
        '<p>I-upload itong muli sa Identity verification sa member centre.</p>',
    }),
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The member's message about a reviewed document in every language the site has (en, ty, tl): the default text in
 * the member's language (else en), the others as translations, so it reads in the language the site shows.
 */
export function reviewNotice(
  language: string,
  kind: KycDocumentKind,
  review: { decision: 'approve' } | { decision: 'reject'; reason: string },
): SystemText {
  return inEveryLanguage(language, LANGS, 'en', (lang) => {
    const label = KINDS[lang][kind];
    return review.decision === 'approve'
      ? TEXTS[lang].approved(label)
      : TEXTS[lang].rejected(label, escapeHtml(review.reason));
  });
}
