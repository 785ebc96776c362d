import {
  type AdminFeedbackDetail,
  type AdminFeedbackItem,
  type AdminFeedbackList,
  type AdminFeedbackQuery,
  FEEDBACK_MAX_IMAGES,
  type FeedbackItem,
  type FeedbackPage,
  type FeedbackRequest,
} from '@sea/contracts';
import type { Kysely } from 'kysely';
import { tablesOf } from '../../db/schema.ts';
import type { AuthenticatedAdmin, AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { reencodeImage } from '../../lib/image.ts';
import { inEveryLanguage } from '../../lib/translations.ts';
import { withFreshReference } from '../../lib/reference.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MessagesModule } from '../messages/index.ts';
import type { FeedbackRepository, FeedbackRow } from './feedback.repository.ts';
import type { FeedbackTables } from './feedback.tables.ts';

type Db = Kysely<FeedbackTables>;

/** A member sends at most this many feedbacks an hour (each carries up to 15 MB of images to decode). */
export const FEEDBACK_PER_HOUR = 10;

/** The reply message's title, in the member's language (the content is the staff's own words). */
const REPLY_TITLE: Record<string, (ref: string) => string> = {
  en: (ref) => `Reply to your feedback ${ref}`,
  ty: (ref) => `Trả lời góp ý ${ref}`,
  tl: (ref) => `Sagot sa iyong feedback ${ref}`,
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Staff write plain text; the inbox shows HTML: escaped, line breaks kept. */
const replyHtml = (reply: string) => `<p>${escapeHtml(reply).replace(/\r?\n/g, '<br>')}</p>`;

const present = (r: FeedbackRow): FeedbackItem => ({
  reference: r.reference,
  questionType: r.question_type,
  content: r.content,
  status: r.status,
  imageCount: r.image_count,
  reply: r.reply,
  createdAt: r.created_at.toISOString(),
  repliedAt: r.replied_at?.toISOString() ?? null,
});

export function createFeedbackService(deps: {
  db: Db;
  repo: FeedbackRepository;
  members: Pick<MembersModule, 'findById' | 'findByAccount' | 'accountsOf'>;
  messages: Pick<MessagesModule, 'send'>;
  audit: Pick<AdminModule, 'recordAction'>;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  const { db, repo, members, clock } = deps;
  const presentAdmin = (r: FeedbackRow, account: string): AdminFeedbackItem => ({
    ...present(r),
    account,
    handledBy: r.handled_by_name,
    closedAt: r.closed_at?.toISOString() ?? null,
  });
  const find = async (merchant: Merchant, reference: string) => {
    const row = await repo.byReference(db, merchant.id, reference);
    if (!row) throw new AppError('feedback_not_found');
    return row;
  };
  const accountOf = async (merchant: Merchant, memberId: bigint) =>
    (await members.accountsOf(merchant.id, [memberId])).get(memberId) ?? String(memberId);

  return {
    /**
     * PUT /wps/feedback: the text is checked (zod, before this), then the rate limit, then every image (PNG/JPG by
     * magic bytes, ≤ 5 MB, re-encoded as JPEG) — all before anything is written; the row and its images in one
     * transaction.
     */
    async submit(
      merchant: Merchant,
      member: AuthenticatedMember,
      req: FeedbackRequest,
      images: Uint8Array[],
    ): Promise<FeedbackItem> {
      if (images.length > FEEDBACK_MAX_IMAGES) throw new AppError('feedback_too_many_images');
      const limit = await deps.limiter.hit(`feedback:${merchant.id}:${member.memberId}`, FEEDBACK_PER_HOUR, 3_600_000);
      if (!limit.allowed)
        throw new AppError('too_many_requests', undefined, { retryAfterSeconds: limit.retryAfterSeconds });
      const encoded: Buffer[] = [];
      for (const image of images) encoded.push(await reencodeImage(image, { format: 'jpeg', maxSide: 2000 }));
      const row = await withFreshReference('FBK', (reference) =>
        db.transaction().execute((trx) =>
          repo.insert(
            trx,
            {
              reference,
              merchant_id: merchant.id,
              member_id: member.memberId,
              question_type: req.questionType,
              content: req.content.trim(),
              created_at: clock(),
            },
            encoded,
          ),
        ),
      );
      return present(row);
    },

    async memberList(merchant: Merchant, member: AuthenticatedMember, q: { pageNo: number; pageSize: number }) {
      const { rows, total } = await repo.memberPage(merchant.id, member.memberId, {
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return { list: rows.map(present), total, pageNo: q.pageNo, pageSize: q.pageSize } satisfies FeedbackPage;
    },

    /** The back office's inbox; an unknown account filter finds nothing (not an error). */
    async adminList(merchant: Merchant, q: AdminFeedbackQuery): Promise<AdminFeedbackList> {
      const empty = { list: [], total: 0, pageNo: q.pageNo, pageSize: q.pageSize };
      let memberId: bigint | undefined;
      if (q.account) {
        const m = await members.findByAccount(merchant.id, q.account);
        if (!m) return empty;
        memberId = m.id;
      }
      const { rows, total } = await repo.adminPage(
        merchant.id,
        { status: q.status, questionType: q.questionType, memberId },
        { offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
      );
      const accounts = await members.accountsOf(merchant.id, [...new Set(rows.map((r) => r.member_id))]);
      return {
        list: rows.map((r) => presentAdmin(r, accounts.get(r.member_id) ?? String(r.member_id))),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },

    async adminDetail(merchant: Merchant, reference: string): Promise<AdminFeedbackDetail> {
      const row = await find(merchant, reference);
      const images = await repo.images(row.id);
      return {
        ...presentAdmin(row, await accountOf(merchant, row.member_id)),
        images: images.map((i) => `data:${i.content_type};base64,${Buffer.from(i.content).toString('base64')}`),
      };
    },

    /**
     * Staff answer: one transaction sends the member message (messages face), marks the feedback answered and
     * records the audit entry; a closed feedback is refused (nothing sent). The messages face pushes the member's
     * new unread count once it has committed.
     */
    async reply(merchant: Merchant, admin: AuthenticatedAdmin, reference: string, reply: string, ip: string) {
      const row = await find(merchant, reference);
      if (row.status === 'closed') throw new AppError('feedback_closed');
      const member = await members.findById(merchant.id, row.member_id);
      if (!member) throw new AppError('feedback_not_found');
      // The wrapper (title) in every language the site has, the staff's words as written (issue 24).
      const text = inEveryLanguage(member.language, ['en', 'ty', 'tl'] as const, 'en', (lang) => ({
        title: REPLY_TITLE[lang]!(row.reference),
        content: replyHtml(reply),
      }));
      let updated: FeedbackRow | undefined;
      await deps.messages.send(
        merchant,
        admin.id,
        { to: 'member', account: member.account, ...text },
        async (trx, message) => {
          const t = tablesOf<FeedbackTables>(trx);
          const locked = await repo.byReference(t, merchant.id, reference, true);
          if (!locked || locked.status === 'closed') throw new AppError('feedback_closed');
          updated = await repo.markAnswered(t, locked.id, {
            reply,
            messageId: message.id,
            at: clock(),
            adminId: admin.id,
            adminName: admin.username,
          });
          await deps.audit.recordAction(trx, {
            merchantId: merchant.id,
            adminId: admin.id,
            action: 'feedback.reply',
            targetType: 'feedback',
            targetId: row.reference,
            detail: { reference: row.reference, account: member.account },
            ip,
          });
        },
      );
      return presentAdmin(updated!, member.account);
    },

    /** Staff close it (answered or not); closing twice is refused. Audited in the same transaction. */
    async close(merchant: Merchant, admin: AuthenticatedAdmin, reference: string, ip: string) {
      const updated = await db.transaction().execute(async (trx) => {
        const locked = await repo.byReference(trx, merchant.id, reference, true);
        if (!locked) throw new AppError('feedback_not_found');
        if (locked.status === 'closed') throw new AppError('feedback_closed');
        const row = await repo.markClosed(trx, locked.id, {
          at: clock(),
          adminId: admin.id,
          adminName: admin.username,
        });
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'feedback.close',
          targetType: 'feedback',
          targetId: row.reference,
          detail: { reference: row.reference },
          ip,
        });
        return row;
      });
      return presentAdmin(updated, await accountOf(merchant, updated.member_id));
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
