import { formatMoney, type Withdrawal, type WithdrawalStatus } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelWithdrawal, useWithdrawals } from '../../api/withdraw.ts';
import { DateTime, useDateTime } from '../../components/DateTime.tsx';
import { errorText } from '../../components/error-text.ts';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { StatusBadge, type StatusTone } from '../../components/StatusBadge.tsx';
import '../../i18n/areas/withdraw.ts';

const TONE: Record<WithdrawalStatus, StatusTone> = {
  requested: 'waiting',
  approved: 'waiting',
  disbursed: 'paid',
  confirmed: 'done',
  auto_confirmed: 'done',
  resolved: 'done',
  rejected: 'failed',
  disputed: 'failed',
  cancelled: 'void',
};
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
      <QueryState query={query} isEmpty={(d) => d.items.length === 0} empty={t('withdraw.list.empty')}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
          return (
            <>
              <ul className="records" aria-label={t('withdraw.list.title')}>
                {data.items.map((w) => (
                  <WithdrawalItem key={w.id} w={w} />
                ))}
              </ul>
              {pages > 1 && <Pager page={page} pages={pages} onPage={setPage} label={t('withdraw.list.title')} />}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function WithdrawalItem({ w }: { w: Withdrawal }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const cancel = useCancelWithdrawal();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const money = (minor: string) => `${w.currency} ${formatMoney(minor, w.exponent)}`;
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
    <li className="record" aria-label={`${money(w.amount)} ${status}`}>
      <div className="record__main">
        <span className="record__amount">{money(w.amount)}</span>
        <StatusBadge tone={TONE[w.status]}>{status}</StatusBadge>
      </div>
      <div className="record__meta">
        <span>{t('withdraw.list.to', { bank: w.bankName, number: w.accountNumberMasked })}</span>
        <span className="record__ref">{t('withdraw.list.reference', { reference: w.reference })}</span>
        <DateTime value={w.createdAt} />
      </div>
      {w.rejectReason && <p className="record__note">{t('withdraw.list.reason', { reason: w.rejectReason })}</p>}
      {w.receivedAmount && (
        <p className="record__note">{t('withdraw.list.receivedAmount', { amount: money(w.receivedAmount) })}</p>
      )}
      {w.refundAmount && w.refundAmount !== '0' && (
        <p className="record__note">{t('withdraw.list.refund', { amount: money(w.refundAmount) })}</p>
      )}
      {w.canConfirmReceipt && w.receiptDueAt && (
        <>
          <p className="record__note">{t('withdraw.list.due', { time: when(w.receiptDueAt) })}</p>
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
        <p className={message.error ? 'form__error' : 'form__done'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </li>
  );
}
