import {
  formatMoney,
  KYC_DOCUMENT_KINDS,
  type KycDocument,
  type KycDocumentKind,
  type KycStatus,
} from '@sea/contracts';
import { useEffect, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useKycStatus, useUploadKycDocument } from '../../api/kyc.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { Field } from '../../components/form/Field.tsx';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { StatusBadge, type StatusTone } from '../../components/StatusBadge.tsx';
import { KYC_ACCEPT, kycUploadSchema } from './kyc-form.ts';
import './kyc.css';
import '../../i18n/areas/kyc.ts';

const TONE: Record<KycDocument['status'], StatusTone> = { pending: 'waiting', approved: 'done', rejected: 'refused' };
const OVERALL_TONE: Record<KycStatus['overall'], StatusTone> = {
  none: 'void',
  incomplete: 'waiting',
  pending: 'waiting',
  rejected: 'refused',
  approved: 'done',
};

/**
 * Member centre › identity verification (issue 25): the front and back of an identity document and a selfie,
 * each with its status (pending, approved, rejected with the staff's reason) and an upload while it is missing or
 * rejected; the merchant's rule for withdrawals. The files go to the merchant's staff only.
 */
export function IdentityPage() {
  const { t } = useTranslation();
  const status = useKycStatus();
  return (
    <section className="kyc" aria-labelledby="page-title">
      <h1 id="page-title">{t('centre.member.identityVerification')}</h1>
      <p className="kyc__note">{t('kyc.intro')}</p>
      <QueryState query={status}>
        {(s) => (
          <>
            <p className="kyc__overall">
              <span>{t('kyc.overall')}</span>{' '}
              <StatusBadge tone={OVERALL_TONE[s.overall]}>{t(`kyc.overallStatus.${s.overall}`)}</StatusBadge>
            </p>
            {s.withdrawalThreshold !== null && (
              <p className="kyc__note">
                {t('kyc.rule', { amount: `${formatMoney(s.withdrawalThreshold, s.exponent)} ${s.currency}` })}
              </p>
            )}
            <ul className="kyc__docs">
              {KYC_DOCUMENT_KINDS.map((kind) => (
                <DocumentCard key={kind} kind={kind} doc={s.documents.find((d) => d.kind === kind)} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
      <p className="kyc__note">{t('kyc.privacy')}</p>
    </section>
  );
}

function DocumentCard({ kind, doc }: { kind: KycDocumentKind; doc: KycDocument | undefined }) {
  const { t } = useTranslation();
  const titleId = `kyc-${kind}`;
  return (
    <li className="kyc__doc" aria-labelledby={titleId}>
      <div className="kyc__doc-head">
        <h2 id={titleId}>{t(`kyc.kinds.${kind}`)}</h2>
        {doc ? (
          <StatusBadge tone={TONE[doc.status]}>{t(`kyc.statuses.${doc.status}`)}</StatusBadge>
        ) : (
          <StatusBadge tone="void">{t('kyc.missing')}</StatusBadge>
        )}
      </div>
      <p className="kyc__hint">{t(`kyc.hints.${kind}`)}</p>
      {doc && (
        <p className="kyc__meta">
          {t('kyc.uploadedAt')} <DateTime value={doc.uploadedAt} />
        </p>
      )}
      {doc?.status === 'rejected' && doc.reason && (
        <p className="kyc__reason" role="note">
          <strong>{t('kyc.reason')}</strong> {doc.reason}
        </p>
      )}
      {doc?.status === 'pending' && <p className="kyc__meta">{t('kyc.pendingNote')}</p>}
      {(!doc || doc.status === 'rejected') && <UploadForm kind={kind} again={Boolean(doc)} />}
    </li>
  );
}

function UploadForm({ kind, again }: { kind: KycDocumentKind; again: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadKycDocument();
  const form = useZodForm(kycUploadSchema, { file: null });
  return (
    <Form
      form={form}
      className="form kyc__form"
      aria-label={t(`kyc.kinds.${kind}`)}
      onSubmit={async ({ file }) => {
        if (!file) return;
        await upload.mutateAsync({ kind, file });
        form.reset({ file: null });
        return t('kyc.uploaded');
      }}
    >
      <FileField name="file" label={again ? t('kyc.fileAgain') : t('kyc.file')} />
      <FormFooter label={t('kyc.upload')} busyLabel={t('kyc.uploading')} buttonClassName="btn btn--primary" />
    </Form>
  );
}

/** A PNG, JPG or PDF (the image field of the kit takes images only). */
function FileField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  const { control, trigger } = useFormContext();
  const { field } = useController({ control, name });
  const file = field.value instanceof File ? field.value : null;
  // A cleared value (after an upload) clears the file input too: it is re-created.
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!file) setGeneration((g) => g + 1);
  }, [file]);
  return (
    <Field name={name} label={label} hint={t('kyc.fileHint')}>
      {(aria) => (
        <input
          key={generation}
          {...aria}
          type="file"
          accept={KYC_ACCEPT}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          onChange={(e) => {
            field.onChange(e.target.files?.[0] ?? null);
            void trigger(name);
          }}
        />
      )}
    </Field>
  );
}
