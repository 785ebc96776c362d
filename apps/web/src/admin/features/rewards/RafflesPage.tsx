import type { RaffleSummary } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRaffles } from '../../api/cashback-raffle.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
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
  const [editing, setEditing] = useState<RaffleSummary | 'new' | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const exponent = list.data?.exponent ?? 2;
  const currency = list.data?.currency ?? '';
  const items = list.data?.list ?? [];
  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('raffleAdmin.title')}</h1>
        {manage && (
          <button
            type="button"
            className="bo-btn bo-btn--primary"
            disabled={!list.data}
            onClick={() => setEditing('new')}
          >
            {t('raffleAdmin.new')}
          </button>
        )}
      </div>
      <p className="bo-hint">{t('raffleAdmin.intro')}</p>
      {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      <section className="bo-table" aria-label={t('raffleAdmin.title')} aria-busy={list.isPending}>
        <div className="bo-table__scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('raffleAdmin.name')}</th>
                <th scope="col">{t('raffleAdmin.window')}</th>
                <th scope="col">{t('raffleAdmin.drawAt')}</th>
                <th scope="col" className="num">
                  {t('raffleAdmin.perTicketColumn')}
                </th>
                <th scope="col">{t('raffleAdmin.prizesColumn')}</th>
                <th scope="col" className="num">
                  {t('raffleAdmin.tickets')}
                </th>
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
                    {t('raffleAdmin.empty')}
                  </td>
                </tr>
              )}
              {items.map((r) => (
                <tr key={r.id}>
                  <td>{r.title}</td>
                  <td className="bo-nowrap">
                    {formatDateTime(r.startsAt)} – {formatDateTime(r.endsAt)}
                  </td>
                  <td className="bo-nowrap">{formatDateTime(r.drawAt)}</td>
                  <td className="num bo-nowrap">{formatAmount(r.turnoverPerTicket, exponent, currency)}</td>
                  <td>{r.prizes.map((p) => formatAmount(p, exponent)).join(' · ')}</td>
                  <td className="num">
                    {r.tickets} / {t('raffleAdmin.entrants', { count: r.entrants })}
                  </td>
                  <td>
                    <Badge tone={r.status === 'drawn' ? 'good' : 'neutral'}>
                      {t(`raffleAdmin.status.${r.status}`)}
                    </Badge>
                  </td>
                  <td>
                    <div className="bo-row-actions">
                      {manage && r.status === 'open' && (
                        <button
                          type="button"
                          className="bo-btn bo-btn--small"
                          aria-label={t('rewards.editNamed', { name: r.title })}
                          onClick={() => setEditing(r)}
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
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {editing && list.data && (
        <RaffleDialog
          raffle={editing === 'new' ? undefined : editing}
          currency={currency}
          exponent={exponent}
          onClose={() => setEditing(null)}
        />
      )}
      {result && <RaffleResultDialog id={result} onClose={() => setResult(null)} />}
    </div>
  );
}
