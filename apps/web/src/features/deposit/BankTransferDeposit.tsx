import type { DepositMethod } from '@sea/contracts';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useManualDeposit } from '../../api/deposit.ts';
import { errorText } from '../../components/error-text.ts';
import { AmountField } from './AmountField.tsx';
import { CopyRow } from './CopyRow.tsx';
import { amountProblem, useRequestId } from './deposit-form.ts';

const MAX_BYTES = 5 * 1024 * 1024;

/** Manual bank transfer: the receiving account to copy, the amount and the receipt; the operator reviews it. */
export function BankTransferDeposit({
  method,
  currency,
  exponent,
}: {
  method: DepositMethod;
  currency: string;
  exponent: number;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  const [amount, setAmount] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const submit = useManualDeposit();
  const requestId = useRequestId();
  const limits = { min: method.minAmount, max: method.maxAmount, exponent };
  const problem = amountProblem(amount, limits);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0] ?? null;
    setFileError(null);
    if (f && !['image/png', 'image/jpeg'].includes(f.type)) {
      e.target.value = '';
      setFile(null);
      return setFileError(t('deposit.receiptType'));
    }
    if (f && f.size > MAX_BYTES) {
      e.target.value = '';
      setFile(null);
      return setFileError(t('deposit.receiptSize'));
    }
    setFile(f);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setMessage(null);
    if (!file) setFileError(t('deposit.receiptRequired'));
    if (problem || !file) return;
    const content = JSON.stringify({ m: method.code, a: amount.trim(), f: [file.name, file.size, file.lastModified] });
    const id = requestId.for(content);
    try {
      await submit.mutateAsync({ methodCode: method.code, amount: amount.trim(), requestId: id, receipt: file });
      requestId.settle();
      setAmount('');
      setFile(null);
      setTouched(false);
      (document.getElementById(fileId) as HTMLInputElement | null)?.form?.reset();
      setMessage({ text: t('deposit.submitted'), error: false });
    } catch (err) {
      requestId.settle(err);
      setMessage({ text: errorText(t, err), error: true });
    }
  }

  const bank = method.bank;
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={method.name}>
      {bank && (
        <section className="deposit-bank" aria-labelledby={`${fileId}-bank`}>
          <h3 id={`${fileId}-bank`}>{t('deposit.receivingAccount')}</h3>
          <dl>
            <CopyRow label={t('deposit.bankName')} value={bank.bankName} />
            <CopyRow label={t('deposit.accountNumber')} value={bank.accountNumber} />
            <CopyRow label={t('deposit.accountName')} value={bank.accountName} />
          </dl>
          <p className="field__hint">{t('deposit.transferSteps')}</p>
        </section>
      )}
      <AmountField
        value={amount}
        onChange={setAmount}
        limits={limits}
        currency={currency}
        error={touched && problem ? t(problem[0], problem[1]) : null}
      />
      <div className="field">
        <label htmlFor={fileId}>{t('deposit.receipt')}</label>
        <input
          id={fileId}
          type="file"
          accept="image/png,image/jpeg"
          onChange={onFile}
          aria-invalid={fileError ? true : undefined}
        />
        {fileError && (
          <p className="field__error" role="alert">
            {fileError}
          </p>
        )}
        {preview && <img className="deposit-preview" src={preview} alt={t('deposit.receiptPreview')} />}
      </div>
      {message && (
        <p className={message.error ? 'form__error' : 'deposit-notice'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={submit.isPending}>
        {submit.isPending ? t('deposit.submitting') : t('deposit.submitTransfer')}
      </button>
    </form>
  );
}
