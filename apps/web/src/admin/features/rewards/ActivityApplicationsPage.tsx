import { type AdminActivityApplication, activityApplicationStatus } from '@sea/contracts';
import { minorToMajor } from '@sea/contracts/money-format';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchApplications, useApplicationImage, useApplications, useReviewApplication } from '../../api/activities.ts';
import { allPages } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Badge, type Tone } from '../../components/Badge.tsx';
import { FormAlert } from '../../components/form/Field.tsx';
import { useCan } from '../../components/permissions.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SelectFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { toMinor } from './form-values.ts';
import { PersonalText } from '../../components/Removed.tsx';

const col = createColumnHelper<AdminActivityApplication>();
const tone: Record<AdminActivityApplication['status'], Tone> = { applying: 'warn', issued: 'good', rejected: 'bad' };

/**
 * Activity applications (issue 23): members' applications to promotions of type "application" — comment and up
 * to 3 images (opened through the authenticated admin route) — newest first, filtered by state; staff approve one
 * with a reward (cash to the member's balance, paid once) or reject it with a reason the member sees.
 */
export function ActivityApplicationsPage() {
  const { t } = useTranslation();
  const decide = useCan()('members.manage');
  const state = useTableUrlState(['status'] as const);
  const filters = { status: state.filters.status };
  const list = useApplications({ ...filters, pageNo: state.pageNo, pageSize: state.pageSize });
  const [open, setOpen] = useState<AdminActivityApplication | null>(null);
  const exponent = list.data?.exponent ?? 2;
  const currency = list.data?.currency;

  const columns = useMemo<Columns<AdminActivityApplication>>(
    () => [
      col.accessor('account', { meta: { label: t('activityApps.member') } }),
      col.accessor('promotionTitle', { meta: { label: t('activityApps.promotion') } }),
      col.accessor('status', {
        meta: { label: t('activityApps.status') },
        cell: (c) => (
          <Badge tone={tone[c.row.original.status]}>{t(`activityApps.statuses.${c.row.original.status}`)}</Badge>
        ),
      }),
      col.accessor('comment', {
        meta: { label: t('activityApps.comment') },
        cell: (c) => <PersonalText value={c.getValue()} />,
      }),
      col.accessor('imageCount', { meta: { label: t('activityApps.images'), numeric: true } }),
      col.accessor((a) => (a.flagReason ? t('activityApps.flagged') : ''), {
        id: 'flag',
        meta: { label: t('activityApps.flag') },
      }),
      col.accessor('reward', {
        meta: {
          label: t('activityApps.reward'),
          numeric: true,
          csv: (r) => (r.reward ? minorToMajor(r.reward, exponent) : ''),
        },
        cell: (c) => (c.getValue() ? formatAmount(c.getValue()!, exponent, currency) : ''),
      }),
      col.accessor('createdAt', {
        meta: { label: t('activityApps.createdAt') },
        cell: (c) => <span className="bo-nowrap">{formatDateTime(c.getValue())}</span>,
      }),
      col.accessor('reviewedBy', { meta: { label: t('activityApps.reviewedBy') }, cell: (c) => c.getValue() ?? '' }),
      col.accessor('reason', { meta: { label: t('activityApps.reason') }, cell: (c) => c.getValue() ?? '' }),
      col.display({
        id: 'actions',
        meta: { label: t('common.actions'), fixed: true },
        cell: ({ row: { original: a } }) => (
          <button type="button" className="bo-btn bo-btn--small" onClick={() => setOpen(a)}>
            {a.status === 'applying' && decide ? t('activityApps.review') : t('activityApps.open')}
          </button>
        ),
      }),
    ],
    [t, decide, exponent, currency],
  );

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('activityApps.title')}</h1>
      </div>
      <p className="bo-hint">{t('activityApps.intro')}</p>
      <DataTable
        id="activity-applications"
        label={t('activityApps.title')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.id}
        defaultHidden={['reviewedBy', 'reason']}
        emptyText={t('activityApps.empty')}
        exportRows={() => allPages((pageNo, pageSize) => fetchApplications({ ...filters, pageNo, pageSize }))}
        toolbar={
          <SelectFilter
            label={t('activityApps.status')}
            allLabel={t('common.all')}
            value={state.filters.status}
            onChange={(s) => state.setFilters({ status: s })}
            options={activityApplicationStatus.options.map((s) => ({
              value: s,
              label: t(`activityApps.statuses.${s}`),
            }))}
          />
        }
      />
      {open && (
        <ReviewDialog
          application={open}
          exponent={exponent}
          currency={currency}
          decide={decide && open.status === 'applying'}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

function ApplicationImage({ id, n }: { id: string; n: number }) {
  const { t } = useTranslation();
  const image = useApplicationImage(id, n);
  if (image.isError) return <FormAlert message={(image.error as Error).message} />;
  if (!image.data) return <p role="status">{t('common.loading')}</p>;
  return (
    <a href={image.data} target="_blank" rel="noreferrer" className="bo-app-image">
      <img src={image.data} alt={t('activityApps.image', { n: n + 1 })} />
    </a>
  );
}

function ReviewDialog(props: {
  application: AdminActivityApplication;
  exponent: number;
  currency: string | undefined;
  decide: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const a = props.application;
  const review = useReviewApplication();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const run = async (decision: 'approve' | 'reject') => {
    setAlert(null);
    let minor: string | undefined;
    if (decision === 'approve') {
      minor = toMinor(amount.trim(), props.exponent) ?? undefined;
      if (!minor || !/^\d+$/.test(minor) || BigInt(minor) <= 0n) return setAlert(t('activityApps.amountInvalid'));
    } else if (!reason.trim()) return setAlert(t('activityApps.reasonRequired'));
    try {
      await review.mutateAsync({ id: a.id, decision, amount: minor, reason: reason.trim() });
      props.onClose();
    } catch (err) {
      setAlert((err as Error).message);
    }
  };
  return (
    <AppDialog open onClose={props.onClose} title={t('activityApps.reviewTitle', { member: a.account })} wide>
      <div className="bo-form">
        <dl className="bo-app-facts">
          <dt>{t('activityApps.promotion')}</dt>
          <dd>{a.promotionTitle}</dd>
          <dt>{t('activityApps.status')}</dt>
          <dd>
            <Badge tone={tone[a.status]}>{t(`activityApps.statuses.${a.status}`)}</Badge>
          </dd>
          <dt>{t('activityApps.comment')}</dt>
          <dd className="bo-app-comment">
            <PersonalText value={a.comment} />
          </dd>
          {a.flagReason && (
            <>
              <dt>{t('activityApps.flag')}</dt>
              <dd>{t('activityApps.flagText')}</dd>
            </>
          )}
          {a.reward && (
            <>
              <dt>{t('activityApps.reward')}</dt>
              <dd>{formatAmount(a.reward, props.exponent, props.currency)}</dd>
            </>
          )}
          {a.reason && (
            <>
              <dt>{t('activityApps.reason')}</dt>
              <dd>{a.reason}</dd>
            </>
          )}
        </dl>
        {a.imageCount > 0 ? (
          <div className="bo-app-images">
            {Array.from({ length: a.imageCount }, (_, n) => (
              <ApplicationImage key={n} id={a.id} n={n} />
            ))}
          </div>
        ) : (
          <p className="bo-hint">{t('activityApps.noImages')}</p>
        )}
        {props.decide && (
          <>
            <div className="bo-field">
              <label htmlFor="app-amount">{t('activityApps.amount', { currency: props.currency ?? '' })}</label>
              <input id="app-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
            </div>
            <div className="bo-field">
              <label htmlFor="app-reason">{t('activityApps.reasonLabel')}</label>
              <textarea id="app-reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
          </>
        )}
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={props.onClose}>
            {t('common.close')}
          </button>
          {props.decide && (
            <>
              <button
                type="button"
                className="bo-btn bo-btn--danger"
                disabled={review.isPending}
                onClick={() => void run('reject')}
              >
                {t('activityApps.reject')}
              </button>
              <button
                type="button"
                className="bo-btn bo-btn--primary"
                disabled={review.isPending}
                onClick={() => void run('approve')}
              >
                {t('activityApps.approve')}
              </button>
            </>
          )}
        </div>
      </div>
    </AppDialog>
  );
}
