import { type DepositList, formatMoney } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import '../../i18n/areas/deposit.ts';

/** The outcome of the deposit the member just came back from (?deposit=<id>), while the list is polled. */
export function DepositResult({
  depositId,
  data,
  timedOut,
  onClose,
}: {
  depositId: string;
  data: DepositList | undefined;
  timedOut: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const d = data?.list.find((x) => x.id === depositId);
  const waiting = !data || d?.status === 'pending';
  let text: string;
  if (!data) text = t('deposit.resultPending');
  else if (!d) text = t('deposit.resultUnknown');
  else if (d.status === 'pending') text = timedOut ? t('deposit.resultSlow') : t('deposit.resultPending');
  else if (d.status === 'success')
    text = t('deposit.resultSuccess', { amount: `${data.currency} ${formatMoney(d.amount, data.exponent)}` });
  else if (d.status === 'failed') text = t('deposit.resultFailed');
  else text = t('deposit.resultRejected');
  const tone =
    d?.status === 'success' ? 'success' : d?.status === 'failed' || d?.status === 'rejected' ? 'failed' : 'pending';
  return (
    <section className={`deposit-result deposit-result--${tone}`} aria-labelledby="deposit-result-title">
      <h2 id="deposit-result-title">{t('deposit.resultTitle')}</h2>
      <p role="status" aria-live="polite" className="deposit-result__text">
        {waiting && !timedOut && <span className="spinner" aria-hidden="true" />}
        <span>{text}</span>
      </p>
      {d?.reason && d.status !== 'success' && (
        <p className="field__hint">{t('deposit.reason', { reason: d.reason })}</p>
      )}
      {!waiting && (
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('common.close')}
        </button>
      )}
    </section>
  );
}
