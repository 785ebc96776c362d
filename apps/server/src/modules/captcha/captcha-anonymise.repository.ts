import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { CaptchaTables } from './captcha.tables.ts';

/**
 * The retention anonymisation (issue 25), on the caller's transaction: challenges fetched from the member's IPs
 * before `before` (the closure: long expired by then) are deleted. A captcha row has no member; the IPs are the
 * ones the member signed in and registered from. Returns the rows deleted (0 on a second run).
 */
export async function anonymiseCaptchas(
  executor: AnyDb,
  who: { merchantId: bigint; ips: string[]; before: Date },
): Promise<number> {
  if (!who.ips.length) return 0;
  const r = await tablesOf<CaptchaTables>(executor)
    .deleteFrom('captchas')
    .where('merchant_id', '=', who.merchantId)
    .where('ip', 'in', who.ips)
    .where('created_at', '<', who.before)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
