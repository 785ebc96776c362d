import type { Withdrawal } from '@sea/contracts';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmReceipt } from '../../api/withdraw.ts';
import { errorText } from '../../components/error-text.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { amountProblem } from './withdraw-form.ts';

const MAX_BYTES = 5 * 1024 * 1024;

/**
 * The withdrawal-receipt confirmation of a disbursed withdrawal: "I received it" at once; "Not received" asks for
 * a proof image; "Partially received" asks for the amount received.
 */
export function ReceiptActions({ w, onDone }: { w: Withdrawal; onDone(text: string): void }) {
  const { t } = useTranslation();
  const confirm = useConfirmReceipt();
  const [mode, setMode] = useState<'choose' | 'not_received' | 'partial'>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [received, setReceived] = useState('');
  const [error, setError] = useState<string | null>(null);
  const prefix = `wd-${w.id}`;

  async function send(input: {
    result: 'received' | 'not_received' | 'partial';
    receivedAmount?: string;
    proof?: File;
  }) {
    setError(null);
    try {
      await confirm.mutateAsync({ id: w.id, ...input });
      onDone(input.result === 'received' ? t('withdraw.receipt.thanks') : t('withdraw.receipt.disputeSent'));
    } catch (err) {
      setError(errorText(t, err));
    }
  }

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0] ?? null;
    setError(null);
    if (f && !['image/png', 'image/jpeg'].includes(f.type)) {
      e.target.value = '';
      setFile(null);
      return setError(t('withdraw.receipt.proofType'));
    }
    if (f && f.size > MAX_BYTES) {
      e.target.value = '';
      setFile(null);
      return setError(t('withdraw.receipt.proofSize'));
    }
    setFile(f);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (mode === 'not_received') {
      if (!file) return setError(t('withdraw.receipt.proofRequired'));
      return void send({ result: 'not_received', proof: file });
    }
    // Partial: less than the withdrawal, more than nothing.
    const below = (BigInt(w.amount) - 1n).toString();
    const problem = amountProblem(received, { min: '1', max: below, available: null, exponent: w.exponent });
    if (problem) return setError(t(problem[0], problem[1]));
    void send({ result: 'partial', receivedAmount: received.trim() });
  }

  const alert = error && (
    <p className="form__error" role="alert">
      {error}
    </p>
  );
  if (mode === 'choose') {
    return (
      <div className="withdraw-receipt" role="group" aria-label={t('withdraw.receipt.title')}>
        <p className="withdraw-receipt__title">{t('withdraw.receipt.title')}</p>
        <div className="withdraw-receipt__buttons">
          <button
            type="button"
            className="btn btn--primary withdraw-small-btn"
            disabled={confirm.isPending}
            onClick={() => void send({ result: 'received' })}
          >
            {t('withdraw.receipt.received')}
          </button>
          <button type="button" className="btn btn--ghost withdraw-small-btn" onClick={() => setMode('not_received')}>
            {t('withdraw.receipt.notReceived')}
          </button>
          <button type="button" className="btn btn--ghost withdraw-small-btn" onClick={() => setMode('partial')}>
            {t('withdraw.receipt.partial')}
          </button>
        </div>
        {alert}
      </div>
    );
  }
  return (
    <form
      className="withdraw-receipt form"
      onSubmit={onSubmit}
      noValidate
      aria-label={mode === 'partial' ? t('withdraw.receipt.partial') : t('withdraw.receipt.notReceived')}
    >
      {mode === 'not_received' ? (
        <div className="field">
          <label htmlFor={`${prefix}-proof`}>{t('withdraw.receipt.proof')}</label>
          <input id={`${prefix}-proof`} type="file" accept="image/png,image/jpeg" onChange={onFile} />
        </div>
      ) : (
        <TextField
          id={`${prefix}-received`}
          label={t('withdraw.receipt.receivedAmount', { currency: w.currency })}
          inputMode="decimal"
          autoComplete="off"
          value={received}
          onChange={(e) => setReceived(e.target.value)}
          required
        />
      )}
      {alert}
      <div className="withdraw-receipt__buttons">
        <button type="submit" className="btn btn--primary withdraw-small-btn" disabled={confirm.isPending}>
          {confirm.isPending ? t('common.loading') : t('withdraw.receipt.send')}
        </button>
        <button
          type="button"
          className="btn btn--ghost withdraw-small-btn"
          onClick={() => (setMode('choose'), setError(null))}
        >
          {t('withdraw.receipt.back')}
        </button>
      </div>
    </form>
  );
}
