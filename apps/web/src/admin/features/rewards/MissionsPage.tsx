import type { AdminMission } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { useMissions, useSaveMission } from '../../api/rewards.ts';
import { ListPageHead } from '../../components/list/ListPageHead.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { listData, useEditing } from '../../components/list/use-list-page.ts';
import { PayAsSummary } from '../../components/PayAsFields.tsx';
import { useCan } from '../../components/permissions.tsx';
import { formatDateTime } from '../../lib/format.ts';
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
  payAs: m.payAs,
  bonusTerms: m.bonusTerms,
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
  const editing = useEditing<AdminMission>();
  const { items, exponent, currency, money } = listData(list.data);

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
      <ListPageHead
        title={t('rewards.missions.title')}
        action={
          manage ? { label: t('rewards.missions.new'), onClick: editing.create, disabled: !list.data } : undefined
        }
      />
      <ListTable
        label={t('rewards.missions.title')}
        query={list}
        items={items}
        actionError={toggle.error}
        emptyText={t('rewards.missions.empty')}
        columns={[
          { label: t('rewards.missions.name') },
          { label: t('rewards.missions.kind') },
          { label: t('rewards.missions.period') },
          { label: t('rewards.missions.target') },
          { label: t('rewards.missions.category') },
          { label: t('rewards.missions.rewardColumn'), numeric: true },
          { label: t('payAs.column') },
          { label: t('rewards.missions.schedule') },
          { label: t('rewards.status') },
          { label: t('common.actions'), srOnly: true },
        ]}
        rowKey={(m) => m.id}
        cells={(m) => (
          <>
            <td>{m.title}</td>
            <td className="bo-nowrap">{t(`rewards.missions.kinds.${m.kind}`)}</td>
            <td>{t(`rewards.missions.periods.${m.period}`)}</td>
            <td className="bo-nowrap">{target(m)}</td>
            <td>{m.category ?? t('rewards.missions.anyCategory')}</td>
            <td className="num">
              {money(m.reward)}
              {m.kind === 'check_in' && m.streakBonus !== '0' && <div className="bo-hint">+{money(m.streakBonus)}</div>}
            </td>
            <td>
              <PayAsSummary value={m} money={money} />
            </td>
            <td>{schedule(m)}</td>
            <ActiveCells
              name={m.title}
              active={m.active}
              manage={manage}
              busy={toggle.isPending}
              onEdit={() => editing.edit(m)}
              onToggle={() => toggle.mutate({ id: m.id, body: missionBody(m, !m.active) })}
            />
          </>
        )}
      />
      {editing.open && list.data && (
        <MissionDialog mission={editing.dialogItem} currency={currency} exponent={exponent} onClose={editing.close} />
      )}
    </div>
  );
}
