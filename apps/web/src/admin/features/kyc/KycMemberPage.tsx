import { KYC_DOCUMENT_KINDS, type AdminKycItem, type KycDocumentKind } from '@sea/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useKycFile, useKycMember, useReviewKyc } from '../../api/kyc.ts';
import { Badge } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Can } from '../../components/permissions.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { formatDateTime } from '../../lib/format.ts';

import { kycOverallTone, kycTone } from '../../components/kyc-tone.ts';
import './kyc.css';

/**
 * A member's identity documents (/kyc/:account): each current document with its file (an image previewed, a PDF
 * offered as a download — both fetched through the authenticated route), its status, and approve / reject with a
 * reason the member reads.
 */
export function KycMemberPage() {
  const { t } = useTranslation();
  const account = (useParams().account ?? '').toLowerCase();
  const q = useKycMember(account);
  return (
    <div className="bo-page">
      <Link className="bo-link" to="/kyc">
        ← {t('kyc.back')}
      </Link>
      <div className="bo-page__head">
        <h1>
          {t('kyc.memberTitle', { account })}{' '}
          {q.data && <Badge tone={kycOverallTone[q.data.overall]}>{t(`kyc.overall.${q.data.overall}`)}</Badge>}
        </h1>
        <Link className="bo-btn bo-btn--ghost" to={`/members/${encodeURIComponent(account)}`}>
          {t('members.title')}
        </Link>
      </div>
      {q.isPending ? (
        <p className="bo-muted" role="status">
          {t('common.loading')}
        </p>
      ) : q.isError ? (
        <ErrorAlert error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.documents.length === 0 ? (
        <p className="bo-muted">{t('kyc.noDocuments')}</p>
      ) : (
        <ul className="bo-kyc__docs">
          {KYC_DOCUMENT_KINDS.map((kind) => (
            <DocumentCard
              key={kind}
              kind={kind}
              account={account}
              doc={q.data.documents.find((d) => d.kind === kind)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function DocumentCard({ kind, account, doc }: { kind: KycDocumentKind; account: string; doc?: AdminKycItem }) {
  const { t } = useTranslation();
  const titleId = `kyc-doc-${kind}`;
  const [action, setAction] = useState<'approve' | 'reject' | null>(null);
  const review = useReviewKyc();
  const kindName = t(`kyc.kinds.${kind}`);
  return (
    <li className="bo-card bo-kyc__doc" aria-labelledby={titleId}>
      <div className="bo-kyc__head">
        <h2 id={titleId}>{kindName}</h2>
        {doc ? (
          <Badge tone={kycTone[doc.status]}>{t(`kyc.statuses.${doc.status}`)}</Badge>
        ) : (
          <Badge tone="neutral">{t('kyc.notUploaded')}</Badge>
        )}
      </div>
      {doc && (
        <>
          <FilePreview doc={doc} alt={t('kyc.preview', { kind: kindName, account })} />
          <dl className="bo-kyc__facts">
            <dt>{t('kyc.uploadedAt')}</dt>
            <dd>{formatDateTime(doc.uploadedAt)}</dd>
            {doc.reviewedBy && (
              <>
                <dt>{t('kyc.reviewedBy')}</dt>
                <dd>
                  {doc.reviewedBy} · {formatDateTime(doc.reviewedAt)}
                </dd>
              </>
            )}
            {doc.reason && (
              <>
                <dt>{t('kyc.reason')}</dt>
                <dd>{doc.reason}</dd>
              </>
            )}
          </dl>
          {doc.status === 'pending' && (
            <Can permission="members.kyc">
              <div className="bo-kyc__actions">
                <button type="button" className="bo-btn bo-btn--primary" onClick={() => setAction('approve')}>
                  {t('kyc.approve')}
                </button>
                <button type="button" className="bo-btn bo-btn--danger" onClick={() => setAction('reject')}>
                  {t('kyc.reject')}
                </button>
              </div>
            </Can>
          )}
          <ConfirmDialog
            open={action === 'approve'}
            onClose={() => setAction(null)}
            title={t('kyc.approveTitle')}
            text={t('kyc.approveText', { kind: kindName, account })}
            confirmLabel={t('kyc.approve')}
            mutation={review}
            args={{ reference: doc.reference, decision: 'approve' as const }}
          />
          {action === 'reject' && (
            <ReasonDialog
              title={t('kyc.rejectTitle')}
              summary={t('kyc.rejectText', { kind: kindName })}
              confirmLabel={t('kyc.reject')}
              onSubmit={(reason) => review.mutateAsync({ reference: doc.reference, decision: 'reject', reason })}
              onClose={() => setAction(null)}
            />
          )}
        </>
      )}
    </li>
  );
}

/** The file from the authenticated route: an image shown, a PDF as a download link (blob URLs, revoked on leave). */
function FilePreview({ doc, alt }: { doc: AdminKycItem; alt: string }) {
  const { t } = useTranslation();
  const file = useKycFile(doc.reference);
  const [url, setUrl] = useState<string | null>(null);
  const blob = file.data?.blob;
  useEffect(() => {
    if (!blob) return;
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  if (file.isError) return <ErrorAlert error={file.error} onRetry={() => void file.refetch()} />;
  if (!file.data || !url)
    return (
      <p className="bo-muted bo-kyc__file" role="status">
        {t('kyc.loadingFile')}
      </p>
    );
  if (file.data.contentType === 'application/pdf')
    return (
      <p className="bo-kyc__file bo-kyc__pdf">
        <span>
          {t('kyc.pdf')} · {t('kyc.size', { kb: Math.ceil(doc.size / 1024) })}
        </span>
        <a className="bo-btn bo-btn--ghost" href={url} download={file.data.fileName}>
          {t('kyc.downloadPdf')}
        </a>
      </p>
    );
  return (
    <a className="bo-kyc__file" href={url} target="_blank" rel="noreferrer">
      <img className="bo-kyc__img" src={url} alt={alt} />
    </a>
  );
}
