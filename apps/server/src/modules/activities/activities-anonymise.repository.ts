import { ANONYMISED_TEXT } from '@sea/contracts';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { ActivitiesTables } from './activities.tables.ts';

/**
 * The retention anonymisation (issue 25), on the caller's transaction: the member's activity applications keep
 * their offer, state, reward and dates; the comment becomes the fixed marker, the images are deleted and the IP and
 * device blanked. Returns the applications changed (0 on a second run).
 */
export async function anonymiseApplications(executor: AnyDb, merchantId: bigint, memberId: bigint): Promise<number> {
  const t = tablesOf<ActivitiesTables>(executor);
  const mine = t
    .selectFrom('activity_applications')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId);
  await t.deleteFrom('activity_application_images').where('application_id', 'in', mine).execute();
  const r = await t
    .updateTable('activity_applications')
    .set({ comment: ANONYMISED_TEXT, image_count: 0, ip: '', device: '' })
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb('comment', '<>', ANONYMISED_TEXT),
        eb('image_count', '<>', 0),
        eb('ip', '<>', ''),
        eb('device', '<>', ''),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
