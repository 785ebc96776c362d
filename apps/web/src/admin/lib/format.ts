import { formatMoney } from '@sea/contracts/money-format';

/** Display helpers of the back office (pure). */

/** "2026-11-28T07:05:09.000Z" → "28/11/2026 14:05:09" in the browser's time zone; "" for null. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** Minor units → "1,234.50 PHP". */
export const formatAmount = (minor: string, exponent: number, currency?: string) =>
  `${formatMoney(minor, exponent)}${currency ? ` ${currency}` : ''}`;

/** A random idempotency key for a money request (kept by the form across retries of the same submission). */
export const newRequestId = () => `bo-${crypto.randomUUID()}`;
