import { formatMoney, type Withdrawal } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelWithdrawal, useWithdrawals } from '../../api/withdraw.ts';
import { errorText } from '../../components/error-text.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { ReceiptActions } from './ReceiptActions.tsx';

const PAGE_SIZE = 10;

/** The member's withdrawals, newest first, with status badges, cancel (where allowed) and receipt confirmation. */
export function WithdrawalList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useWithdrawals(page);
  return (
    <section className="withdraw-card" aria-labelledby="wd-list-title">
      <h2 id="wd-list-title">{t('withdraw.list.title')}</h2>
      <QueryState query={query}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
          if (data.items.length === 0) return <p className="field__hint">{t('withdraw.list.empty')}</p>;
          return (
            <>
              <ul className="withdraw-list" aria-label={t('withdraw.list.title')}>
                {data.items.map((w) => (
                  <WithdrawalItem key={w.id} w={w} />
                ))}
              </ul>
              {pages > 1 && (
                <nav className="withdraw-pager" aria-label={t('withdraw.list.title')}>
                  <button
                    type="button"
                    className="btn btn--ghost withdraw-small-btn"
                    disabled={page <= 1}
                    onClick={() => setPage((p) => p - 1)}
                  >
                    {t('withdraw.list.prev')}
                  </button>
                  <span>{t('withdraw.list.page', { page, pages })}</span>
                  <button
                    type="button"
                    className="btn btn--ghost withdraw-small-btn"
                    disabled={page >= pages}
                    onClick={() => setPage((p) => p + 1)}
                  >
                    {t('withdraw.list.next')}
                  </button>
                </nav>
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function WithdrawalItem({ w }: { w: Withdrawal }) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelWithdrawal();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const money = (minor: string) => `${w.currency} ${formatMoney(minor, w.exponent)}`;
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const status = t(`withdraw.status.${w.status}`);

  async function onCancel() {
    setMessage(null);
    try {
      await cancel.mutateAsync(w.id);
      setMessage({ text: t('withdraw.list.cancelled'), error: false });
    } catch (err) {
      setMessage({ text: errorText(t, err), error: true });
    }
  }

  return (
    <li className="withdraw-item" aria-label={`${money(w.amount)} ${status}`}>
      <div className="withdraw-item__main">
        <span className="withdraw-item__amount">{money(w.amount)}</span>
        <span className={`withdraw-badge withdraw-badge--${w.status}`}>{status}</span>
      </div>
      <div className="withdraw-item__meta">
        <span>{t('withdraw.list.to', { bank: w.bankName, number: w.accountNumberMasked })}</span>
        <time dateTime={w.createdAt}>{when(w.createdAt)}</time>
      </div>
      {w.rejectReason && <p className="withdraw-item__note">{t('withdraw.list.reason', { reason: w.rejectReason })}</p>}
      {w.receivedAmount && (
        <p className="withdraw-item__note">{t('withdraw.list.receivedAmount', { amount: money(w.receivedAmount) })}</p>
      )}
      {w.refundAmount && w.refundAmount !== '0' && (
        <p className="withdraw-item__note">{t('withdraw.list.refund', { amount: money(w.refundAmount) })}</p>
      )}
      {w.canConfirmReceipt && w.receiptDueAt && (
        <>
          <p className="withdraw-item__note">{t('withdraw.list.due', { time: when(w.receiptDueAt) })}</p>
          <ReceiptActions w={w} onDone={(text) => setMessage({ text, error: false })} />
        </>
      )}
      {w.canCancel && (
        <button
          type="button"
          className="btn btn--ghost withdraw-small-btn"
          disabled={cancel.isPending}
          onClick={() => void onCancel()}
        >
          {t('withdraw.list.cancel')}
        </button>
      )}
      {message && (
        <p className={message.error ? 'form__error' : 'withdraw-notice'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </li>
  );
}
