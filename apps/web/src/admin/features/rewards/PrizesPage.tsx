import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminPrizeTable } from '@sea/contracts';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { usePrizes, useSavePrizes } from '../../api/rewards.ts';
import { AppDialog, SaveFooter } from '../../components/AppDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { AdminApiError } from '../../api/client.ts';
import { errorText } from '../../components/error-text.ts';
import { payAsRequest, payAsServerError, payAsValue, type PayAsField } from '../../components/pay-as.ts';
import { PayAsFields, PayAsSummary } from '../../components/PayAsFields.tsx';
import { useCan } from '../../components/permissions.tsx';
import { formatAmount } from '../../lib/format.ts';
import { amountText, toMajor, toMinor } from './form-values.ts';
import './rewards.css';

type Board = AdminPrizeTable['list'][number];
const MAX_RANKS = 100;

/** The prize table of each leaderboard (daily / weekly × valid bet / best win), rank 1 first; edited one at a time. */
export function PrizesPage() {
  const { t } = useTranslation();
  const manage = useCan()('rewards.manage');
  const prizes = usePrizes();
  const [editing, setEditing] = useState<Board | null>(null);
  const exponent = prizes.data?.exponent ?? 2;
  const currency = prizes.data?.currency ?? '';
  const boardName = (b: Board) =>
    t('rewards.prizes.board', {
      period: t(`rewards.prizes.periods.${b.period}`),
      metric: t(`rewards.prizes.metrics.${b.metric}`),
    });

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('rewards.prizes.title')}</h1>
      </div>
      <p className="bo-hint">{t('rewards.prizes.intro')}</p>
      {prizes.isError && <ErrorAlert error={prizes.error} onRetry={() => void prizes.refetch()} />}
      {prizes.isPending && <p role="status">{t('common.loading')}</p>}
      <div className="bo-reward-boards">
        {prizes.data?.list.map((b) => {
          const name = boardName(b);
          return (
            <section key={`${b.period}:${b.metric}`} className="bo-card bo-reward-board" aria-label={name}>
              <div className="bo-page__head">
                <h2>{name}</h2>
                {manage && (
                  <button
                    type="button"
                    className="bo-btn bo-btn--small"
                    aria-label={t('rewards.prizes.editNamed', { board: name })}
                    onClick={() => setEditing(b)}
                  >
                    {t('rewards.prizes.edit')}
                  </button>
                )}
              </div>
              {b.amounts.length === 0 ? (
                <p className="bo-hint">{t('rewards.prizes.none')}</p>
              ) : (
                <>
                  <p className="bo-hint">
                    {t('payAs.column')}: <PayAsSummary value={b} money={(m) => formatAmount(m, exponent, currency)} />
                  </p>
                  <div className="bo-table__scroll">
                    <table className="bo-reward-board__table">
                      <thead>
                        <tr>
                          <th scope="col">{t('rewards.prizes.rank')}</th>
                          <th scope="col" className="num">
                            {t('rewards.prizes.amount')}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {b.amounts.map((a, i) => (
                          <tr key={i}>
                            <td>{i + 1}</td>
                            <td className="num">{formatAmount(a, exponent, currency)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </>
              )}
            </section>
          );
        })}
      </div>
      {editing && (
        <PrizeTableDialog
          board={editing}
          name={boardName(editing)}
          currency={currency}
          exponent={exponent}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

const schema = z.object({
  amounts: z.array(z.object({ value: amountText })).max(MAX_RANKS, 'rewards.prizes.maxRanks'),
});
type Values = z.infer<typeof schema>;

function PrizeTableDialog(props: {
  board: Board;
  name: string;
  currency: string;
  exponent: number;
  onClose: () => void;
}) {
  const { board, exponent } = props;
  const { t } = useTranslation();
  const save = useSavePrizes();
  const [alert, setAlert] = useState<string | null>(null);
  const [pay, setPay] = useState(() => payAsValue(board, exponent));
  const [payError, setPayError] = useState<{ field: PayAsField; message: string } | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { amounts: board.amounts.map((a) => ({ value: toMajor(a, exponent) })) },
  });
  const rows = useFieldArray({ control: form.control, name: 'amounts' });
  const errors = form.formState.errors.amounts;

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    const amounts: string[] = [];
    for (const [i, a] of v.amounts.entries()) {
      const minor = toMinor(a.value, exponent);
      const problem = minor === null ? 'rewards.decimals' : minor === '0' ? 'rewards.aboveZero' : null;
      if (problem) return form.setError(`amounts.${i}.value`, { message: problem }, { shouldFocus: true });
      amounts.push(minor!);
    }
    const payment = payAsRequest(pay, exponent);
    setPayError(payment.ok ? null : payment);
    if (!payment.ok) return;
    try {
      await save.mutateAsync({
        period: board.period,
        metric: board.metric,
        amounts,
        payAs: payment.payAs,
        bonusTerms: payment.bonusTerms,
      });
      props.onClose();
    } catch (err) {
      const termError = payAsServerError(err instanceof AdminApiError ? err.fields : []);
      setPayError(termError);
      // The server names a rank's amount `amounts.<i>`: put it on that field.
      const placed =
        err instanceof AdminApiError &&
        err.fields.some((f) => {
          const m = /^amounts\.(\d+)$/.exec(f.field);
          if (m) form.setError(`amounts.${Number(m[1])}.value`, { type: 'server', message: f.message });
          return Boolean(m);
        });
      setAlert(placed || termError ? null : errorText(err));
    }
  });

  return (
    <AppDialog
      open
      onClose={props.onClose}
      title={t('rewards.prizes.editTitle', { board: props.name })}
      footer={<SaveFooter formId="prize-form" onCancel={props.onClose} saving={save.isPending} />}
    >
      <form id="prize-form" className="bo-form" onSubmit={onSubmit} noValidate>
        {rows.fields.length === 0 && <p className="bo-hint">{t('rewards.prizes.none')}</p>}
        {rows.fields.map((f, i) => (
          <div key={f.id} className="bo-reward-row">
            <Field
              label={t('rewards.prizes.prizeOf', { rank: i + 1, currency: props.currency })}
              inputMode="decimal"
              {...form.register(`amounts.${i}.value`)}
              error={errors?.[i]?.value}
            />
            {i === rows.fields.length - 1 && (
              <button
                type="button"
                className="bo-btn bo-btn--small bo-btn--danger-ghost"
                onClick={() => rows.remove(i)}
              >
                {t('rewards.prizes.removeRank', { rank: i + 1 })}
              </button>
            )}
          </div>
        ))}
        <div className="bo-form__actions bo-form__actions--start">
          <button
            type="button"
            className="bo-btn bo-btn--small"
            disabled={rows.fields.length >= MAX_RANKS}
            onClick={() => rows.append({ value: '' }, { shouldFocus: true })}
          >
            {t('rewards.prizes.addRank')}
          </button>
        </div>
        <PayAsFields value={pay} onChange={setPay} currency={props.currency} error={payError} />
        <FormAlert message={alert} />
      </form>
    </AppDialog>
  );
}
