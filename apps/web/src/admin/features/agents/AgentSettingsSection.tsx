import { zodResolver } from '@hookform/resolvers/zod';
import type { AgentSettings } from '@sea/contracts';
import { minorToMajor } from '@sea/contracts/money-format';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAgentSettings, useSaveAgentSettings } from '../../api/agents.ts';
import { Field } from '../../components/form/Field.tsx';
import { SettingsFormFooter, SettingsSection, useSettingsForm } from '../../components/SettingsSection.tsx';

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
  return (
    <SettingsSection
      id="agent-settings"
      className="bo-card"
      title={t('more.agentSettings.title')}
      query={useAgentSettings()}
    >
      {(current) => <SettingsForm current={current} />}
    </SettingsSection>
  );
}

function SettingsForm({ current }: { current: AgentSettings }) {
  const { t } = useTranslation();
  const save = useSaveAgentSettings();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      maxRebatePoint: current.maxRebatePoint,
      activeMinBet: minorToMajor(current.activeMinBet, current.exponent),
    },
  });
  const errors = form.formState.errors;
  const { submit, readOnly, footer } = useSettingsForm(form, {
    permission: 'agents.manage',
    fields: ['maxRebatePoint', 'activeMinBet'],
    save: (v) => save.mutateAsync(v),
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
      <SettingsFormFooter {...footer} readOnly={readOnly} />
    </form>
  );
}
