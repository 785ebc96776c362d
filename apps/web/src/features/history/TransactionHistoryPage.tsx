import {
  formatMoney,
  HISTORY_TYPES,
  type HistoryType,
  type TransactionHistory,
  type TransactionRow,
} from '@sea/contracts';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTransactions } from '../../api/history.ts';
import { useSystemStatus } from '../../state/system.ts';
import { DateRangeFilter } from '../../components/DateRangeFilter.tsx';
import { type DateRange, quickRange } from '../../lib/date-ranges.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { StatusBadge, type StatusTone } from '../../components/StatusBadge.tsx';
import '../../i18n/areas/history.ts';

const TONE: Record<TransactionRow['status'], StatusTone> = { completed: 'done', pending: 'waiting', cancelled: 'void' };
import '../../components/data-table.css';
import './history.css';

const PAGE_SIZE = 20;

/** Member centre › transaction history: the member's own wallet entries and pending holds. */
export function TransactionHistoryPage() {
  const { t } = useTranslation();
  const { timezone } = useSystemStatus();
  const [type, setType] = useState<HistoryType | 'all'>('all');
  const [range, setRange] = useState<DateRange>(() => quickRange('last7', new Date(), timezone));
  const [pageNo, setPageNo] = useState(1);
  const valid = range.from <= range.to;
  const query = useTransactions({ type, from: range.from, to: range.to, pageNo, pageSize: PAGE_SIZE }, valid);

  return (
    <section className="history" aria-labelledby="page-title">
      <h1 id="page-title">{t('history.title')}</h1>
      {/* Filters apply as they change (nothing is submitted), as on the profit page. */}
      <div className="history-filters" role="group" aria-label={t('history.filters')}>
        <label className="field">
          <span>{t('history.type')}</span>
          <select
            value={type}
            onChange={(e) => {
              setType(e.target.value as HistoryType | 'all');
              setPageNo(1);
            }}
          >
            {(['all', ...HISTORY_TYPES] as const).map((v) => (
              <option key={v} value={v}>
                {t(`history.types.${v}`)}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFilter
          value={range}
          timezone={timezone}
          onChange={(r) => {
            setRange(r);
            setPageNo(1);
          }}
        />
        <p className="history-note">{t('history.timezoneNote', { timezone })}</p>
      </div>
      {valid && (
        <QueryState query={query} isEmpty={(d) => d.items.length === 0} empty={t('history.empty')}>
          {(data) => <Transactions data={data} onPage={setPageNo} />}
        </QueryState>
      )}
    </section>
  );
}

function Transactions({ data, onPage }: { data: TransactionHistory; onPage: (n: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <table className="data-table">
        <caption>{t('history.total', { count: data.total })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('history.columns.time')}</th>
            <th scope="col">{t('history.columns.type')}</th>
            <th scope="col">{t('history.columns.wallet')}</th>
            <th scope="col" className="num">
              {t('history.columns.amount')} ({data.currency})
            </th>
            <th scope="col" className="num">
              {t('history.columns.balanceAfter')}
            </th>
            <th scope="col">{t('history.columns.status')}</th>
            <th scope="col">{t('history.columns.reference')}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((row) => (
            <Row key={row.id} row={row} exponent={data.exponent} />
          ))}
        </tbody>
      </table>
      <Pager page={data.pageNo} pages={pages} onPage={onPage} label={t('history.pagination')} />
    </>
  );
}

function Row({ row, exponent }: { row: TransactionRow; exponent: number }) {
  const { t } = useTranslation();
  const incoming = !row.amount.startsWith('-');
  const amount = `${incoming ? '+' : ''}${formatMoney(row.amount, exponent)}`;
  return (
    <tr>
      <td data-label={t('history.columns.time')}>
        <DateTime value={row.time} />
      </td>
      <td data-label={t('history.columns.type')}>{t(`history.types.${row.type}`)}</td>
      <td data-label={t('history.columns.wallet')}>{row.wallet === 'MAIN' ? t('history.mainWallet') : row.wallet}</td>
      <td
        data-label={t('history.columns.amount')}
        className={clsx('num', incoming ? 'history-amount--in' : 'history-amount--out')}
      >
        {amount}
      </td>
      <td data-label={t('history.columns.balanceAfter')} className="num">
        {row.balanceAfter === null ? '—' : formatMoney(row.balanceAfter, exponent)}
      </td>
      <td data-label={t('history.columns.status')}>
        <StatusBadge tone={TONE[row.status]}>{t(`history.status.${row.status}`)}</StatusBadge>
      </td>
      <td data-label={t('history.columns.reference')} className="history-ref">
        {row.reference}
      </td>
    </tr>
  );
}
