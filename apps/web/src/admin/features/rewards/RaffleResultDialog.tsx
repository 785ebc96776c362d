import { useTranslation } from 'react-i18next';
import { useRaffle } from '../../api/cashback-raffle.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';

/** A raffle's draw: the committed hash, the revealed seed, the ticket list and the winners. */
export function RaffleResultDialog(props: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useRaffle(props.id);
  const d = q.data;
  return (
    <AppDialog
      open
      wide
      onClose={props.onClose}
      title={d ? t('raffleAdmin.resultTitle', { title: d.raffle.title }) : t('common.loading')}
    >
      {q.isError && <ErrorAlert error={q.error} onRetry={() => void q.refetch()} />}
      {q.isPending && <p>{t('common.loading')}</p>}
      {d && (
        <div className="bo-form">
          <dl className="raffle-proof">
            <dt>{t('raffleAdmin.seedHash')}</dt>
            <dd className="bo-mono">{d.raffle.seedHash}</dd>
            <dt>{t('raffleAdmin.seed')}</dt>
            <dd className="bo-mono">{d.raffle.seed ?? t('raffleAdmin.seedHidden')}</dd>
            <dt>{t('raffleAdmin.drawnAt')}</dt>
            <dd>{d.raffle.drawnAt ? formatDateTime(d.raffle.drawnAt) : '—'}</dd>
            <dt>{t('raffleAdmin.algorithm')}</dt>
            <dd className="bo-mono">{d.algorithm}</dd>
          </dl>
          <section className="bo-table" aria-label={t('raffleAdmin.winners')}>
            <div className="bo-table__scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('raffleAdmin.rank')}</th>
                    <th scope="col">{t('raffleAdmin.ticket')}</th>
                    <th scope="col">{t('raffleAdmin.holder')}</th>
                    <th scope="col" className="num">
                      {t('raffleAdmin.prize')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.winners.length === 0 && (
                    <tr>
                      <td colSpan={4} className="bo-table__empty">
                        {d.raffle.status === 'drawn' ? t('raffleAdmin.noTickets') : t('raffleAdmin.notDrawn')}
                      </td>
                    </tr>
                  )}
                  {d.winners.map((w) => (
                    <tr key={w.rank}>
                      <td>{w.rank}</td>
                      <td>#{w.ticket}</td>
                      <td>{w.holder}</td>
                      <td className="num bo-nowrap">{formatAmount(w.amount, d.exponent, d.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="bo-table" aria-label={t('raffleAdmin.ticketList')}>
            <div className="bo-table__scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('raffleAdmin.holder')}</th>
                    <th scope="col">{t('raffleAdmin.tickets')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.blocks.map((b) => (
                    <tr key={b.from}>
                      <td>{b.holder}</td>
                      <td>
                        #{b.from}–#{b.from + b.tickets - 1} ({b.tickets})
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </div>
      )}
    </AppDialog>
  );
}
