import { KYC_DOCUMENT_KINDS } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useKycSummary } from '../../api/kyc.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Can } from '../../components/permissions.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { kycOverallTone, kycTone } from '../../components/kyc-tone.ts';

/** The member page's identity verification: the overall status and each document's (no files; members.view). */
export function MemberKyc({ account }: { account: string }) {
  const { t } = useTranslation();
  const q = useKycSummary(account);
  if (q.isError) return <ErrorAlert error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data)
    return (
      <p className="bo-muted" role="status">
        {t('common.loading')}
      </p>
    );
  const s = q.data;
  return (
    <div className="bo-member__kyc">
      <p>
        <Badge tone={kycOverallTone[s.overall]}>{t(`kyc.overall.${s.overall}`)}</Badge>{' '}
        <Can permission="members.kyc">
          <Link className="bo-link" to={`/kyc/${encodeURIComponent(account)}`}>
            {t('kyc.review')}
          </Link>
        </Can>
      </p>
      <dl className="bo-detail bo-member__dl">
        {KYC_DOCUMENT_KINDS.map((kind) => {
          const d = s.documents.find((x) => x.kind === kind);
          return (
            <div key={kind} className="bo-member__row">
              <dt>{t(`kyc.kinds.${kind}`)}</dt>
              <dd>
                {d ? (
                  <>
                    <Badge tone={kycTone[d.status]}>{t(`kyc.statuses.${d.status}`)}</Badge>{' '}
                    <span className="bo-muted">{formatDateTime(d.uploadedAt)}</span>
                    {d.reason && <span> — {d.reason}</span>}
                  </>
                ) : (
                  t('kyc.notUploaded')
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
