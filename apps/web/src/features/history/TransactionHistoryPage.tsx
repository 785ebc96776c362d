import {
  formatMoney,
  HISTORY_TYPES,
  type HistoryType,
  type TransactionHistory,
  type TransactionRow,
} from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTransactions } from '../../api/history.ts';
import { useSystemStatus } from '../../state/system.ts';
import { DateRangeFilter } from './DateRangeFilter.tsx';
import { type DateRange, quickRange } from './date-ranges.ts';
import { QueryState } from '../../components/QueryState.tsx';
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
      <form className="history-filters" aria-label={t('history.filters')} onSubmit={(e) => e.preventDefault()}>
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
      </form>
      {valid && <QueryState query={query}>{(data) => <Transactions data={data} onPage={setPageNo} />}</QueryState>}
    </section>
  );
}

function Transactions({ data, onPage }: { data: TransactionHistory; onPage: (n: number) => void }) {
  const { t } = useTranslation();
  if (data.items.length === 0) return <p className="field__hint">{t('history.empty')}</p>;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <table className="history-table">
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
      <nav className="history-pager" aria-label={t('history.pagination')}>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={data.pageNo <= 1}
          onClick={() => onPage(data.pageNo - 1)}
        >
          {t('history.previous')}
        </button>
        <span className="history-pager__info" aria-live="polite">
          {t('history.pageOf', { page: data.pageNo, pages })}
        </span>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={data.pageNo >= pages}
          onClick={() => onPage(data.pageNo + 1)}
        >
          {t('history.next')}
        </button>
      </nav>
    </>
  );
}

function Row({ row, exponent }: { row: TransactionRow; exponent: number }) {
  const { t, i18n } = useTranslation();
  const incoming = !row.amount.startsWith('-');
  const amount = `${incoming ? '+' : ''}${formatMoney(row.amount, exponent)}`;
  return (
    <tr>
      <td data-label={t('history.columns.time')}>
        <time dateTime={row.time}>{new Date(row.time).toLocaleString(i18n.language)}</time>
      </td>
      <td data-label={t('history.columns.type')}>{t(`history.types.${row.type}`)}</td>
      <td data-label={t('history.columns.wallet')}>{row.wallet === 'MAIN' ? t('history.mainWallet') : row.wallet}</td>
      <td
        data-label={t('history.columns.amount')}
        className={`num ${incoming ? 'history-amount--in' : 'history-amount--out'}`}
      >
        {amount}
      </td>
      <td data-label={t('history.columns.balanceAfter')} className="num">
        {row.balanceAfter === null ? '—' : formatMoney(row.balanceAfter, exponent)}
      </td>
      <td data-label={t('history.columns.status')}>
        <span className={`history-badge history-badge--${row.status}`}>{t(`history.status.${row.status}`)}</span>
      </td>
      <td data-label={t('history.columns.reference')} className="history-ref">
        {row.reference}
      </td>
    </tr>
  );
}
