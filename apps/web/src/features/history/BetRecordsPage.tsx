import {
  type BetRecord,
  type BetRecordPage,
  formatMoney,
  GAME_CATEGORIES,
  type GameCategory,
  ROUND_STATUSES,
  type RoundStatus,
} from '@sea/contracts';
import { clsx } from 'clsx';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBetRecords, useGameMenus } from '../../api/games.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { StatusBadge, type StatusTone } from '../../components/StatusBadge.tsx';
import { navKeyOfCategory } from '../../lib/game-routes.ts';
import { houseSummary } from '../../lib/house-summary.ts';
import { lotterySummary } from '../../lib/lottery-bet-name.ts';
import { useSystemStatus } from '../../state/system.ts';
import { DateRangeFilter } from '../../components/DateRangeFilter.tsx';
import { type DateRange, quickRange } from '../../lib/date-ranges.ts';
import '../../components/data-table.css';
import './history.css';
import '../../i18n/areas/history.ts';
// The lottery's bet-type names (a lottery bet's summary names its bet type).
import '../../i18n/areas/lottery.ts';

export const BET_PAGE_SIZE = 20;
const ALL = 'all';
const TONE: Record<RoundStatus, StatusTone> = { open: 'waiting', settled: 'done', rolled_back: 'void' };

/** Member centre › betting record (personalHistoryCopy): every round the member played, with filters and totals. */
export function BetRecordsPage() {
  const { t } = useTranslation();
  const { timezone } = useSystemStatus();
  const menus = useGameMenus();
  const [category, setCategory] = useState<GameCategory | typeof ALL>(ALL);
  const [vendor, setVendor] = useState<string>(ALL);
  const [status, setStatus] = useState<RoundStatus | typeof ALL>(ALL);
  const [range, setRange] = useState<DateRange>(() => quickRange('last7', new Date(), timezone));
  const [pageNo, setPageNo] = useState(1);
  const valid = range.from <= range.to;
  const query = useBetRecords(
    {
      gameType: category === ALL ? undefined : category,
      vassalage: vendor === ALL ? undefined : vendor,
      status: status === ALL ? undefined : status,
      from: range.from,
      to: range.to,
      pageNo,
      pageSize: BET_PAGE_SIZE,
    },
    valid,
  );
  const vendors = [
    ...new Map((menus.data ?? []).flatMap((m) => m.vendors.map((v) => [v.vassalage, v.displayName]))).entries(),
  ];
  /** A filter change goes back to the first page. */
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPageNo(1);
    };

  return (
    <section className="history" aria-labelledby="page-title">
      <h1 id="page-title">{t('history.bets.title')}</h1>
      <div className="history-filters" role="group" aria-label={t('history.filters')}>
        <div className="history-selects">
          <Select
            label={t('history.bets.category')}
            value={category}
            options={[ALL, ...GAME_CATEGORIES].map((c) => ({
              value: c,
              label: c === ALL ? t('history.types.all') : `${t(`nav.${navKeyOfCategory(c as GameCategory)}`)} (${c})`,
            }))}
            onChange={filter((v) => setCategory(v as GameCategory | typeof ALL))}
          />
          <Select
            label={t('history.bets.vendor')}
            value={vendor}
            options={[
              { value: ALL, label: t('history.types.all') },
              ...vendors.map(([code, name]) => ({ value: code, label: name })),
            ]}
            onChange={filter(setVendor)}
          />
          <Select
            label={t('history.bets.status')}
            value={status}
            options={[ALL, ...ROUND_STATUSES].map((s) => ({
              value: s,
              label: s === ALL ? t('history.types.all') : t(`history.bets.statuses.${s}`),
            }))}
            onChange={filter((v) => setStatus(v as RoundStatus | typeof ALL))}
          />
        </div>
        <DateRangeFilter value={range} timezone={timezone} onChange={filter(setRange)} />
        <p className="history-note">{t('history.timezoneNote', { timezone })}</p>
      </div>
      {valid && (
        <QueryState query={query} isEmpty={(d) => d.items.length === 0} empty={t('history.bets.empty')}>
          {(data) => <Records data={data} onPage={setPageNo} />}
        </QueryState>
      )}
    </section>
  );
}

function Select(props: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange(v: string): void;
}) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const signed = (minor: string, exponent: number) =>
  `${minor.startsWith('-') || minor === '0' ? '' : '+'}${formatMoney(minor, exponent)}`;

function Records({ data, onPage }: { data: BetRecordPage; onPage: (n: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const money = (v: string) => formatMoney(v, data.exponent);
  return (
    <>
      <dl className="history-tiles" aria-label={t('history.bets.totals')}>
        <div className="history-tile">
          <dt>{t('history.bets.rounds')}</dt>
          <dd>{data.total}</dd>
        </div>
        <div className="history-tile">
          <dt>{t('history.bets.totalStake')}</dt>
          <dd>{money(data.totals.stake)}</dd>
        </div>
        <div className="history-tile">
          <dt>{t('history.bets.totalPayout')}</dt>
          <dd>{money(data.totals.payout)}</dd>
        </div>
        <div className="history-tile">
          <dt>{t('history.bets.totalNet')}</dt>
          <dd className={netClass(data.totals.net)}>{signed(data.totals.net, data.exponent)}</dd>
        </div>
      </dl>
      <table className="data-table">
        <caption>{t('history.bets.count', { count: data.total, currency: data.currency })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('history.columns.time')}</th>
            <th scope="col">{t('history.bets.game')}</th>
            <th scope="col">{t('history.bets.vendor')}</th>
            <th scope="col" className="num">
              {t('history.bets.stake')}
            </th>
            <th scope="col" className="num">
              {t('history.bets.payout')}
            </th>
            <th scope="col" className="num">
              {t('history.bets.net')}
            </th>
            <th scope="col">{t('history.bets.result')}</th>
            <th scope="col">{t('history.columns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((r) => (
            <Row key={r.id} row={r} exponent={data.exponent} />
          ))}
        </tbody>
      </table>
      {/* Phones (history.css, below 700 px): one compact row per round that opens its details; the table is hidden. */}
      <ul className="bet-list" aria-label={t('history.bets.count', { count: data.total, currency: data.currency })}>
        {data.items.map((r) => (
          <CompactRow key={r.id} row={r} exponent={data.exponent} />
        ))}
      </ul>
      <Pager page={data.pageNo} pages={pages} onPage={onPage} label={t('history.pagination')} />
    </>
  );
}

/**
 * A round's result text: a lottery bet's names its bet type in the player's language, not its code; our own games'
 * (vendor SEA) are in the player's language; a vendor's as it sent them (the Demo vendor's in the launch language).
 */
const summaryOf = (t: TFunction, row: BetRecord) =>
  row.gameType === 'ELOTT' || row.gameType === 'LOTT'
    ? lotterySummary(t, row.summary!)
    : row.vassalage === 'SEA'
      ? houseSummary(t, row.summary!)
      : row.summary!;

const netClass = (net: string) => clsx(net.startsWith('-') ? 'history-negative' : net !== '0' && 'history-amount--in');

/** A round's result (a lottery bet's with its bet type's name) and, for our own games, the link to verify it. */
function Result({ row }: { row: BetRecord }) {
  const { t } = useTranslation();
  return (
    <>
      {row.summary ? summaryOf(t, row) : '—'}
      {row.verifiable && /^h\d+$/.test(row.roundRef) && (
        <Link
          className="bet-verify"
          to={`/fairness?round=${row.roundRef.slice(1)}`}
          aria-label={t('history.bets.verifyLabel', { ref: row.roundRef })}
        >
          {t('history.bets.verify')}
        </Link>
      )}
    </>
  );
}

/** A round on a phone: game, stake, result and time on one row; its details (vendor, payout, result, status) open. */
function CompactRow({ row, exponent }: { row: BetRecord; exponent: number }) {
  const { t } = useTranslation();
  return (
    <li className="bet-item">
      <details>
        <summary className="bet-item__row">
          <span className="bet-item__game">{row.gameName}</span>
          <span className="bet-item__stake">{formatMoney(row.stake, exponent)}</span>
          <span className={clsx('bet-item__net', netClass(row.net))}>
            {row.status === 'settled' ? signed(row.net, exponent) : t(`history.bets.statuses.${row.status}`)}
          </span>
          <span className="bet-item__time">
            <DateTime value={row.startedAt} />
          </span>
        </summary>
        <dl className="bet-item__details">
          <div>
            <dt>{t('history.bets.vendor')}</dt>
            <dd>{row.vendorName}</dd>
          </div>
          <div>
            <dt>{t('history.bets.round')}</dt>
            <dd className="history-ref">#{row.roundRef}</dd>
          </div>
          <div>
            <dt>{t('history.bets.stake')}</dt>
            <dd>{formatMoney(row.stake, exponent)}</dd>
          </div>
          <div>
            <dt>{t('history.bets.payout')}</dt>
            <dd>{formatMoney(row.payout, exponent)}</dd>
          </div>
          <div>
            <dt>{t('history.bets.result')}</dt>
            <dd>
              <Result row={row} />
            </dd>
          </div>
          <div>
            <dt>{t('history.columns.status')}</dt>
            <dd>
              <StatusBadge tone={TONE[row.status]}>{t(`history.bets.statuses.${row.status}`)}</StatusBadge>
            </dd>
          </div>
        </dl>
      </details>
    </li>
  );
}

function Row({ row, exponent }: { row: BetRecord; exponent: number }) {
  const { t } = useTranslation();
  return (
    <tr>
      <td data-label={t('history.columns.time')}>
        <DateTime value={row.startedAt} />
      </td>
      <td data-label={t('history.bets.game')}>
        <span>
          {row.gameName}
          <span className="history-ref bet-round">#{row.roundRef}</span>
        </span>
      </td>
      <td data-label={t('history.bets.vendor')}>{row.vendorName}</td>
      <td data-label={t('history.bets.stake')} className="num">
        {formatMoney(row.stake, exponent)}
      </td>
      <td data-label={t('history.bets.payout')} className="num">
        {formatMoney(row.payout, exponent)}
      </td>
      <td data-label={t('history.bets.net')} className={clsx('num', netClass(row.net))}>
        {signed(row.net, exponent)}
      </td>
      <td data-label={t('history.bets.result')}>
        <span>
          <Result row={row} />
        </span>
      </td>
      <td data-label={t('history.columns.status')}>
        <StatusBadge tone={TONE[row.status]}>{t(`history.bets.statuses.${row.status}`)}</StatusBadge>
      </td>
    </tr>
  );
}
