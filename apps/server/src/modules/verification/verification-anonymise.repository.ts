import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { VerificationTables } from './verification.tables.ts';

/**
 * The retention anonymisation (issue 25), on the caller's transaction. The codes sent to the member's numbers
 * (the current one and those before a mobile change) are deleted (a code row holds the number and the requesting IP; it is no record of money). Codes the member's IPs
 * asked for other numbers before `before` (the closure) keep the number's owner's row but lose the IP. Returns the
 * rows changed (0 on a second run).
 */
export async function anonymiseVerification(
  executor: AnyDb,
  who: {
    merchantId: bigint;
    /** The member's current and earlier numbers (every code sent to one is deleted). */
    numbers: { countryDialingCode: string; mobile: string }[];
    ips: string[];
    before: Date;
  },
): Promise<number> {
  const t = tablesOf<VerificationTables>(executor);
  let changed = 0;
  if (who.numbers.length) {
    const r = await t
      .deleteFrom('verification_codes')
      .where('merchant_id', '=', who.merchantId)
      .where((eb) =>
        eb.or(
          who.numbers.map((n) =>
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
