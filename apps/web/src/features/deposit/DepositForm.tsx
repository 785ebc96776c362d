import { type DepositMethod, formatMoney } from '@sea/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateDepositOrder, useManualDeposit } from '../../api/deposit.ts';
import { useRequestId } from '../../api/request-id.ts';
import { AmountField } from '../../components/form/AmountField.tsx';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { ImageField } from '../../components/form/ImageField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { CopyRow } from './CopyRow.tsx';
import { depositSchema, quickAmounts, safePayUrl } from './deposit-form.ts';
import '../../i18n/areas/deposit.ts';
import { methodName } from './method-name.ts';

/**
 * One deposit method's form. Online payment: open the order, then the browser goes to the gateway's page (same
 * tab) and comes back. Bank transfer: the receiving account to copy, the amount and the receipt; an operator
 * reviews it.
 */
export function DepositForm({
  method,
  currency,
  exponent,
}: {
  method: DepositMethod;
  currency: string;
  exponent: number;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const order = useCreateDepositOrder();
  const manual = useManualDeposit();
  const requestId = useRequestId();
  const [leaving, setLeaving] = useState(false);
  const form = useZodForm(depositSchema(method, exponent), { amount: '', receipt: null });
  const limits = { min: method.minAmount, max: method.maxAmount, exponent };
  const bank = method.kind === 'bank_transfer';

  async function submit({ amount, receipt }: { amount: string; receipt: File | null }) {
    const content = JSON.stringify({ m: method.code, a: amount, f: receipt && [receipt.name, receipt.size] });
    const body = { methodCode: method.code, amount };
    if (receipt) {
      await requestId.run(content, (id) => manual.mutateAsync({ ...body, requestId: id, receipt }));
      form.reset();
      return t('deposit.submitted');
    }
    const url = safePayUrl(
      (await requestId.run(content, (id) => order.mutateAsync({ ...body, requestId: id }))).payUrl,
    );
    if (!url) throw new Error('unsafe pay URL');
    setLeaving(true);
    window.location.assign(url);
  }

  return (
    <Form form={form} className="form" onSubmit={submit} aria-label={methodName(t, method.code, method.name)}>
      {bank && method.bank && (
        <section className="deposit-bank" aria-labelledby={headingId}>
          <h3 id={headingId}>{t('deposit.receivingAccount')}</h3>
          <dl>
            <CopyRow label={t('deposit.bankName')} value={method.bank.bankName} />
            <CopyRow label={t('deposit.accountNumber')} value={method.bank.accountNumber} />
            <CopyRow label={t('deposit.accountName')} value={method.bank.accountName} />
          </dl>
          <p className="field__hint">{t('deposit.transferSteps')}</p>
        </section>
      )}
      <AmountField
        label={t('deposit.amount', { currency })}
        placeholder={t('deposit.amountPlaceholder')}
        hint={t('deposit.limits', {
          min: formatMoney(limits.min, exponent),
          max: formatMoney(limits.max, exponent),
        })}
        quick={quickAmounts(limits)}
      />
      {bank && <ImageField name="receipt" label={t('deposit.receipt')} previewAlt={t('deposit.receiptPreview')} />}
      <FormFooter
        label={t(bank ? 'deposit.submitTransfer' : 'deposit.payNow')}
        busyLabel={t(bank ? 'deposit.submitting' : 'deposit.redirecting')}
        busy={leaving}
      />
    </Form>
  );
}
