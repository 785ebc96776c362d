import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { VerificationTables } from './verification.tables.ts';

/**
 * The retention anonymisation (issue 25), on the caller's transaction. The codes sent to the member's numbers
 * (the current one, those before a mobile change, and the new numbers the member asked a mobile-change code for
 * without confirming them) are deleted (a code row holds the number and the requesting IP; it is no record of
 * money). Codes the member's IPs
 * asked for other numbers before `before` (the closure) keep the number's owner's row but lose the IP. Returns the
 * rows changed (0 on a second run).
 */
export async function anonymiseVerification(
  executor: AnyDb,
  who: {
    merchantId: bigint;
    memberId: bigint;
    /** The member's current and earlier numbers (every code sent to one is deleted). */
    numbers: { countryDialingCode: string; mobile: string }[];
    ips: string[];
    before: Date;
  },
): Promise<number> {
  const t = tablesOf<VerificationTables>(executor);
  let changed = 0;
  // The numbers the member asked to change to (confirmed or not): every code sent to one goes too.
  const asked = await t
    .selectFrom('verification_codes')
    .select(['country_dialing_code', 'mobile'])
    .distinct()
    .where('merchant_id', '=', who.merchantId)
    .where('member_id', '=', who.memberId)
    .execute();
  const numbers = [
    ...who.numbers,
    ...asked.map((n) => ({ countryDialingCode: n.country_dialing_code, mobile: n.mobile })),
  ];
  if (numbers.length) {
    const r = await t
      .deleteFrom('verification_codes')
      .where('merchant_id', '=', who.merchantId)
      .where((eb) =>
        eb.or(
          numbers.map((n) =>
            eb.and([eb('country_dialing_code', '=', n.countryDialingCode), eb('mobile', '=', n.mobile)]),
          ),
        ),
      )
      .executeTakeFirst();
    changed += Number(r.numDeletedRows);
  }
  if (who.ips.length) {
    const r = await t
      .updateTable('verification_codes')
      .set({ ip: '' })
      .where('merchant_id', '=', who.merchantId)
      .where('ip', 'in', who.ips)
      .where('created_at', '<', who.before)
      .executeTakeFirst();
    changed += Number(r.numUpdatedRows);
  }
  return changed;
}
