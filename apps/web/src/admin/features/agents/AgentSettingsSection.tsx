import { zodResolver } from '@hookform/resolvers/zod';
import type { AgentSettings } from '@sea/contracts';
import { minorToMajor } from '@sea/contracts/money-format';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAgentSettings, useSaveAgentSettings } from '../../api/agents.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { useCan } from '../../components/permissions.tsx';

const schema = z.object({
  maxRebatePoint: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d)?$/, 'more.agentSettings.pointInvalid'),
  activeMinBet: z
    .string()
    .trim()
    .regex(/^\d{1,15}(\.\d{1,8})?$/, 'more.agentSettings.amountInvalid'),
});
type Values = z.infer<typeof schema>;

/**
 * The agent settings (GET/PUT /admin/api/agents/settings): the system's maximum rebate point and the valid bet that
 * makes a member active. Read with agents.view; saved (audited) with agents.manage.
 */
export function AgentSettingsSection() {
  const { t } = useTranslation();
  const settings = useAgentSettings();
  return (
    <section className="bo-card" aria-labelledby="agent-settings">
      <h2 id="agent-settings">{t('more.agentSettings.title')}</h2>
      {settings.isPending && <p role="status">{t('common.loading')}</p>}
      {settings.isError && <ErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && <SettingsForm current={settings.data} />}
    </section>
  );
}

function SettingsForm({ current }: { current: AgentSettings }) {
  const { t } = useTranslation();
  const can = useCan();
  const save = useSaveAgentSettings();
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      maxRebatePoint: current.maxRebatePoint,
      activeMinBet: minorToMajor(current.activeMinBet, current.exponent),
    },
  });
  const errors = form.formState.errors;
  const readOnly = !can('agents.manage');
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    setSaved(false);
    try {
      await save.mutateAsync(v);
      setSaved(true);
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['maxRebatePoint', 'activeMinBet']));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="bo-form">
      <div className="bo-form__row">
        <Field
          label={t('more.agentSettings.maxRebatePoint')}
          hint={t('more.agentSettings.maxRebatePointHelp')}
          inputMode="decimal"
          readOnly={readOnly}
          {...form.register('maxRebatePoint')}
          error={errors.maxRebatePoint}
        />
        <Field
          label={`${t('more.agentSettings.activeMinBet')} (${current.currency})`}
          hint={t('more.agentSettings.activeMinBetHelp')}
          inputMode="decimal"
          readOnly={readOnly}
          {...form.register('activeMinBet')}
          error={errors.activeMinBet}
        />
      </div>
      <FormAlert message={alert} />
      {saved && (
        <p role="status" className="bo-alert bo-alert--success">
          {t('common.saved')}
        </p>
      )}
      {!readOnly && (
        <div className="bo-form__actions bo-form__actions--start">
          <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending}>
            {t('common.save')}
          </button>
        </div>
      )}
    </form>
  );
}
