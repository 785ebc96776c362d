import { useTranslation } from 'react-i18next';
import { useMemberVip } from '../../api/vip.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatDateTime } from '../../lib/format.ts';

/** The member page's VIP section: the level, this period's total and the level changes (rewards.view). */
export function MemberVip({ account }: { account: string }) {
  const { t } = useTranslation();
  const q = useMemberVip(account);
  if (q.isError) return <ErrorAlert error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data)
    return (
      <p className="bo-muted" role="status">
        {t('common.loading')}
      </p>
    );
  const v = q.data;
  const unit = v.basis === 'deposit' ? t('vip.bases.deposit') : t('vip.points');
  return (
    <div>
      <dl className="bo-detail bo-member__dl">
        <div className="bo-member__row">
          <dt>{t('vip.member.level')}</dt>
          <dd data-testid="member-vip-level">
            <Badge tone="info">VIP {v.level}</Badge> {v.name}
          </dd>
        </div>
        <div className="bo-member__row">
          <dt>{t('vip.member.qualifying')}</dt>
          <dd>
            {BigInt(v.qualifying).toLocaleString('en-US')} {unit}
          </dd>
        </div>
      </dl>
      <h3>{t('vip.member.history')}</h3>
      {v.history.length === 0 ? (
        <p className="bo-muted">{t('vip.member.none')}</p>
      ) : (
        <ul className="bo-member__rg-log" aria-label={t('vip.member.history')}>
          {v.history.map((h, i) => (
            <li key={`${h.createdAt}-${i}`}>
              <span className="bo-muted">{formatDateTime(h.createdAt)}</span>{' '}
              {t(`vip.member.${h.reason}`, { from: `VIP ${h.fromLevel}`, to: `VIP ${h.toLevel}` })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
