import { formatMoney, type VipLevelView, type VipOverview } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVipOverview } from '../../api/vip.ts';
import { PayAsNote } from '../../components/bonus-terms.tsx';
import { DataTable, Th } from '../../components/DataTable.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import './vip.css';
import '../../i18n/areas/vip.ts';

/** A basis-points figure as a percent (25 → 0.25%). */
const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;
/** Whole numbers with thousands separators (tier points). */
const count = (v: string) => BigInt(v).toLocaleString('en-US');

/** The progress from the current level's threshold to the next one's, in whole percent (0–100). */
export function progressTo(current: VipLevelView | undefined, next: VipLevelView, qualifying: string): number {
  const from = BigInt(current?.threshold ?? '0');
  const span = BigInt(next.threshold) - from;
  const done = BigInt(qualifying) - from;
  if (span <= 0n || done <= 0n) return 0;
  return done >= span ? 100 : Number((done * 100n) / span);
}

/** Member centre › vip (flag VIP3): the member's level, progress to the next, every level's benefits, history. */
export function VipPage() {
  const { t } = useTranslation();
  const vip = useVipOverview();
  return (
    <section className="vip" aria-labelledby="page-title">
      <h1 id="page-title">{t('vip.title')}</h1>
      <p className="history-note">{t('vip.intro')}</p>
      <QueryState query={vip} loading={t('common.loading')} errorTitle={t('vip.loadError')}>
        {(data) => <Overview data={data} />}
      </QueryState>
    </section>
  );
}

function Overview({ data }: { data: VipOverview }) {
  const { t } = useTranslation();
  const money = (v: string) => (v === '0' ? '—' : `${data.currency} ${formatMoney(v, data.exponent)}`);
  const amount = (v: string) =>
    data.basis === 'deposit' ? `${data.currency} ${formatMoney(v, data.exponent)}` : count(v);
  const current = data.levels.find((l) => l.level === data.level);
  const next = data.levels.find((l) => l.level === data.level + 1);
  const nameOf = (level: number) => data.levels.find((l) => l.level === level)?.name ?? `VIP ${level}`;
  if (data.levels.length === 0) return <p className="field__hint">{t('vip.noLevels')}</p>;
  const pct = next ? progressTo(current, next, data.qualifying) : 100;
  const unit = t(`vip.basis.${data.basis}`);
  return (
    <>
      <section className="vip__card" aria-labelledby="vip-current">
        <p className="vip__label">{t('vip.yourLevel')}</p>
        <h2 id="vip-current" className="vip__level" data-testid="vip-level">
          {current?.name ?? nameOf(data.level)} <span className="vip__badge">VIP {data.level}</span>
        </h2>
        <p className="vip__period">
          {t(`vip.period.${data.period}`)}: <DateTime value={data.periodStart} /> –{' '}
          <DateTime value={new Date(Date.parse(data.periodEnd) - 1000).toISOString()} />
        </p>
        <p>
          {unit}: <strong data-testid="vip-qualifying">{amount(data.qualifying)}</strong>
        </p>
        {next ? (
          <>
            <div
              className="vip__bar"
              role="progressbar"
              aria-label={t('vip.progressTo', { name: next.name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={pct}
              aria-valuetext={`${amount(data.qualifying)} / ${amount(next.threshold)}`}
            >
              <span style={{ width: `${pct}%` }} />
            </div>
            <p className="vip__next">
              {t(`vip.toNext.${data.basis}`, {
                amount: amount(String(BigInt(next.threshold) - BigInt(data.qualifying))),
                name: next.name,
              })}
            </p>
          </>
        ) : (
          <p className="vip__next">{t('vip.top')}</p>
        )}
        {current && data.level > 0 && (
          <p className="field__hint">
            {t(`vip.keep.${data.basis}`, { amount: amount(current.keepThreshold), name: current.name })}
          </p>
        )}
        <p className="field__hint">
          {t('vip.rewardsWhere')} <Link to="/member/rewardCenter">{t('vip.goRewards')}</Link>
        </p>
      </section>

      <section aria-labelledby="vip-levels">
        <h2 id="vip-levels">{t('vip.benefits')}</h2>
        <DataTable
          caption={t(`vip.benefitsCaption.${data.basis}`)}
          head={
            <>
              <Th>{t('vip.level')}</Th>
              <Th num>{t('vip.threshold')}</Th>
              <Th num>{t('vip.keepCol')}</Th>
              <Th num>{t('vip.levelUp')}</Th>
              <Th num>{t('vip.weekly')}</Th>
              <Th num>{t('vip.monthly')}</Th>
              <Th num>{t('vip.rebate')}</Th>
            </>
          }
        >
          {data.levels.map((l) => (
            <tr key={l.level} aria-current={l.level === data.level ? 'true' : undefined}>
              <th scope="row" data-label={t('vip.level')}>
                {l.name} <span className="vip__badge">VIP {l.level}</span>
              </th>
              <td className="num" data-label={t('vip.threshold')}>
                {amount(l.threshold)}
              </td>
              <td className="num" data-label={t('vip.keepCol')}>
                {l.level === 0 ? '—' : amount(l.keepThreshold)}
              </td>
              <td className="num" data-label={t('vip.levelUp')}>
                <span className="vip__reward">
                  {money(l.levelUpReward)}
                  {l.levelUpReward !== '0' && <PayAsNote as="span" payment={l} money={money} />}
                </span>
              </td>
              <td className="num" data-label={t('vip.weekly')}>
                {money(l.weeklyBonus)}
              </td>
              <td className="num" data-label={t('vip.monthly')}>
                {money(l.monthlyBonus)}
              </td>
              <td className="num" data-label={t('vip.rebate')}>
                {l.rebateBonusBp ? `+${percent(l.rebateBonusBp)}` : '—'}
              </td>
            </tr>
          ))}
        </DataTable>
      </section>

      <section aria-labelledby="vip-history">
        <h2 id="vip-history">{t('vip.history')}</h2>
        {data.history.length === 0 ? (
          <p className="field__hint">{t('vip.noHistory')}</p>
        ) : (
          <ul className="vip__history">
            {data.history.map((h, i) => (
              <li key={`${h.createdAt}-${i}`}>
                <DateTime value={h.createdAt} />{' '}
                <strong>{t(`vip.change.${h.reason}`, { from: nameOf(h.fromLevel), to: nameOf(h.toLevel) })}</strong>{' '}
                <span className="field__hint">
                  ({unit}: {amount(h.qualifying)})
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
