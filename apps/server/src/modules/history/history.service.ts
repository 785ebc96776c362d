import type { HistoryType, PersonalProfit, ProfitFigures, TransactionHistory, TransactionRow } from '@sea/contracts';
import { AppError } from '../../lib/errors.ts';
import type { Merchant } from '../../http/principals.ts';
import type { CodeFilter, HistoryFilter, HistoryRow, LedgerModule } from '../ledger/index.ts';

/**
 * Ledger transfer codes behind each history type. Codes not listed here show as 'other' (a new money flow
 * appears in the history at once, and gets its own type when it is added here).
 */
export const CODES_BY_TYPE: Record<Exclude<HistoryType, 'other'>, string[]> = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal', 'withdrawal_refund'],
  transfer: ['wallet_transfer', 'transfer_upline', 'transfer_downline', 'transfer_in', 'transfer_out'],
  adjustment: ['adjustment'],
  bet: ['bet'],
  win: ['win'],
  bonus: ['bonus', 'promotion', 'rebate'],
};
const KNOWN_CODES = Object.values(CODES_BY_TYPE).flat();

export function typeOfCode(code: string): HistoryType {
  for (const [type, codes] of Object.entries(CODES_BY_TYPE)) if (codes.includes(code)) return type as HistoryType;
  return 'other';
}

function codesOf(type: HistoryType | 'all'): CodeFilter {
  if (type === 'all') return null;
  if (type === 'other') return { notIn: KNOWN_CODES };
  return { in: CODES_BY_TYPE[type] };
}

/** Today in a time zone, as YYYY-MM-DD. */
export function localDate(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function rangeError(message: string): AppError {
  return new AppError('validation_failed', undefined, {
    in: 'querystring',
    fields: [{ field: 'to', reason: 'range', message }],
  });
}

/** Wallet label of an account code: MAIN or the vendor code of a sub-wallet. */
function walletOf(accountCode: string): string {
  const m = /^member:\d+:vendor:(.+)$/.exec(accountCode);
  return m ? m[1]! : 'MAIN';
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

/** Something the member can quote to support; never another member's private data beyond the account name. */
function referenceOf(row: HistoryRow, memberId: bigint): string {
  const ref = row.ref ?? {};
  const reference = str(ref.reference);
  if (reference) return reference;
  const id = str(ref.depositId) ?? str(ref.withdrawalId) ?? str(ref.adjustmentId);
  if (id) return `${typeOfCode(row.code).toUpperCase().slice(0, 3)}-${id}`;
  if (ref.fromAccount !== undefined && ref.toAccount !== undefined) {
    return String(ref.fromMemberId) === String(memberId) ? `→ ${str(ref.toAccount)}` : `← ${str(ref.fromAccount)}`;
  }
  if (ref.from !== undefined && ref.to !== undefined) return `${str(ref.from)} → ${str(ref.to)}`;
  return `J-${row.journal_id}`;
}

function present(row: HistoryRow, memberId: bigint): TransactionRow {
  return {
    id: row.src === 'e' ? `${row.account_id}-${row.version}` : `h${row.transfer_id}`,
    time: row.created_at.toISOString(),
    type: typeOfCode(row.code),
    code: row.code,
    wallet: walletOf(row.account_code),
    amount: String(row.amount),
    balanceAfter: row.balance_after === null ? null : String(row.balance_after),
    status: row.src === 'e' ? 'completed' : row.src === 'h' ? 'pending' : 'cancelled',
    reference: referenceOf(row, memberId),
  };
}

function figures(sums: Map<string, bigint>): ProfitFigures {
  const sum = (codes: string[]) => codes.reduce((acc, c) => acc + (sums.get(c) ?? 0n), 0n);
  const bets = -sum(CODES_BY_TYPE.bet);
  const wins = sum(CODES_BY_TYPE.win);
  const bonuses = sum(CODES_BY_TYPE.bonus);
  return {
    deposits: String(sum(CODES_BY_TYPE.deposit)),
    withdrawals: String(-sum(CODES_BY_TYPE.withdrawal)),
    bets: String(bets),
    wins: String(wins),
    bonuses: String(bonuses),
    profit: String(wins - bets + bonuses),
  };
}

/** A member's own money history and profit; every query is scoped to (merchant, member) of the session. */
export function createHistoryService(deps: {
  ledger: Pick<LedgerModule, 'historyPage' | 'historyCount' | 'dailyTotals'>;
  clock: () => Date;
  maxProfitDays?: number;
}) {
  const maxDays = deps.maxProfitDays ?? 366;

  function checkRange(from?: string, to?: string) {
    if (from && to && from > to) throw rangeError('The end date is before the start date');
  }

  return {
    async transactions(
      merchant: Merchant,
      memberId: bigint,
      q: { type: HistoryType | 'all'; from?: string; to?: string; pageNo: number; pageSize: number },
    ): Promise<TransactionHistory> {
      checkRange(q.from, q.to);
      const filter: HistoryFilter = {
        merchantId: merchant.id,
        memberId,
        from: q.from,
        to: q.to,
        timezone: merchant.timezone,
        codes: codesOf(q.type),
      };
      const [total, rows] = await Promise.all([deps.ledger.historyCount(filter), deps.ledger.historyPage(filter, q)]);
      return {
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        timezone: merchant.timezone,
        items: rows.map((r) => present(r, memberId)),
      };
    },

    /** Per local day (days with activity) and in total. Default range: the last 7 days including today. */
    async profit(merchant: Merchant, memberId: bigint, q: { from?: string; to?: string }): Promise<PersonalProfit> {
      const to = q.to ?? localDate(deps.clock(), merchant.timezone);
      const from = q.from ?? addDays(to, -6);
      checkRange(from, to);
      if (daysBetween(from, to) >= maxDays) throw rangeError(`At most ${maxDays} days`);
      const rows = await deps.ledger.dailyTotals({
        merchantId: merchant.id,
        memberId,
        from,
        to,
        timezone: merchant.timezone,
        codes: {
          in: [
            ...CODES_BY_TYPE.deposit,
            ...CODES_BY_TYPE.withdrawal,
            ...CODES_BY_TYPE.bet,
            ...CODES_BY_TYPE.win,
            ...CODES_BY_TYPE.bonus,
          ],
        },
      });
      const byDay = new Map<string, Map<string, bigint>>();
      const all = new Map<string, bigint>();
      for (const r of rows) {
        const day = byDay.get(r.day) ?? new Map<string, bigint>();
        day.set(r.code, (day.get(r.code) ?? 0n) + r.total);
        byDay.set(r.day, day);
        all.set(r.code, (all.get(r.code) ?? 0n) + r.total);
      }
      const days = [...byDay.entries()]
        .sort(([a], [b]) => (a < b ? 1 : -1))
        .map(([date, sums]) => ({ date, ...figures(sums) }));
      return {
        from,
        to,
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        timezone: merchant.timezone,
        total: figures(all),
        days,
      };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
