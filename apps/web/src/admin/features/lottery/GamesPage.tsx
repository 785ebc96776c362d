import type { LotteryAdminGame } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLotteryGames } from '../../api/lottery.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../../components/permissions.tsx';
import { formatAmount } from '../../lib/format.ts';
import { GameSettingsDialog } from './GameSettingsDialog.tsx';
import './lottery.css';

/** The lottery games and their schedules: fast draws every N seconds, feed games on their calendar. */
export function GamesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const games = useLotteryGames();
  const [editing, setEditing] = useState<LotteryAdminGame | null>(null);
  const data = games.data;
  const money = (minor: string) => (data ? formatAmount(minor, data.exponent) : '');
  const days = (g: LotteryAdminGame) =>
    g.weekdays
      ? g.weekdays.length === 7
        ? t('lottery.games.daily')
        : g.weekdays.map((d) => t(`lottery.weekdays.${d}`)).join(', ')
      : g.monthDays
        ? t('lottery.games.monthDays', { days: g.monthDays.join(', ') })
        : '';
  const scheduleOf = (g: LotteryAdminGame) =>
    g.source === 'chain'
      ? t('lottery.games.every', { count: g.intervalSeconds / 60 })
      : `${days(g)} · ${g.drawTime} (${g.timezone})`;

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('lottery.games.title')}</h1>
      </div>
      {games.isPending && <p role="status">{t('common.loading')}</p>}
      {games.isError && <ErrorAlert error={games.error} onRetry={() => void games.refetch()} />}
      {data && data.items.length === 0 && <p className="bo-muted">{t('lottery.games.empty')}</p>}
      {data && data.items.length > 0 && (
        <div className="bo-table">
          <div className="bo-table__scroll bo-lottery-scroll">
            <table>
              <caption className="sr-only">{t('lottery.games.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('lottery.game')}</th>
                  <th scope="col">{t('lottery.games.source')}</th>
                  <th scope="col">{t('lottery.games.schedule')}</th>
                  <th scope="col" className="num">
                    {t('lottery.games.closeSeconds')}
                  </th>
                  <th scope="col" className="num">
                    {t('lottery.games.unitStake')}
                  </th>
                  <th scope="col" className="num">
                    {t('lottery.games.maxNumberStake')}
                  </th>
                  <th scope="col">{t('payments.status')}</th>
                  <th scope="col">
                    <span className="sr-only">{t('common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((g) => (
                  <tr key={g.gameCode}>
                    <td>
                      {g.name}
                      <div className="bo-muted">
                        <code>{g.gameCode}</code>
                      </div>
                    </td>
                    <td>{t(`lottery.sources.${g.source}`)}</td>
                    <td>{scheduleOf(g)}</td>
                    <td className="num">{g.closeSeconds}</td>
                    <td className="num">
                      {money(g.minUnitStake)} – {money(g.maxUnitStake)}
                    </td>
                    <td className="num">{money(g.maxNumberStake)}</td>
                    <td>
                      <Badge tone={g.enabled ? 'good' : 'neutral'}>
                        {t(g.enabled ? 'lottery.games.on' : 'lottery.games.off')}
                      </Badge>
                    </td>
                    <td>
                      {can('games.manage') && (
                        <button type="button" className="bo-btn bo-btn--small" onClick={() => setEditing(g)}>
                          {t('common.edit')}
                          <span className="sr-only"> {g.name}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {editing && <GameSettingsDialog game={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
