import { GAME_CATEGORIES, type AdminGame } from '@sea/contracts';
import { minorToMajor } from '@sea/contracts/money-format';
import { createColumnHelper } from '@tanstack/react-table';
import '../../styles/backoffice-more.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allPages } from '../../api/client.ts';
import { fetchGames, useGames, useVendors } from '../../api/games.ts';
import { Badge } from '../../components/Badge.tsx';
import { useCan } from '../../components/permissions.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SearchFilter, SelectFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatAmount } from '../../lib/format.ts';
import { GameEditDialog } from './GameEditDialog.tsx';
import { GAME_STATUSES, gameStatusTone } from './game-form.ts';

const col = createColumnHelper<AdminGame>();
const FILTERS = ['vendorCode', 'category', 'status', 'hot', 'name'] as const;

/** The games of every vendor, server-paged, filtered in the URL; a games manager edits limits, order, hot, status. */
export function GamesPage() {
  const { t } = useTranslation();
  const manage = useCan()('games.manage');
  const state = useTableUrlState(FILTERS, 50);
  const vendors = useVendors();
  const query = { ...state.filters, pageNo: state.pageNo, pageSize: state.pageSize };
  const list = useGames(query);
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const currency = list.data ? { currency: list.data.currency, exponent: list.data.exponent } : null;

  const columns = useMemo<Columns<AdminGame>>(() => {
    const money = (v: string | null) => (v === null || !currency ? '—' : formatAmount(v, currency.exponent));
    return [
      col.accessor('iconUrl', {
        meta: { label: t('more.image.icon') },
        cell: (c) => {
          const url = c.getValue();
          return url ? <img className="bo-game-icon" src={url} alt="" /> : <span className="bo-muted">—</span>;
        },
      }),
      col.accessor('name', {
        meta: { label: t('games.game') },
        cell: (c) => (
          <>
            {c.getValue()}
            <br />
            <code className="bo-muted">{c.row.original.gameCode}</code>
          </>
        ),
      }),
      col.accessor('vendorCode', { meta: { label: t('games.vendor') } }),
      col.accessor('category', {
        meta: { label: t('games.category') },
        cell: (c) => t(`games.categoryNames.${c.getValue()}`),
      }),
      col.accessor('status', {
        meta: { label: t('games.status') },
        cell: (c) => <Badge tone={gameStatusTone(c.getValue())}>{t(`games.statuses.${c.getValue()}`)}</Badge>,
      }),
      col.accessor('hot', {
        meta: { label: t('games.hot') },
        cell: (c) => (c.getValue() ? <Badge tone="info">{t('games.hot')}</Badge> : ''),
      }),
      col.accessor('sort', { meta: { label: t('games.order'), numeric: true } }),
      col.accessor('minBet', {
        meta: {
          label: t('games.minBet'),
          numeric: true,
          csv: (r) => (r.minBet === null || !currency ? '' : minorToMajor(r.minBet, currency.exponent)),
        },
        cell: (c) => money(c.getValue()),
      }),
      col.accessor('maxBet', {
        meta: {
          label: t('games.maxBet'),
          numeric: true,
          csv: (r) => (r.maxBet === null || !currency ? '' : minorToMajor(r.maxBet, currency.exponent)),
        },
        cell: (c) => money(c.getValue()),
      }),
      ...(manage
        ? [
            col.display({
              id: 'edit',
              meta: { label: t('common.actions'), fixed: true },
              cell: (c) => (
                <button
                  type="button"
                  className="bo-btn bo-btn--small"
                  onClick={() => setEditing(c.row.original)}
                  aria-label={t('games.editGame', { name: c.row.original.name })}
                >
                  {t('common.edit')}
                </button>
              ),
            }),
          ]
        : []),
    ];
  }, [t, manage, currency?.exponent]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('games.list.title')}</h1>
      </div>
      <DataTable
        id="games"
        label={t('games.list.title')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.id}
        emptyText={t('games.list.empty')}
        exportRows={() => allPages((pageNo, pageSize) => fetchGames({ ...state.filters, pageNo, pageSize }))}
        toolbar={
          <>
            <SearchFilter
              label={t('games.list.name')}
              value={state.filters.name}
              onChange={(name) => state.setFilters({ name })}
            />
            <SelectFilter
              label={t('games.vendor')}
              allLabel={t('common.all')}
              value={state.filters.vendorCode}
              onChange={(vendorCode) => state.setFilters({ vendorCode })}
              options={(vendors.data ?? []).map((v) => ({ value: v.code, label: `${v.name} (${v.code})` }))}
            />
            <SelectFilter
              label={t('games.category')}
              allLabel={t('common.all')}
              value={state.filters.category}
              onChange={(category) => state.setFilters({ category })}
              options={GAME_CATEGORIES.map((c) => ({ value: c, label: t(`games.categoryNames.${c}`) }))}
            />
            <SelectFilter
              label={t('games.status')}
              allLabel={t('common.all')}
              value={state.filters.status}
              onChange={(status) => state.setFilters({ status })}
              options={GAME_STATUSES.map((s) => ({ value: s, label: t(`games.statuses.${s}`) }))}
            />
            <SelectFilter
              label={t('games.hot')}
              allLabel={t('common.all')}
              value={state.filters.hot}
              onChange={(hot) => state.setFilters({ hot })}
              options={[
                { value: 'true', label: t('games.list.hotOnly') },
                { value: 'false', label: t('games.list.notHot') },
              ]}
            />
          </>
        }
      />
      {editing && currency && (
        <GameEditDialog
          game={editing}
          exponent={currency.exponent}
          currency={currency.currency}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
