import { formatMoney, type PersonalProfit, type ProfitFigures } from '@sea/contracts';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfit } from '../../api/history.ts';
import { useSystemStatus } from '../../state/system.ts';
import { DateRangeFilter } from '../../components/DateRangeFilter.tsx';
import { type DateRange, quickRange } from '../../lib/date-ranges.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { formatDay } from '../../lib/date-time.ts';
import '../../components/data-table.css';
import './history.css';
import '../../i18n/areas/history.ts';

const FIGURES = [
  'deposits',
  'withdrawals',
  'bets',
  'wins',
  'bonuses',
  'profit',
] as const satisfies readonly (keyof ProfitFigures)[];

/** Member centre › personal profit: totals and per-day figures over a date range. */
export function PersonalProfitPage() {
  const { t } = useTranslation();
  const { timezone } = useSystemStatus();
  const [range, setRange] = useState<DateRange>(() => quickRange('last7', new Date(), timezone));
  const valid = range.from <= range.to;
  const query = useProfit(range, valid);
  return (
    <section className="history" aria-labelledby="page-title">
      <h1 id="page-title">{t('history.profitTitle')}</h1>
      <div className="history-filters" role="group" aria-label={t('history.filters')}>
        <DateRangeFilter value={range} onChange={setRange} timezone={timezone} />
        <p className="history-note">{t('history.timezoneNote', { timezone })}</p>
      </div>
      {valid && <QueryState query={query}>{(data) => <Profit data={data} />}</QueryState>}
    </section>
  );
}

function Profit({ data }: { data: PersonalProfit }) {
  const { t } = useTranslation();
  const money = (v: string) => formatMoney(v, data.exponent);
  return (
    <>
      <section aria-labelledby="profit-summary">
        <h2 id="profit-summary">
          {t('history.summary')} ({data.currency})
        </h2>
        <dl className="history-tiles">
          {FIGURES.map((f) => (
            <div key={f} className={clsx('history-tile', f === 'profit' && 'history-tile--profit')}>
              <dt>{t(`history.figures.${f}`)}</dt>
              <dd className={f === 'profit' && data.total.profit.startsWith('-') ? 'history-negative' : undefined}>
                {money(data.total[f])}
              </dd>
            </div>
          ))}
        </dl>
        <p className="history-note">{t('history.profitFormula')}</p>
      </section>
      <section aria-labelledby="profit-daily">
        <h2 id="profit-daily">{t('history.daily')}</h2>
        {data.days.length === 0 ? (
          <p className="field__hint">{t('history.noActivity')}</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('history.date')}</th>
                {FIGURES.map((f) => (
                  <th key={f} scope="col" className="num">
                    {t(`history.figures.${f}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.days.map((d) => (
                <tr key={d.date}>
                  <th scope="row" data-label={t('history.date')}>
                    {formatDay(d.date)}
                  </th>
                  {FIGURES.map((f) => (
                    <td key={f} data-label={t(`history.figures.${f}`)} className="num">
                      {money(d[f])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
