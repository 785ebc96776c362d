import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useRebateRates, useSetRebateRate } from '../../api/agents.ts';
import { AgentSettingsSection } from './AgentSettingsSection.tsx';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { Can } from '../../components/permissions.tsx';
import '../../styles/agents-content.css';

const percent = (bp: number) => (bp / 100).toFixed(2).replace(/\.?0+$/, '');

/** The merchant's daily category rebate rates (percent of valid bets; the spec's defaults until changed), then the agent settings. */
export function RebateRatesPage() {
  const { t } = useTranslation();
  const rates = useRebateRates();
  const [editing, setEditing] = useState<{ category: string; rateBp: number } | null>(null);
  return (
    <div className="bo-page bo-page--narrow">
      <div className="bo-page__head">
        <h1>{t('agents.ratesTitle')}</h1>
      </div>
      <p className="bo-hint">{t('agents.ratesHelp')}</p>
      {rates.isPending && <p>{t('common.loading')}</p>}
      {rates.isError && <ErrorAlert error={rates.error} onRetry={() => void rates.refetch()} />}
      {rates.data && (
        <section className="bo-table" aria-label={t('agents.ratesTitle')}>
          <div className="bo-table__scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('agents.category')}</th>
                  <th scope="col" className="num">
                    {t('agents.ratePercent')}
                  </th>
                  <th scope="col">
                    <span className="sr-only">{t('common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rates.data.list.map((r) => (
                  <tr key={r.category}>
                    <td>
                      {t(`agents.categories.${r.category}`, { defaultValue: r.category })} <code>{r.category}</code>
                    </td>
                    <td className="num">
                      {percent(r.rateBp)} % {r.isDefault && <Badge tone="neutral">{t('agents.default')}</Badge>}
                    </td>
                    <td>
                      <Can permission="agents.manage">
                        <button
                          type="button"
                          className="bo-btn bo-btn--small"
                          aria-label={t('agents.editRate', { category: r.category })}
                          onClick={() => setEditing(r)}
                        >
                          {t('common.edit')}
                        </button>
                      </Can>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <AgentSettingsSection />
      {editing && <RateDialog current={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

const schema = z.object({
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'agents.rateInvalid')
    .refine((v) => Number(v) <= 100, 'agents.rateInvalid'),
});

function RateDialog({ current, onClose }: { current: { category: string; rateBp: number }; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSetRebateRate();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<{ rate: string }>({
    resolver: zodResolver(schema),
    defaultValues: { rate: percent(current.rateBp) },
  });
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await save.mutateAsync({ category: current.category, rate: v.rate });
      onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['rate']));
    }
  });
  return (
    <AppDialog open onClose={onClose} title={t('agents.editRate', { category: current.category })}>
      <form onSubmit={submit} noValidate className="bo-form">
        <p className="bo-hint">{t('agents.rateHelp')}</p>
        <Field
          label={t('agents.ratePercent')}
          inputMode="decimal"
          {...form.register('rate')}
          error={form.formState.errors.rate}
        />
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
