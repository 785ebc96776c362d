import type { FeedbackQuestionType, FeedbackStatus } from '@sea/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { FeedbackTables, MemberFeedbackTable } from './feedback.tables.ts';
import { newestFirstPage, type Page } from '../../db/paging.ts';

type Db = Kysely<FeedbackTables>;
export type FeedbackRow = Selectable<MemberFeedbackTable>;

/** SQL of the feedback module (its two tables only). */
export function createFeedbackRepository(db: Db) {
  return {
    /** The feedback and its images in the caller's transaction. */
    async insert(
      exec: Db,
      row: {
        reference: string;
        merchant_id: bigint;
        member_id: bigint;
        question_type: FeedbackQuestionType;
        content: string;
        created_at: Date;
      },
      images: Uint8Array[],
    ): Promise<FeedbackRow> {
      const saved = await exec
        .insertInto('member_feedback')
        .values({ ...row, image_count: images.length })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (images.length)
        await exec
          .insertInto('member_feedback_images')
          .values(
            images.map((content, position) => ({
              feedback_id: saved.id,
              position,
              content_type: 'image/jpeg' as const,
              content,
            })),
          )
          .execute();
      return saved;
    },

    /** A member's own feedback, newest first. */
    async memberPage(merchantId: bigint, memberId: bigint, page: Page) {
      const base = db
        .selectFrom('member_feedback')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId);
      return newestFirstPage(base, page);
    },

    /** The merchant's inbox with its filters, newest first. */
    async adminPage(
      merchantId: bigint,
      f: { status?: FeedbackStatus; questionType?: FeedbackQuestionType; memberId?: bigint },
      page: Page,
    ) {
      let base = db.selectFrom('member_feedback').where('merchant_id', '=', merchantId);
      if (f.status) base = base.where('status', '=', f.status);
      if (f.questionType) base = base.where('question_type', '=', f.questionType);
      if (f.memberId !== undefined) base = base.where('member_id', '=', f.memberId);
      return newestFirstPage(base, page);
    },

    /** One feedback of the merchant by its reference; `lock` takes the row for an update in `exec`'s transaction. */
    async byReference(exec: Db, merchantId: bigint, reference: string, lock = false) {
      let q = exec
        .selectFrom('member_feedback')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('reference', '=', reference);
      if (lock) q = q.forUpdate();
      return q.executeTakeFirst();
    },

    async images(feedbackId: bigint) {
      return db
        .selectFrom('member_feedback_images')
        .select(['content_type', 'content'])
        .where('feedback_id', '=', feedbackId)
        .orderBy('position')
        .execute();
    },

    async markAnswered(
      exec: Db,
      id: bigint,
      v: { reply: string; messageId: bigint; at: Date; adminId: bigint; adminName: string },
    ): Promise<FeedbackRow> {
      return exec
        .updateTable('member_feedback')
        .set({
          status: 'answered',
          reply: v.reply,
          reply_message_id: v.messageId,
          replied_at: v.at,
          handled_by: v.adminId,
          handled_by_name: v.adminName,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async markClosed(exec: Db, id: bigint, v: { at: Date; adminId: bigint; adminName: string }): Promise<FeedbackRow> {
      return exec
        .updateTable('member_feedback')
        .set({ status: 'closed', closed_at: v.at, handled_by: v.adminId, handled_by_name: v.adminName })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
