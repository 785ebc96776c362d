import type { RaffleSummary } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRaffles } from '../../api/cashback-raffle.ts';
import { Badge } from '../../components/Badge.tsx';
import { ListPageHead } from '../../components/list/ListPageHead.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { listData, useEditing } from '../../components/list/use-list-page.ts';
import { PayAsSummary } from '../../components/PayAsFields.tsx';
import { useCan } from '../../components/permissions.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { RaffleDialog } from './RaffleDialog.tsx';
import { RaffleResultDialog } from './RaffleResultDialog.tsx';
import './cashback-raffle.css';

/**
 * Raffles: tickets per turnover in a window, drawn at the draw time by the job from a seed whose hash is published
 * when the raffle is saved; staff add and change open raffles and read each draw (seed, ticket list, winners).
 */
export function RafflesPage() {
  const { t } = useTranslation();
  const manage = useCan()('rewards.manage');
  const list = useRaffles();
  const editing = useEditing<RaffleSummary>();
  const [result, setResult] = useState<string | null>(null);
  const { items, exponent, currency, money } = listData(list.data);
  return (
    <div className="bo-page">
      <ListPageHead
        title={t('raffleAdmin.title')}
        action={manage ? { label: t('raffleAdmin.new'), onClick: editing.create, disabled: !list.data } : undefined}
      />
      <p className="bo-hint">{t('raffleAdmin.intro')}</p>
      <ListTable
        label={t('raffleAdmin.title')}
        query={list}
        items={items}
        emptyText={t('raffleAdmin.empty')}
        columns={[
          { label: t('raffleAdmin.name') },
          { label: t('raffleAdmin.window') },
          { label: t('raffleAdmin.drawAt') },
          { label: t('raffleAdmin.perTicketColumn'), numeric: true },
          { label: t('raffleAdmin.prizesColumn') },
          { label: t('payAs.column') },
          { label: t('raffleAdmin.tickets'), numeric: true },
          { label: t('rewards.status') },
          { label: t('common.actions'), srOnly: true },
        ]}
        rowKey={(r) => r.id}
        cells={(r) => (
          <>
            <td>{r.title}</td>
            <td className="bo-nowrap">
              {formatDateTime(r.startsAt)} – {formatDateTime(r.endsAt)}
            </td>
            <td className="bo-nowrap">{formatDateTime(r.drawAt)}</td>
            <td className="num bo-nowrap">{money(r.turnoverPerTicket)}</td>
            <td>{r.prizes.map((p) => formatAmount(p, exponent)).join(' · ')}</td>
            <td>
              <PayAsSummary value={r} money={money} />
            </td>
            <td className="num">
              {r.tickets} / {t('raffleAdmin.entrants', { count: r.entrants })}
            </td>
            <td>
              <Badge tone={r.status === 'drawn' ? 'good' : 'neutral'}>{t(`raffleAdmin.status.${r.status}`)}</Badge>
            </td>
            <td>
              <div className="bo-row-actions">
                {manage && r.status === 'open' && (
                  <button
                    type="button"
                    className="bo-btn bo-btn--small"
                    aria-label={t('rewards.editNamed', { name: r.title })}
                    onClick={() => editing.edit(r)}
                  >
                    {t('common.edit')}
                  </button>
                )}
                <button
                  type="button"
                  className="bo-btn bo-btn--small"
                  aria-label={t('raffleAdmin.resultNamed', { name: r.title })}
                  onClick={() => setResult(r.id)}
                >
                  {t('raffleAdmin.result')}
                </button>
              </div>
            </td>
          </>
        )}
      />
      {editing.open && list.data && (
        <RaffleDialog raffle={editing.dialogItem} currency={currency} exponent={exponent} onClose={editing.close} />
      )}
      {result && <RaffleResultDialog id={result} onClose={() => setResult(null)} />}
    </div>
  );
}
