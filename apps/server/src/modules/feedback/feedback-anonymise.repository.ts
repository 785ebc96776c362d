import { ANONYMISED_TEXT } from '@sea/contracts';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { FeedbackTables } from './feedback.tables.ts';

/**
 * The retention anonymisation (issue 25), on the caller's transaction: the member's feedback keeps its reference,
 * type, state and dates; its text and staff reply become the fixed marker and its images are deleted. Returns the
 * feedback rows changed (0 on a second run).
 */
export async function anonymiseFeedback(executor: AnyDb, merchantId: bigint, memberId: bigint): Promise<number> {
  const t = tablesOf<FeedbackTables>(executor);
  const mine = t
    .selectFrom('member_feedback')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId);
  await t.deleteFrom('member_feedback_images').where('feedback_id', 'in', mine).execute();
  const r = await t
    .updateTable('member_feedback')
    .set((eb) => ({
      content: ANONYMISED_TEXT,
      image_count: 0,
      reply: eb.case().when('reply', 'is', null).then(null).else(ANONYMISED_TEXT).end(),
    }))
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('content', '<>', ANONYMISED_TEXT), eb('image_count', '<>', 0)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
