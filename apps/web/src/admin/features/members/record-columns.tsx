import type { BetRecord, DepositItem, TransactionRow, Withdrawal } from '@sea/contracts';
import { minorToMajor } from '@sea/contracts/money-format';
import { createColumnHelper } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { MemberLogin } from '../../api/members.ts';
import { Badge } from '../../components/Badge.tsx';
import type { Columns } from '../../components/table/DataTable.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { statusTone } from '../../components/status-tone.ts';

/** The columns of a member's records (one set per tab); amounts in the merchant's currency from minor units. */
export interface Money {
  currency: string;
  exponent: number;
}

const amount = (m: Money) => ({
  numeric: true as const,
  cell: (v: string) => formatAmount(v, m.exponent),
  csv: (v: string) => minorToMajor(v, m.exponent),
});
const time = (iso: string | null) => formatDateTime(iso) || '—';

const j = createColumnHelper<TransactionRow>();
export const journalColumns = (t: TFunction, m: Money): Columns<TransactionRow> => [
  j.accessor('time', { meta: { label: t('members.time') }, cell: (c) => time(c.getValue()) }),
  j.accessor('type', {
    meta: { label: t('members.type'), csv: (r) => r.type },
    cell: (c) => t(`more.ledgerTypes.${c.getValue()}`, { defaultValue: c.getValue() }),
  }),
  j.accessor('code', { meta: { label: t('members.code') } }),
  j.accessor('wallet', { meta: { label: t('members.wallet') } }),
  j.accessor('amount', {
    meta: { label: t('members.amount'), numeric: true, csv: (r) => amount(m).csv(r.amount) },
    cell: (c) => amount(m).cell(c.getValue()),
  }),
  j.accessor('balanceAfter', {
    meta: {
      label: t('members.balanceAfter'),
      numeric: true,
      csv: (r) => (r.balanceAfter === null ? '' : amount(m).csv(r.balanceAfter)),
    },
    cell: (c) => (c.getValue() === null ? '—' : amount(m).cell(c.getValue()!)),
  }),
  j.accessor('status', {
    meta: { label: t('members.status') },
    cell: (c) => <Badge tone={c.getValue() === 'completed' ? 'good' : 'warn'}>{c.getValue()}</Badge>,
  }),
  j.accessor('reference', { meta: { label: t('members.reference') } }),
];

const b = createColumnHelper<BetRecord>();
export const betColumns = (t: TFunction, m: Money): Columns<BetRecord> => [
  b.accessor('startedAt', { meta: { label: t('members.time') }, cell: (c) => time(c.getValue()) }),
  b.accessor('gameName', { meta: { label: t('members.game') } }),
  b.accessor('gameType', { meta: { label: t('members.category') } }),
  b.accessor('vendorName', { meta: { label: t('members.vendor') } }),
  b.accessor('roundRef', { meta: { label: t('members.round') } }),
  b.accessor('stake', {
    meta: { label: t('members.stake'), numeric: true, csv: (r) => amount(m).csv(r.stake) },
    cell: (c) => amount(m).cell(c.getValue()),
  }),
  b.accessor('payout', {
    meta: { label: t('members.payout'), numeric: true, csv: (r) => amount(m).csv(r.payout) },
    cell: (c) => amount(m).cell(c.getValue()),
  }),
  b.accessor('net', {
    meta: { label: t('members.net'), numeric: true, csv: (r) => amount(m).csv(r.net) },
    cell: (c) => amount(m).cell(c.getValue()),
  }),
  b.accessor('status', {
    meta: { label: t('members.status') },
    cell: (c) => (
      <Badge tone={c.getValue() === 'settled' ? 'good' : 'neutral'}>
        {t(`more.betStatuses.${c.getValue()}`, { defaultValue: c.getValue() })}
      </Badge>
    ),
  }),
  b.accessor('summary', { meta: { label: t('members.result') }, cell: (c) => c.getValue() ?? '—' }),
];

const d = createColumnHelper<DepositItem>();
export const depositColumns = (t: TFunction, m: Money): Columns<DepositItem> => [
  d.accessor('reference', { meta: { label: t('members.reference') } }),
  d.accessor('createdAt', { meta: { label: t('members.time') }, cell: (c) => time(c.getValue()) }),
  d.accessor('methodName', { meta: { label: t('members.method') } }),
  d.accessor('amount', {
    meta: { label: t('members.amount'), numeric: true, csv: (r) => amount(m).csv(r.amount) },
    cell: (c) => amount(m).cell(c.getValue()),
  }),
  d.accessor('status', {
    meta: { label: t('members.status') },
    cell: (c) => <Badge tone={statusTone(c.getValue())}>{t(`payments.statuses.${c.getValue()}`)}</Badge>,
  }),
  d.accessor('reason', { meta: { label: t('payments.reason') }, cell: (c) => c.getValue() ?? '—' }),
];

const w = createColumnHelper<Withdrawal>();
export const withdrawalColumns = (t: TFunction, m: Money): Columns<Withdrawal> => [
  w.accessor('reference', { meta: { label: t('members.reference') } }),
  w.accessor('createdAt', { meta: { label: t('members.time') }, cell: (c) => time(c.getValue()) }),
  w.accessor((r) => `${r.bankName} ${r.accountNumberMasked}`, { id: 'bank', meta: { label: t('members.bank') } }),
  w.accessor('amount', {
    meta: { label: t('members.amount'), numeric: true, csv: (r) => amount(m).csv(r.amount) },
    cell: (c) => amount(m).cell(c.getValue()),
  }),
  w.accessor('status', {
    meta: { label: t('members.status') },
    cell: (c) => <Badge tone={statusTone(c.getValue())}>{t(`withdrawals.statuses.${c.getValue()}`)}</Badge>,
  }),
  w.accessor('rejectReason', { meta: { label: t('payments.reason') }, cell: (c) => c.getValue() ?? '—' }),
];

const l = createColumnHelper<MemberLogin>();
export const loginColumns = (t: TFunction): Columns<MemberLogin> => [
  l.accessor('time', { meta: { label: t('members.time') }, cell: (c) => time(c.getValue()) }),
  l.accessor('ip', { meta: { label: t('members.ip') } }),
  l.accessor('userAgent', {
    meta: { label: t('members.device') },
    cell: (c) => (
      <span className="bo-clip" title={c.getValue()}>
        {c.getValue()}
      </span>
    ),
  }),
  l.accessor('method', { meta: { label: t('members.method') } }),
  l.accessor('result', {
    meta: { label: t('members.result') },
    cell: (c) => (
      <Badge tone={c.getValue() === 'ok' ? 'good' : 'bad'}>{t(`members.loginResults.${c.getValue()}`)}</Badge>
    ),
  }),
];
