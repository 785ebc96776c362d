import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminWithdrawal } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  useWithdrawal,
  useWithdrawalAction,
  useWithdrawalPayoutProof,
  useWithdrawalProof,
} from '../../api/payments.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Badge } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { useCan } from '../../components/permissions.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { statusTone } from '../../components/status-tone.ts';
import { DisburseDialog } from './DisburseDialog.tsx';

type Step = 'approve' | 'disburse' | 'reject' | null;

/** One withdrawal: every detail, the member's proof when disputed, and the actions its status allows. */
export function WithdrawalDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const one = useWithdrawal(id);
  const action = useWithdrawalAction();
  const [step, setStep] = useState<Step>(null);
  const w = one.data;
  const money = (minor: string | null) => (w && minor !== null ? formatAmount(minor, w.exponent, w.currency) : '—');
  const decide = can('withdrawals.decide');

  return (
    <AppDialog
      open
      onClose={onClose}
      side
      title={w ? t('withdrawals.drawerTitle', { reference: w.reference }) : t('withdrawals.details')}
    >
      {one.isPending && <p role="status">{t('common.loading')}</p>}
      {one.isError && <ErrorAlert error={one.error} onRetry={() => void one.refetch()} />}
      {w && (
        <>
          <dl className="bo-detail">
            <dt>{t('payments.status')}</dt>
            <dd>
              <Badge tone={statusTone(w.status)}>{t(`withdrawals.statuses.${w.status}`)}</Badge>
            </dd>
            <dt>{t('payments.member')}</dt>
            <dd>{w.memberAccount}</dd>
            <dt>{t('payments.amount')}</dt>
            <dd className="bo-detail__amount">{money(w.amount)}</dd>
            <dt>{t('withdrawals.bank')}</dt>
            <dd>{w.bankName}</dd>
            <dt>{t('withdrawals.accountNumber')}</dt>
            <dd>
              <code>{w.accountNumber}</code>
            </dd>
            <dt>{t('withdrawals.accountName')}</dt>
            <dd>{w.accountName}</dd>
            <dt>{t('payments.time')}</dt>
            <dd>{formatDateTime(w.createdAt)}</dd>
            <dt>{t('withdrawals.updated')}</dt>
            <dd>{formatDateTime(w.updatedAt)}</dd>
            {w.receiptDueAt && (
              <>
                <dt>{t('withdrawals.receiptDue')}</dt>
                <dd>{formatDateTime(w.receiptDueAt)}</dd>
              </>
            )}
            {w.receiptResult && (
              <>
                <dt>{t('withdrawals.receiptResult')}</dt>
                <dd>{t(`withdrawals.receipt.${w.receiptResult}`)}</dd>
              </>
            )}
            {w.receivedAmount !== null && (
              <>
                <dt>{t('withdrawals.receivedAmount')}</dt>
                <dd>{money(w.receivedAmount)}</dd>
              </>
            )}
            {w.refundAmount !== null && (
              <>
                <dt>{t('withdrawals.refundAmount')}</dt>
                <dd>{money(w.refundAmount)}</dd>
              </>
            )}
            {w.rejectReason && (
              <>
                <dt>{t('payments.reason')}</dt>
                <dd>{w.rejectReason}</dd>
              </>
            )}
          </dl>
          {w.awaitingSecondApproval && (
            <p className="bo-alert bo-alert--info" role="status">
              {t('withdrawals.secondApprovalText')}
            </p>
          )}
          {w.hasPayoutProof && <PayoutProof id={w.id} reference={w.reference} />}
          {w.hasProof && <Proof id={w.id} reference={w.reference} />}
          {decide && (
            <div className="bo-drawer-actions">
              {w.status === 'requested' && (
                <button type="button" className="bo-btn bo-btn--primary" onClick={() => setStep('approve')}>
                  {t('payments.approve')}
                </button>
              )}
              {w.status === 'approved' && (
                <button type="button" className="bo-btn bo-btn--primary" onClick={() => setStep('disburse')}>
                  {t('withdrawals.disburse')}
                </button>
              )}
              {(w.status === 'requested' || w.status === 'approved') && (
                <button type="button" className="bo-btn bo-btn--danger-ghost" onClick={() => setStep('reject')}>
                  {t('payments.reject')}
                </button>
              )}
            </div>
          )}
          {decide && w.status === 'disputed' && <ResolveDispute withdrawal={w} />}
          <ConfirmDialog
            open={step === 'approve'}
            onClose={() => setStep(null)}
            title={t('withdrawals.approveTitle', { reference: w.reference })}
            text={t('withdrawals.approveText', { member: w.memberAccount, amount: money(w.amount) })}
            confirmLabel={t('payments.approve')}
            mutation={action}
            args={{ id: w.id, action: 'approve' }}
            onDone={() => void one.refetch()}
          />
          {step === 'disburse' && (
            <DisburseDialog
              withdrawal={w}
              amount={money(w.amount)}
              onClose={() => setStep(null)}
              onDone={() => void one.refetch()}
            />
          )}
          {step === 'reject' && (
            <ReasonDialog
              title={t('withdrawals.rejectTitle', { reference: w.reference })}
              summary={t('withdrawals.rejectText', { member: w.memberAccount, amount: money(w.amount) })}
              confirmLabel={t('payments.reject')}
              onSubmit={async (reason) => {
                await action.mutateAsync({
                  id: w.id,
                  action: 'reject',
                  reason,
                  from: w.status === 'approved' ? 'approved' : 'requested',
                });
                await one.refetch();
              }}
              onClose={() => setStep(null)}
            />
          )}
        </>
      )}
    </AppDialog>
  );
}

function Proof({ id, reference }: { id: string; reference: string }) {
  const { t } = useTranslation();
  const proof = useWithdrawalProof(id);
  return (
    <section className="bo-proof" aria-label={t('withdrawals.proof')}>
      <h2>{t('withdrawals.proof')}</h2>
      {proof.isPending && <p role="status">{t('common.loading')}</p>}
      {proof.isError && <ErrorAlert error={proof.error} onRetry={() => void proof.refetch()} />}
      {proof.data?.image && (
        <img className="bo-receipt" src={proof.data.image} alt={t('withdrawals.proofAlt', { reference })} />
      )}
    </section>
  );
}

/** The operator's proof of the payment, attached when disbursed. */
function PayoutProof({ id, reference }: { id: string; reference: string }) {
  const { t } = useTranslation();
  const proof = useWithdrawalPayoutProof(id);
  return (
    <section className="bo-proof" aria-label={t('withdrawals.payoutProof')}>
      <h2>{t('withdrawals.payoutProof')}</h2>
      {proof.isPending && <p role="status">{t('common.loading')}</p>}
      {proof.isError && <ErrorAlert error={proof.error} onRetry={() => void proof.refetch()} />}
      {proof.data?.image && (
        <a href={proof.data.image} target="_blank" rel="noreferrer" download={`${reference}-payout.jpg`}>
          <img className="bo-receipt" src={proof.data.image} alt={t('withdrawals.payoutProofAlt', { reference })} />
        </a>
      )}
    </section>
  );
}

const resolveSchema = z.object({
  refund: z
    .string()
    .trim()
    .regex(/^\d{1,13}(\.\d{1,8})?$/, 'settings.amountInvalid'),
  note: z.string().trim().max(500, 'payments.reasonTooLong'),
});

/** Close a dispute: the amount refunded to the member ("0" = none) and a note. */
function ResolveDispute({ withdrawal: w }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation();
  const action = useWithdrawalAction();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<{ refund: string; note: string }>({
    resolver: zodResolver(resolveSchema),
    defaultValues: { refund: '', note: '' },
  });
  const submit = form.handleSubmit(async ({ refund, note }) => {
    setAlert(null);
    try {
      await action.mutateAsync({ id: w.id, action: 'resolve-dispute', refund, ...(note && { note }) });
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['refund', 'note']));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="bo-form bo-card">
      <h2>{t('withdrawals.resolveTitle')}</h2>
      <p className="bo-hint">{t('withdrawals.resolveHelp')}</p>
      <Field
        label={`${t('withdrawals.refund')} (${w.currency})`}
        inputMode="decimal"
        {...form.register('refund')}
        error={form.formState.errors.refund}
      />
      <Field label={t('withdrawals.note')} {...form.register('note')} error={form.formState.errors.note} />
      <FormAlert message={alert} />
      <div className="bo-form__actions">
        <button type="submit" className="bo-btn bo-btn--primary" disabled={action.isPending}>
          {t('withdrawals.resolve')}
        </button>
      </div>
    </form>
  );
}
