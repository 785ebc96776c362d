import type { Dashboard, DashboardFigures } from '@sea/contracts';
import { minorToMajor } from '@sea/contracts/money-format';
import { clsx } from 'clsx';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDashboard } from '../../api/dashboard.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { downloadText, toCsv } from '../../lib/csv.ts';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { PRESETS, rangeOf, validRange } from './range.ts';
import './dashboard.css';

// recharts is the back office's largest library: its own chunk, loaded once the figures are on screen.
const DashboardCharts = lazy(() => import('./DashboardCharts.tsx'));

type Money = 'bets' | 'wins' | 'ggr' | 'bonuses' | 'ngr' | 'deposits' | 'withdrawals';
type Count = 'registrations' | 'firstTimeDepositors' | 'activePlayers';
const MONEY_CARDS: readonly Money[] = ['bets', 'wins', 'ggr', 'bonuses', 'ngr', 'deposits', 'withdrawals'];
const COUNT_CARDS: readonly Count[] = ['registrations', 'firstTimeDepositors', 'activePlayers'];

/** Each queue and the screen that works it. */
const QUEUES: readonly { key: keyof Dashboard['queues']; to?: string }[] = [
  { key: 'depositsPending', to: '/payments/deposits' },
  { key: 'withdrawalsRequested', to: '/payments/withdrawals?status=requested' },
  { key: 'withdrawalsAwaitingSecondApproval', to: '/payments/withdrawals?status=requested' },
  { key: 'adjustmentsPending', to: '/payments/adjustments?status=pending' },
  { key: 'lotteryResultsPending', to: '/lottery/issues?status=awaiting' },
  { key: 'disputes', to: '/payments/withdrawals?status=disputed' },
];

/**
 * The back office's landing page (dashboard.view): the figures of today, the last 7 or 30 days or a chosen range
 * (kept in the URL), per day and per category with charts, and the queues waiting now, each linking to its screen.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params);
  const query = useDashboard(range);
  const d = query.data;

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('dashboard.title')}</h1>
        {d && (
          <p className="bo-muted bo-dash__fresh">
            {d.freshAsOf ? t('dashboard.freshAsOf', { time: formatDateTime(d.freshAsOf) }) : t('dashboard.notRolledUp')}
          </p>
        )}
      </div>
      <RangeBar
        range={range}
        onChange={(next) =>
          setParams('days' in next ? (next.days === 1 ? {} : { days: String(next.days) }) : next, { replace: false })
        }
      />
      {query.isError && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && (
        <p className="bo-muted" role="status">
          {t('common.loading')}
        </p>
      )}
      {d && (
        <div className={clsx('bo-dash', query.isFetching && 'is-refreshing')} aria-busy={query.isFetching}>
          <p className="bo-dash__range">{t('dashboard.rangeText', { from: d.from, to: d.to, timezone: d.timezone })}</p>
          <FigureCards d={d} />
          <Queues queues={d.queues} />
          <Suspense
            fallback={
              <p className="bo-card bo-muted" role="status">
                {t('dashboard.chartLoading')}
              </p>
            }
          >
            <DashboardCharts dashboard={d} />
          </Suspense>
          <CategoryTable d={d} />
          <DayTable d={d} />
        </div>
      )}
    </div>
  );
}

function RangeBar(props: {
  range: ReturnType<typeof rangeOf>;
  onChange: (r: { days: number } | { from: string; to: string }) => void;
}) {
  const { t } = useTranslation();
  const { range } = props;
  const [from, setFrom] = useState('from' in range ? range.from : '');
  const [to, setTo] = useState('to' in range ? range.to : '');
  const [invalid, setInvalid] = useState(false);
  return (
    <div className="bo-dash__bar" role="group" aria-label={t('dashboard.range')}>
      <div className="bo-dash__presets">
        {PRESETS.map((p) => (
          <button
            key={p.days}
            type="button"
            className={clsx('bo-btn', 'days' in range && range.days === p.days ? 'bo-btn--primary' : 'bo-btn--ghost')}
            aria-pressed={'days' in range && range.days === p.days}
            onClick={() => props.onChange({ days: p.days })}
          >
            {t(p.label)}
          </button>
        ))}
      </div>
      <form
        className="bo-dash__custom"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const r = validRange(from, to);
          setInvalid(!r);
          if (r) props.onChange(r);
        }}
      >
        <label className="bo-filter">
          <span>{t('dashboard.from')}</span>
          <input
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            aria-invalid={invalid || undefined}
          />
        </label>
        <label className="bo-filter">
          <span>{t('dashboard.to')}</span>
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={invalid || undefined} />
        </label>
        <button type="submit" className={clsx('bo-btn', 'from' in range ? 'bo-btn--primary' : 'bo-btn--ghost')}>
          {t('dashboard.show')}
        </button>
        {invalid && (
          <p className="bo-field__error" role="alert">
            {t('dashboard.rangeInvalid')}
          </p>
        )}
      </form>
    </div>
  );
}

function FigureCards({ d }: { d: Dashboard }) {
  const { t } = useTranslation();
  const f: DashboardFigures = d.totals;
  const sub: Partial<Record<Money, string>> = {
    bets: t('dashboard.betCount', { count: f.betCount }),
    ggr: t('dashboard.ggrHint'),
    ngr: t('dashboard.ngrHint'),
    deposits: t('dashboard.paymentCount', { count: f.depositCount }),
    withdrawals: t('dashboard.paymentCount', { count: f.withdrawalCount }),
  };
  return (
    <section aria-label={t('dashboard.figures')}>
      <ul className="bo-dash__cards">
        {MONEY_CARDS.map((k) => (
          <li key={k} className="bo-card bo-dash__card" aria-label={t(`dashboard.${k}`)}>
            <span className="bo-dash__label">{t(`dashboard.${k}`)}</span>
            <span className={clsx('bo-dash__value', f[k].startsWith('-') && 'is-negative')}>
              {formatAmount(f[k], d.exponent, d.currency)}
            </span>
            {sub[k] && <span className="bo-dash__sub">{sub[k]}</span>}
          </li>
        ))}
        {COUNT_CARDS.map((k) => (
          <li key={k} className="bo-card bo-dash__card" aria-label={t(`dashboard.${k}`)}>
            <span className="bo-dash__label">{t(`dashboard.${k}`)}</span>
            <span className="bo-dash__value">{f[k].toLocaleString('en')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Queues({ queues }: { queues: Dashboard['queues'] }) {
  const { t } = useTranslation();
  return (
    <section className="bo-card" aria-labelledby="bo-dash-queues">
      <h2 id="bo-dash-queues" className="bo-dash__h2">
        {t('dashboard.queues')}
      </h2>
      <ul className="bo-dash__queues">
        {QUEUES.map(({ key, to }) => {
          const n = queues[key];
          const body = (
            <>
              <span className={clsx('bo-dash__count', n > 0 && 'is-waiting')}>{n}</span>
              <span>{t(`dashboard.${key}`)}</span>
            </>
          );
          return (
            <li key={key}>
              {to ? (
                <Link className="bo-dash__queue" to={to}>
                  {body}
                </Link>
              ) : (
                <span className="bo-dash__queue">{body}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CategoryTable({ d }: { d: Dashboard }) {
  const { t } = useTranslation();
  const money = (v: string) => formatAmount(v, d.exponent);
  return (
    <section className="bo-card" aria-labelledby="bo-dash-categories">
      <h2 id="bo-dash-categories" className="bo-dash__h2">
        {t('dashboard.perCategory')} ({d.currency})
      </h2>
      {d.categories.length === 0 ? (
        <p className="bo-muted">{t('dashboard.noBets')}</p>
      ) : (
        <div className="bo-table__scroll" tabIndex={0} role="group" aria-label={t('dashboard.perCategory')}>
          <table className="bo-dash__table">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.category')}</th>
                <th scope="col" className="num">
                  {t('dashboard.bets')}
                </th>
                <th scope="col" className="num">
                  {t('dashboard.wins')}
                </th>
                <th scope="col" className="num">
                  {t('dashboard.ggr')}
                </th>
                <th scope="col" className="num">
                  {t('dashboard.count')}
                </th>
              </tr>
            </thead>
            <tbody>
              {d.categories.map((c) => (
                <tr key={c.category}>
                  <th scope="row">{c.category}</th>
                  <td className="num">{money(c.bets)}</td>
                  <td className="num">{money(c.wins)}</td>
                  <td className="num">{money(c.ggr)}</td>
                  <td className="num">{c.betCount.toLocaleString('en')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const DAY_COLUMNS = [
  'bets',
  'wins',
  'ggr',
  'ngr',
  'deposits',
  'withdrawals',
  'registrations',
  'firstTimeDepositors',
  'activePlayers',
] as const;

function DayTable({ d }: { d: Dashboard }) {
  const { t } = useTranslation();
  const isMoney = (k: (typeof DAY_COLUMNS)[number]) => !COUNT_CARDS.includes(k as Count);
  const cell = (day: Dashboard['days'][number], k: (typeof DAY_COLUMNS)[number]) =>
    isMoney(k) ? formatAmount(String(day[k]), d.exponent) : day[k].toLocaleString('en');
  const exportCsv = () =>
    downloadText(
      `dashboard-${d.from}-${d.to}.csv`,
      toCsv(
        [t('dashboard.day'), ...DAY_COLUMNS.map((k) => t(`dashboard.${k}`))],
        d.days.map((day) => [
          day.day,
          ...DAY_COLUMNS.map((k) => (isMoney(k) ? minorToMajor(String(day[k]), d.exponent) : String(day[k]))),
        ]),
      ),
    );
  return (
    <details className="bo-card bo-dash__days">
      <summary>
        {t('dashboard.perDayTable')} ({d.currency})
      </summary>
      <div className="bo-dash__days-tools">
        <button type="button" className="bo-btn bo-btn--ghost bo-btn--small" onClick={exportCsv}>
          {t('dashboard.exportCsv')}
        </button>
      </div>
      <div className="bo-table__scroll" tabIndex={0} role="group" aria-label={t('dashboard.perDayTable')}>
        <table className="bo-dash__table">
          <thead>
            <tr>
              <th scope="col">{t('dashboard.day')}</th>
              {DAY_COLUMNS.map((k) => (
                <th key={k} scope="col" className="num">
                  {t(`dashboard.${k}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {d.days.map((day) => (
              <tr key={day.day}>
                <th scope="row" className="bo-nowrap">
                  {day.day}
                </th>
                {DAY_COLUMNS.map((k) => (
                  <td key={k} className="num">
                    {cell(day, k)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
