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
import { SelectField } from '../../components/form/Field.tsx';
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
  const [editing, setEditing] = useState<AdminVipLevel | 'new' | null>(null);
  const data = list.data;
  const items = data?.list ?? [];
  const money = (minor: string) =>
    minor === '0' ? '—' : formatAmount(minor, data?.exponent ?? 2, data?.currency ?? '');
  const threshold = (v: string) => (data?.basis === 'deposit' ? money(v) : points(v));

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('vip.title')}</h1>
        {manage && (
          <button type="button" className="bo-btn bo-btn--primary" disabled={!data} onClick={() => setEditing('new')}>
            {t('vip.new')}
          </button>
        )}
      </div>
      <p className="bo-hint">{t('vip.intro')}</p>
      {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      {data && <Settings data={data} manage={manage} />}
      <section className="bo-table" aria-label={t('vip.levels')} aria-busy={list.isPending}>
        <div className="bo-table__scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('vip.level')}</th>
                <th scope="col">{t('vip.name')}</th>
                <th scope="col" className="num">
                  {t('vip.thresholdCol')}
                </th>
                <th scope="col" className="num">
                  {t('vip.keepCol')}
                </th>
                <th scope="col" className="num">
                  {t('vip.levelUpCol')}
                </th>
                <th scope="col" className="num">
                  {t('vip.weeklyCol')}
                </th>
                <th scope="col" className="num">
                  {t('vip.monthlyCol')}
                </th>
                <th scope="col" className="num">
                  {t('vip.rebateCol')}
                </th>
                <th scope="col" className="num">
                  {t('vip.members')}
                </th>
                <th scope="col">
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isPending && (
                <tr>
                  <td colSpan={10} className="bo-table__empty">
                    {t('common.loading')}
                  </td>
                </tr>
              )}
              {list.isSuccess && items.length === 0 && (
                <tr>
                  <td colSpan={10} className="bo-table__empty">
                    {t('vip.empty')}
                  </td>
                </tr>
              )}
              {items.map((l) => (
                <tr key={l.id}>
                  <td>VIP {l.level}</td>
                  <td>{l.name}</td>
                  <td className="num">{threshold(l.threshold)}</td>
                  <td className="num">{l.level === 0 ? '—' : threshold(l.keepThreshold)}</td>
                  <td className="num">{money(l.levelUpReward)}</td>
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
                        onClick={() => setEditing(l)}
                      >
                        {t('common.edit')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {editing && data && (
        <VipLevelDialog
          level={editing === 'new' ? undefined : editing}
          basis={data.basis}
          currency={data.currency}
          exponent={data.exponent}
          onClose={() => setEditing(null)}
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
