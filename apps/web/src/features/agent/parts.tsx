import { formatMoney } from '@sea/contracts';
import { clsx } from 'clsx';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { DateRangeFilter } from '../../components/DateRangeFilter.tsx';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { type DateRange, type QuickRange, quickRange } from '../../lib/date-ranges.ts';
import { useSystemStatus } from '../../state/system.ts';
import '../../components/data-table.css';
import './agent.css';
import '../../i18n/areas/agent.ts';

export const AGENT_PAGE_SIZE = 20;

/** The period filter of an agent page (quick ranges and custom dates, merchant time zone); `onChange` also runs. */
export function usePeriod(initial: QuickRange = 'last7', onChange?: () => void) {
  const { timezone } = useSystemStatus();
  const [range, setRange] = useState<DateRange>(() => quickRange(initial, new Date(), timezone));
  const valid = range.from <= range.to;
  const filter = (
    <>
      <DateRangeFilter
        value={range}
        timezone={timezone}
        onChange={(r) => {
          setRange(r);
          onChange?.();
        }}
      />
      <AgentNote />
    </>
  );
  return { range, valid, filter };
}

function AgentNote() {
  const { t } = useTranslation();
  const { timezone } = useSystemStatus();
  return <p className="agent-note">{t('history.timezoneNote', { timezone })}</p>;
}

/** A page of the agent centre: its title, its filters, actions beside the title and its content. */
export function AgentPage({
  title,
  filters,
  actions,
  children,
}: {
  title: string;
  filters?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="agent" aria-labelledby="page-title">
      <div className="agent-head">
        <h1 id="page-title">{title}</h1>
        {actions}
      </div>
      {filters && (
        <div className="agent-filters" role="group" aria-label={t('history.filters')}>
          {filters}
        </div>
      )}
      {children}
    </section>
  );
}

/** The amounts of a page: minor units in the merchant's currency. */
export function useMoney(exponent?: number) {
  const { currencyExponent } = useSystemStatus();
  const exp = exponent ?? currencyExponent;
  return (minor: string) => formatMoney(minor, exp);
}

export const signedClass = (minor: string) =>
  clsx(minor.startsWith('-') ? 'agent-negative' : minor !== '0' && 'agent-amount--in');

/** Figure tiles (label → value). */
export function Tiles({
  label,
  items,
}: {
  label: string;
  items: { label: string; value: ReactNode; tone?: string }[];
}) {
  return (
    <dl className="agent-tiles" aria-label={label}>
      {items.map((i) => (
        <div key={i.label} className="agent-tile">
          <dt>{i.label}</dt>
          <dd className={i.tone}>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A labelled native select (filters). */
export function Select(props: {
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

/** A search box that applies on submit (Enter or the button), so each keystroke does not query the server. */
export function SearchBox({ label, onSearch }: { label: string; onSearch(v: string): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      className="agent-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label className="field">
        <span>{label}</span>
        <input type="search" value={text} maxLength={64} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit" className="btn btn--ghost">
        {t('agent.search')}
      </button>
    </form>
  );
}

/** Number of pages of a paged answer. */
export const pagesOf = (d: { total: number; pageSize: number }) => Math.max(1, Math.ceil(d.total / d.pageSize));

interface Paged {
  pageNo: number;
  total: number;
  pageSize: number;
}

/**
 * The scaffold of every paged list of the agent centre: the page (title, filters, actions), then — while the
 * filters are valid — the query's loading / error / empty states, the content and the pager under it.
 */
export function ReportList<D extends Paged>(props: {
  title: string;
  filters?: ReactNode;
  actions?: ReactNode;
  /** Above the list (tabs…), shown whatever the query's state. */
  before?: ReactNode;
  /** After the list (dialogs…). */
  after?: ReactNode;
  valid?: boolean;
  query: Pick<UseQueryResult<D>, 'data' | 'isError' | 'error' | 'refetch' | 'isFetching' | 'isPlaceholderData'>;
  isEmpty?: (d: D) => boolean;
  empty?: ReactNode;
  onPage(page: number): void;
  children: (d: D) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AgentPage title={props.title} filters={props.filters} actions={props.actions}>
      {props.before}
      {props.valid !== false && (
        <QueryState query={props.query} isEmpty={props.isEmpty} empty={props.empty ?? t('agent.empty')}>
          {(d) => (
            <>
              {props.children(d)}
              <Pager page={d.pageNo} pages={pagesOf(d)} onPage={props.onPage} label={t('history.pagination')} />
            </>
          )}
        </QueryState>
      )}
      {props.after}
    </AgentPage>
  );
}
