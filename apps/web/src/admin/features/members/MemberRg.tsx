import type { AdminRgView } from '@sea/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminGet } from '../../api/client.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import './member-rg-texts.ts';
import { OnDemand } from '../../components/OnDemand.tsx';
import { Can } from '../../components/permissions.tsx';
import { MemberRgActions } from './MemberRgActions.tsx';

/**
 * The member's responsible-gaming tools as staff see them: a break under way, every limit with its use and pending
 * raise, and the log of every change (member's and staff's). Staff lower limits or start a break on request through
 * /admin/api/members/:account/responsible-gaming (members.manage, audited); lifting a break is refused to everyone.
 */
export function MemberRg({ account }: { account: string }) {
  const { t } = useTranslation();
  return <OnDemand summary={t('memberRg.show')}>{() => <MemberRgView account={account} />}</OnDemand>;
}

function MemberRgView({ account }: { account: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['members', account, 'responsible-gaming'],
    queryFn: () => adminGet<AdminRgView>(`/admin/api/members/${encodeURIComponent(account)}/responsible-gaming`),
  });
  if (q.isError) return <ErrorAlert error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data)
    return (
      <p className="bo-muted" role="status">
        {t('common.loading')}
      </p>
    );
  const v = q.data;
  const money = (s: string | null) => (s === null ? t('memberRg.noLimit') : formatAmount(s, v.exponent));
  /** A log line's detail in words: a limit's old → new amount, a break's length, end and the member's request. */
  const describe = (action: string, d: Record<string, unknown>): string => {
    const text = (x: unknown) => (typeof x === 'string' ? x : null);
    if (action === 'limit.set')
      return `${t(`memberRg.kinds.${String(d.kind)}`)} · ${t(`memberRg.periods.${String(d.period)}`)}: ${money(
        text(d.from),
      )} → ${money(text(d.to))}`;
    if (action.endsWith('.start'))
      return [
        t(`memberRg.durations.${String(d.duration)}`),
        d.until ? formatDateTime(String(d.until)) : null,
        text(d.note) && `“${text(d.note)}”`,
      ]
        .filter(Boolean)
        .join(' · ');
    return Object.entries(d)
      .map(([k, x]) => `${k}: ${String(x)}`)
      .join(', ');
  };
  return (
    <div className="bo-member__rg">
      <p>
        <strong>{t('memberRg.block')}: </strong>
        {v.block ? t(`memberRg.${v.block.kind}`, { until: formatDateTime(v.block.until) }) : t('memberRg.none')}
        {v.block && <span className="bo-muted"> — {t('memberRg.locked')}</span>}
      </p>
      <Can permission="members.manage">
        <MemberRgActions account={account} view={v} />
      </Can>
      <div style={{ overflowX: 'auto' }}>
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">{t('memberRg.limit')}</th>
              <th scope="col">
                {t('memberRg.limit')} ({v.currency})
              </th>
              <th scope="col">{t('memberRg.used')}</th>
              <th scope="col">{t('memberRg.pending')}</th>
            </tr>
          </thead>
          <tbody>
            {v.limits.map((l) => (
              <tr key={`${l.kind}-${l.period}`}>
                <th scope="row">
                  {t(`memberRg.kinds.${l.kind}`)} · {t(`memberRg.periods.${l.period}`)}
                </th>
                <td>{money(l.amount)}</td>
                <td>{formatAmount(l.used, v.exponent)}</td>
                <td>{l.pending ? `${money(l.pending.amount)} · ${formatDateTime(l.pending.effectiveAt)}` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('memberRg.log')}</h3>
      {v.events.length === 0 ? (
        <p className="bo-muted">{t('memberRg.noLog')}</p>
      ) : (
        <ul className="bo-member__rg-log" aria-label={t('memberRg.log')}>
          {v.events.map((e) => (
            <li key={e.id}>
              {formatDateTime(e.createdAt)} · {e.staff ?? t('memberRg.byMember')} ·{' '}
              {t(`memberRg.actions.${e.action}`, { defaultValue: e.action })} · {describe(e.action, e.detail)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
