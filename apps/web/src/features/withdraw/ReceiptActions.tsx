import type { Withdrawal } from '@sea/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReceiptInput, useConfirmReceipt } from '../../api/withdraw.ts';
import { errorText } from '../../components/error-text.ts';
import { AmountField } from '../../components/form/AmountField.tsx';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { ImageField } from '../../components/form/ImageField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { notReceivedSchema, partialSchema } from './withdraw-form.ts';
import '../../i18n/areas/withdraw.ts';

type Send = (input: Omit<ReceiptInput, 'id'>) => Promise<void>;

/**
 * The withdrawal-receipt confirmation of a disbursed withdrawal: "I received it" at once; "Not received" asks for
 * a proof image; "Partially received" asks for the amount received.
 */
export function ReceiptActions({ w, onDone }: { w: Withdrawal; onDone(text: string): void }) {
  const { t } = useTranslation();
  const confirm = useConfirmReceipt();
  const [mode, setMode] = useState<'choose' | 'not_received' | 'partial'>('choose');
  const [error, setError] = useState<string | null>(null);

  const send: Send = async (input) => {
    await confirm.mutateAsync({ id: w.id, ...input });
    onDone(input.result === 'received' ? t('withdraw.receipt.thanks') : t('withdraw.receipt.disputeSent'));
  };

  if (mode !== 'choose') {
    const back = (
      <button type="button" className="btn btn--ghost withdraw-small-btn" onClick={() => setMode('choose')}>
        {t('withdraw.receipt.back')}
      </button>
    );
    return mode === 'partial' ? (
      <PartialForm w={w} send={send} back={back} />
    ) : (
      <NotReceivedForm w={w} send={send} back={back} />
    );
  }
  return (
    <div className="withdraw-receipt" role="group" aria-label={t('withdraw.receipt.title')}>
      <p className="withdraw-receipt__title">{t('withdraw.receipt.title')}</p>
      <div className="withdraw-receipt__buttons">
        <button
          type="button"
          className="btn btn--primary withdraw-small-btn"
          disabled={confirm.isPending}
          onClick={() => {
            setError(null);
            send({ result: 'received' }).catch((err: unknown) => setError(errorText(t, err)));
          }}
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
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type FormProps = { w: Withdrawal; send: Send; back: ReactNode };

function NotReceivedForm({ send, back }: FormProps) {
  const { t } = useTranslation();
  const form = useZodForm(notReceivedSchema, { proof: null });
  return (
    <Form
      form={form}
      className="withdraw-receipt form"
      aria-label={t('withdraw.receipt.notReceived')}
      onSubmit={({ proof }) => send({ result: 'not_received', proof: proof ?? undefined })}
    >
      <ImageField name="proof" label={t('withdraw.receipt.proof')} />
      <ReceiptFooter back={back} />
    </Form>
  );
}

function PartialForm({ w, send, back }: FormProps) {
  const { t } = useTranslation();
  const form = useZodForm(partialSchema(w.amount, w.exponent), { receivedAmount: '' });
  return (
    <Form
      form={form}
      className="withdraw-receipt form"
      aria-label={t('withdraw.receipt.partial')}
      onSubmit={({ receivedAmount }) => send({ result: 'partial', receivedAmount })}
    >
      <AmountField name="receivedAmount" label={t('withdraw.receipt.receivedAmount', { currency: w.currency })} />
      <ReceiptFooter back={back} />
    </Form>
  );
}

function ReceiptFooter({ back }: { back: ReactNode }) {
  const { t } = useTranslation();
  return (
    <FormFooter
      label={t('withdraw.receipt.send')}
      buttonClassName="btn btn--primary withdraw-small-btn"
      secondary={back}
    />
  );
}
