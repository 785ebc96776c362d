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
import { ListPageHead } from '../../components/list/ListPageHead.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { listData, useEditing } from '../../components/list/use-list-page.ts';
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
  const editing = useEditing<AdminCashbackProgramme>();
  const { items, exponent, currency, money } = listData(list.data);
  const pages = runs.data ? Math.max(1, Math.ceil(runs.data.total / runs.data.pageSize)) : 1;

  return (
    <div className="bo-page">
      <ListPageHead
        title={t('cashbackAdmin.title')}
        action={manage ? { label: t('cashbackAdmin.new'), onClick: editing.create, disabled: !list.data } : undefined}
      />
      <p className="bo-hint">{t('cashbackAdmin.intro')}</p>
      <ListTable
        label={t('cashbackAdmin.title')}
        query={list}
        items={items}
        actionError={toggle.error}
        emptyText={t('cashbackAdmin.empty')}
        columns={[
          { label: t('cashbackAdmin.name') },
          { label: t('cashbackAdmin.period') },
          { label: t('cashbackAdmin.percentColumn'), numeric: true },
          { label: t('cashbackAdmin.minColumn'), numeric: true },
          { label: t('cashbackAdmin.capColumn'), numeric: true },
          { label: t('cashbackAdmin.categoriesColumn') },
          { label: t('rewards.status') },
          { label: t('common.actions'), srOnly: true },
        ]}
        rowKey={(p) => p.id}
        cells={(p) => (
          <>
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
              onEdit={() => editing.edit(p)}
              onToggle={() => toggle.mutate({ id: p.id, body: body(p, !p.active) })}
            />
          </>
        )}
      />

      <ListPageHead
        level={2}
        title={t('cashbackAdmin.runsTitle')}
        action={
          manage
            ? {
                label: t('cashbackAdmin.closeNow'),
                onClick: () => close.mutate(),
                disabled: close.isPending,
                busy: close.isPending,
                primary: false,
              }
            : undefined
        }
      />
      <p className="bo-hint" role="status">
        {close.isSuccess ? t('cashbackAdmin.closed', { runs: close.data.runs, granted: close.data.granted }) : ''}
      </p>
      {close.isError && <ErrorAlert error={close.error} />}
      <ListTable
        label={t('cashbackAdmin.runsTitle')}
        query={runs}
        items={runs.data?.list ?? []}
        emptyText={t('cashbackAdmin.runsEmpty')}
        columns={[
          { label: t('cashbackAdmin.name') },
          { label: t('cashbackAdmin.periodKey') },
          { label: t('cashbackAdmin.members'), numeric: true },
          { label: t('cashbackAdmin.total'), numeric: true },
          { label: t('cashbackAdmin.ranAt') },
        ]}
        rowKey={(r) => r.id}
        cells={(r) => (
          <>
            <td>{r.title}</td>
            <td className="bo-nowrap">{r.periodKey}</td>
            <td className="num">{r.members}</td>
            <td className="num bo-nowrap">{formatAmount(r.total, runs.data!.exponent, runs.data!.currency)}</td>
            <td className="bo-nowrap">{formatDateTime(r.ranAt)}</td>
          </>
        )}
      />
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
      {editing.open && list.data && (
        <CashbackDialog
          programme={editing.dialogItem}
          currency={currency}
          exponent={exponent}
          onClose={editing.close}
        />
      )}
    </div>
  );
}
