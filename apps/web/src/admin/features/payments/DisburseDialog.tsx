import type { AdminWithdrawal } from '@sea/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisburse } from '../../api/payments.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg'];

/**
 * Mark an approved withdrawal paid, with the payment's proof (a bank slip: PNG or JPEG up to 5 MB, previewed here;
 * the server re-encodes it). The proof is optional: a payout made elsewhere may have none to attach.
 */
export function DisburseDialog(props: {
  withdrawal: AdminWithdrawal;
  amount: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { withdrawal: w } = props;
  const { t } = useTranslation();
  const disburse = useDisburse();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (f: File | undefined) => {
    setFileError(null);
    if (!f) return setFile(null);
    if (!TYPES.includes(f.type)) return setFileError(t('withdrawals.proofType'));
    if (f.size > MAX_BYTES) return setFileError(t('withdrawals.proofSize'));
    setFile(f);
  };
  const close = () => {
    disburse.reset();
    props.onClose();
  };
  return (
    <AppDialog
      open
      onClose={close}
      title={t('withdrawals.disburseTitle', { reference: w.reference })}
      footer={
        <>
          <button type="button" className="bo-btn bo-btn--ghost" onClick={close}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="bo-btn bo-btn--primary"
            disabled={disburse.isPending}
            onClick={() =>
              disburse.mutate(
                { id: w.id, proof: file },
                {
                  onSuccess: () => {
                    close();
                    props.onDone();
                  },
                },
              )
            }
          >
            {t('withdrawals.disburse')}
          </button>
        </>
      }
    >
      <p>
        {t('withdrawals.disburseText', {
          amount: props.amount,
          bank: w.bankName,
          account: w.accountNumber,
          name: w.accountName,
        })}
      </p>
      <div className="bo-field">
        <label htmlFor={id}>{t('withdrawals.payoutProofInput')}</label>
        <input
          id={id}
          type="file"
          accept={TYPES.join(',')}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${id}-err` : `${id}-hint`}
          onChange={(e) => pick(e.target.files?.[0])}
        />
        {fileError ? (
          <p id={`${id}-err`} className="bo-field__error" role="alert">
            {fileError}
          </p>
        ) : (
          <p id={`${id}-hint`} className="bo-hint">
            {t('withdrawals.payoutProofHint')}
          </p>
        )}
      </div>
      {preview && (
        <figure className="bo-proof-preview">
          <img className="bo-receipt" src={preview} alt={t('withdrawals.payoutProofPreview')} />
          <figcaption className="bo-hint">{file?.name}</figcaption>
        </figure>
      )}
      {disburse.isError && <ErrorAlert error={disburse.error} />}
    </AppDialog>
  );
}
