import type { AdminMission } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMissions, useSaveMission } from '../../api/rewards.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../../components/permissions.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { MissionDialog } from './MissionDialog.tsx';
import { ActiveCells } from './ActiveCells.tsx';

/** The body that saves a mission as it is, but for `active`. */
const missionBody = (m: AdminMission, active: boolean) => ({
  kind: m.kind,
  period: m.period,
  category: m.category,
  title: m.title,
  target: m.target,
  reward: m.reward,
  streakBonus: m.streakBonus,
  startsAt: m.startsAt,
  endsAt: m.endsAt,
  sortOrder: m.sortOrder,
  active,
});

/**
 * Missions members complete for a reward (one-off, daily, weekly): add one, change its target, reward, schedule and
 * order, turn it on or off. The kind and window of a saved mission stay (its progress belongs to them).
 */
export function MissionsPage() {
  const { t } = useTranslation();
  const manage = useCan()('rewards.manage');
  const list = useMissions();
  const toggle = useSaveMission();
  const [editing, setEditing] = useState<AdminMission | 'new' | null>(null);
  const items = list.data?.list ?? [];
  const exponent = list.data?.exponent ?? 2;
  const currency = list.data?.currency ?? '';
  const money = (minor: string) => formatAmount(minor, exponent, currency);

  const target = (m: AdminMission) =>
    m.kind === 'bet_amount'
      ? money(m.target)
      : m.kind === 'rounds'
        ? t('rewards.missions.rounds', { count: Number(m.target) })
        : '—';
  const schedule = (m: AdminMission) =>
    [
      m.startsAt && t('rewards.missions.from', { date: formatDateTime(m.startsAt) }),
      m.endsAt && t('rewards.missions.until', { date: formatDateTime(m.endsAt) }),
    ]
      .filter(Boolean)
      .join(' ') || t('rewards.missions.always');

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('rewards.missions.title')}</h1>
        {manage && (
          <button
            type="button"
            className="bo-btn bo-btn--primary"
            disabled={!list.data}
            onClick={() => setEditing('new')}
          >
            {t('rewards.missions.new')}
          </button>
        )}
      </div>
      {toggle.isError && <ErrorAlert error={toggle.error} />}
      {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      <section className="bo-table" aria-label={t('rewards.missions.title')} aria-busy={list.isPending}>
        <div className="bo-table__scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('rewards.missions.name')}</th>
                <th scope="col">{t('rewards.missions.kind')}</th>
                <th scope="col">{t('rewards.missions.period')}</th>
                <th scope="col">{t('rewards.missions.target')}</th>
                <th scope="col">{t('rewards.missions.category')}</th>
                <th scope="col" className="num">
                  {t('rewards.missions.rewardColumn')}
                </th>
                <th scope="col">{t('rewards.missions.schedule')}</th>
                <th scope="col">{t('rewards.status')}</th>
                <th scope="col">
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isPending && (
                <tr>
                  <td colSpan={9} className="bo-table__empty">
                    {t('common.loading')}
                  </td>
                </tr>
              )}
              {list.isSuccess && items.length === 0 && (
                <tr>
                  <td colSpan={9} className="bo-table__empty">
                    {t('rewards.missions.empty')}
                  </td>
                </tr>
              )}
              {items.map((m) => (
                <tr key={m.id}>
                  <td>{m.title}</td>
                  <td className="bo-nowrap">{t(`rewards.missions.kinds.${m.kind}`)}</td>
                  <td>{t(`rewards.missions.periods.${m.period}`)}</td>
                  <td className="bo-nowrap">{target(m)}</td>
                  <td>{m.category ?? t('rewards.missions.anyCategory')}</td>
                  <td className="num">
                    {money(m.reward)}
                    {m.kind === 'check_in' && m.streakBonus !== '0' && (
                      <div className="bo-hint">+{money(m.streakBonus)}</div>
                    )}
                  </td>
                  <td>{schedule(m)}</td>
                  <ActiveCells
                    name={m.title}
                    active={m.active}
                    manage={manage}
                    busy={toggle.isPending}
                    onEdit={() => setEditing(m)}
                    onToggle={() => toggle.mutate({ id: m.id, body: missionBody(m, !m.active) })}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {editing && list.data && (
        <MissionDialog
          mission={editing === 'new' ? undefined : editing}
          currency={currency}
          exponent={exponent}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
