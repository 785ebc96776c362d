import {
  type AdminVipLevel,
  type AdminVipLevels,
  VIP_BASES,
  VIP_PERIODS,
  type VipBasis,
  type VipPeriod,
} from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveVipSettings, useVipLevels } from '../../api/vip.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ListPageHead } from '../../components/list/ListPageHead.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { useEditing } from '../../components/list/use-list-page.ts';
import { SelectField } from '../../components/form/Field.tsx';
import { PayAsSummary } from '../../components/PayAsFields.tsx';
import { useCan } from '../../components/permissions.tsx';
import { formatAmount } from '../../lib/format.ts';
import { VipLevelDialog } from './VipLevelDialog.tsx';

const points = (v: string) => BigInt(v).toLocaleString('en-US');

/**
 * VIP levels (flag VIP3): how levels are earned (tier points or deposits, over a month or quarter), the ladder in
 * threshold order with each level's benefits and members, and a dialog to add or change a level.
 */
export function VipLevelsPage() {
  const { t } = useTranslation();
  const manage = useCan()('rewards.manage');
  const list = useVipLevels();
  const editing = useEditing<AdminVipLevel>();
  const data = list.data;
  const money = (minor: string) =>
    minor === '0' ? '—' : formatAmount(minor, data?.exponent ?? 2, data?.currency ?? '');
  const threshold = (v: string) => (data?.basis === 'deposit' ? money(v) : points(v));

  return (
    <div className="bo-page">
      <ListPageHead
        title={t('vip.title')}
        action={manage ? { label: t('vip.new'), onClick: editing.create, disabled: !data } : undefined}
      />
      <p className="bo-hint">{t('vip.intro')}</p>
      {data && <Settings data={data} manage={manage} />}
      <ListTable
        label={t('vip.levels')}
        query={list}
        items={data?.list ?? []}
        emptyText={t('vip.empty')}
        columns={[
          { label: t('vip.level') },
          { label: t('vip.name') },
          { label: t('vip.thresholdCol'), numeric: true },
          { label: t('vip.keepCol'), numeric: true },
          { label: t('vip.levelUpCol'), numeric: true },
          { label: t('vip.levelUpPaidAs') },
          { label: t('vip.weeklyCol'), numeric: true },
          { label: t('vip.monthlyCol'), numeric: true },
          { label: t('vip.rebateCol'), numeric: true },
          { label: t('vip.members'), numeric: true },
          { label: t('common.actions'), srOnly: true },
        ]}
        rowKey={(l) => l.id}
        cells={(l) => (
          <>
            <td>VIP {l.level}</td>
            <td>{l.name}</td>
            <td className="num">{threshold(l.threshold)}</td>
            <td className="num">{l.level === 0 ? '—' : threshold(l.keepThreshold)}</td>
            <td className="num">{money(l.levelUpReward)}</td>
            <td>
              <PayAsSummary value={l} money={money} />
            </td>
            <td className="num">{money(l.weeklyBonus)}</td>
            <td className="num">{money(l.monthlyBonus)}</td>
            <td className="num">{l.rebateBonusBp ? `+${(l.rebateBonusBp / 100).toFixed(2)}%` : '—'}</td>
            <td className="num">{l.members}</td>
            <td>
              {manage && (
                <button
                  type="button"
                  className="bo-btn bo-btn--small"
                  aria-label={t('rewards.editNamed', { name: l.name })}
                  onClick={() => editing.edit(l)}
                >
                  {t('common.edit')}
                </button>
              )}
            </td>
          </>
        )}
      />
      {editing.open && data && (
        <VipLevelDialog
          level={editing.dialogItem}
          basis={data.basis}
          currency={data.currency}
          exponent={data.exponent}
          onClose={editing.close}
        />
      )}
    </div>
  );
}

/** The qualifying basis and period (changing them applies from the next event on; audited). */
function Settings({ data, manage }: { data: AdminVipLevels; manage: boolean }) {
  const { t } = useTranslation();
  const save = useSaveVipSettings();
  const [basis, setBasis] = useState<VipBasis>(data.basis);
  const [period, setPeriod] = useState<VipPeriod>(data.period);
  const [saved, setSaved] = useState(false);
  const changed = basis !== data.basis || period !== data.period;
  return (
    <form
      className="bo-card bo-form bo-vip__settings"
      aria-label={t('vip.settings')}
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(false);
        save.mutate({ basis, period }, { onSuccess: () => setSaved(true) });
      }}
    >
      <div className="bo-form__row">
        <SelectField
          label={t('vip.basis')}
          value={basis}
          disabled={!manage}
          options={VIP_BASES.map((b) => ({ value: b, label: t(`vip.bases.${b}`) }))}
          onChange={(e) => setBasis(e.target.value as VipBasis)}
        />
        <SelectField
          label={t('vip.period')}
          value={period}
          disabled={!manage}
          options={VIP_PERIODS.map((p) => ({ value: p, label: t(`vip.periods.${p}`) }))}
          onChange={(e) => setPeriod(e.target.value as VipPeriod)}
        />
      </div>
      {manage && (
        <div>
          <button type="submit" className="bo-btn" disabled={!changed || save.isPending} aria-busy={save.isPending}>
            {t('vip.saveSettings')}
          </button>{' '}
          <span role="status">{saved && !changed ? t('vip.saved') : ''}</span>
        </div>
      )}
      {save.isError && <ErrorAlert error={save.error} />}
    </form>
  );
}
