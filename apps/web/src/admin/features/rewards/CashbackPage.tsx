import type { AdminCashbackProgramme } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCashbackProgrammes,
  useCashbackRuns,
  useCloseCashbackPeriods,
  useSaveCashbackProgramme,
} from '../../api/cashback-raffle.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../../components/permissions.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { ActiveCells } from './ActiveCells.tsx';
import { bpsToPercent } from './form-values.ts';
import { CashbackDialog } from './CashbackDialog.tsx';

const body = (p: AdminCashbackProgramme, active: boolean) => ({
  title: p.title,
  period: p.period,
  percentBp: p.percentBp,
  minNetLoss: p.minNetLoss,
  cap: p.cap,
  categories: p.categories,
  active,
  payAs: p.payAs,
  bonusTerms: p.bonusTerms,
});

/**
 * Cashback on net loss: the programmes (percent of a member's net loss per day or week, minimum, cap, categories)
 * and the closed periods (members granted, total) — the job closes ended periods every 10 minutes; staff can close
 * them now.
 */
export function CashbackPage() {
  const { t } = useTranslation();
  const manage = useCan()('rewards.manage');
  const list = useCashbackProgrammes();
  const toggle = useSaveCashbackProgramme();
  const [page, setPage] = useState(1);
  const runs = useCashbackRuns(page);
  const close = useCloseCashbackPeriods();
  const [editing, setEditing] = useState<AdminCashbackProgramme | 'new' | null>(null);
  const items = list.data?.list ?? [];
  const exponent = list.data?.exponent ?? 2;
  const currency = list.data?.currency ?? '';
  const money = (minor: string) => formatAmount(minor, exponent, currency);
  const pages = runs.data ? Math.max(1, Math.ceil(runs.data.total / runs.data.pageSize)) : 1;

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('cashbackAdmin.title')}</h1>
        {manage && (
          <button
            type="button"
            className="bo-btn bo-btn--primary"
            disabled={!list.data}
            onClick={() => setEditing('new')}
          >
            {t('cashbackAdmin.new')}
          </button>
        )}
      </div>
      <p className="bo-hint">{t('cashbackAdmin.intro')}</p>
      {toggle.isError && <ErrorAlert error={toggle.error} />}
      {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      <section className="bo-table" aria-label={t('cashbackAdmin.title')} aria-busy={list.isPending}>
        <div className="bo-table__scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('cashbackAdmin.name')}</th>
                <th scope="col">{t('cashbackAdmin.period')}</th>
                <th scope="col" className="num">
                  {t('cashbackAdmin.percentColumn')}
                </th>
                <th scope="col" className="num">
                  {t('cashbackAdmin.minColumn')}
                </th>
                <th scope="col" className="num">
                  {t('cashbackAdmin.capColumn')}
                </th>
                <th scope="col">{t('cashbackAdmin.categoriesColumn')}</th>
                <th scope="col">{t('rewards.status')}</th>
                <th scope="col">
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isPending && (
                <tr>
                  <td colSpan={8} className="bo-table__empty">
                    {t('common.loading')}
                  </td>
                </tr>
              )}
              {list.isSuccess && items.length === 0 && (
                <tr>
                  <td colSpan={8} className="bo-table__empty">
                    {t('cashbackAdmin.empty')}
                  </td>
                </tr>
              )}
              {items.map((p) => (
                <tr key={p.id}>
                  <td>{p.title}</td>
                  <td>{t(`cashbackAdmin.periods.${p.period}`)}</td>
                  <td className="num">{bpsToPercent(p.percentBp)} %</td>
                  <td className="num bo-nowrap">{money(p.minNetLoss)}</td>
                  <td className="num bo-nowrap">{money(p.cap)}</td>
                  <td>{p.categories.length ? p.categories.join(', ') : t('rewards.missions.anyCategory')}</td>
                  <ActiveCells
                    name={p.title}
                    active={p.active}
                    manage={manage}
                    busy={toggle.isPending}
                    onEdit={() => setEditing(p)}
                    onToggle={() => toggle.mutate({ id: p.id, body: body(p, !p.active) })}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="bo-page__head">
        <h2>{t('cashbackAdmin.runsTitle')}</h2>
        {manage && (
          <button
            type="button"
            className="bo-btn"
            disabled={close.isPending}
            aria-busy={close.isPending}
            onClick={() => close.mutate()}
          >
            {t('cashbackAdmin.closeNow')}
          </button>
        )}
      </div>
      <p className="bo-hint" role="status">
        {close.isSuccess ? t('cashbackAdmin.closed', { runs: close.data.runs, granted: close.data.granted }) : ''}
      </p>
      {close.isError && <ErrorAlert error={close.error} />}
      {runs.isError && <ErrorAlert error={runs.error} onRetry={() => void runs.refetch()} />}
      <section className="bo-table" aria-label={t('cashbackAdmin.runsTitle')} aria-busy={runs.isPending}>
        <div className="bo-table__scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('cashbackAdmin.name')}</th>
                <th scope="col">{t('cashbackAdmin.periodKey')}</th>
                <th scope="col" className="num">
                  {t('cashbackAdmin.members')}
                </th>
                <th scope="col" className="num">
                  {t('cashbackAdmin.total')}
                </th>
                <th scope="col">{t('cashbackAdmin.ranAt')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.isPending && (
                <tr>
                  <td colSpan={5} className="bo-table__empty">
                    {t('common.loading')}
                  </td>
                </tr>
              )}
              {runs.isSuccess && runs.data.list.length === 0 && (
                <tr>
                  <td colSpan={5} className="bo-table__empty">
                    {t('cashbackAdmin.runsEmpty')}
                  </td>
                </tr>
              )}
              {runs.data?.list.map((r) => (
                <tr key={r.id}>
                  <td>{r.title}</td>
                  <td className="bo-nowrap">{r.periodKey}</td>
                  <td className="num">{r.members}</td>
                  <td className="num bo-nowrap">{formatAmount(r.total, runs.data.exponent, runs.data.currency)}</td>
                  <td className="bo-nowrap">{formatDateTime(r.ranAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {pages > 1 && (
        <div className="bo-row-actions">
          <button type="button" className="bo-btn bo-btn--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('cashbackAdmin.prev')}
          </button>
          <span>{t('cashbackAdmin.pageOf', { page, pages })}</span>
          <button
            type="button"
            className="bo-btn bo-btn--small"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('cashbackAdmin.next')}
          </button>
        </div>
      )}
      {editing && list.data && (
        <CashbackDialog
          programme={editing === 'new' ? undefined : editing}
          currency={currency}
          exponent={exponent}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
