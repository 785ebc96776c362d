import { type AdminRgHelp, RG_HELP_MAX_CHARS } from '@sea/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRgHelp, useSaveRgHelp } from '../../api/settings.ts';
import { TextAreaField } from '../../components/form/Field.tsx';
import { SettingsFormFooter, SettingsSection, useSettingsForm } from '../../components/SettingsSection.tsx';

type Values = { texts: Record<string, string> };

/**
 * The responsible-gaming page's "Help and support" panel (issue 25): the operator's helplines and organisations,
 * plain text per site language (GET/PUT /admin/api/site-settings/rg-help). A language left empty shows the site's
 * own help text. Read with settings.view, saved (audited) with settings.manage.
 */
export function RgHelpSection() {
  const { t } = useTranslation();
  return (
    <SettingsSection id="rg-help" title={t('rgHelp.title')} help={t('rgHelp.help')} query={useRgHelp()}>
      {(current) => <HelpForm current={current} />}
    </SettingsSection>
  );
}

function HelpForm({ current }: { current: AdminRgHelp }) {
  const { t } = useTranslation();
  const save = useSaveRgHelp();
  const form = useForm<Values>({
    defaultValues: { texts: Object.fromEntries(current.languages.map((l) => [l, current.texts[l] ?? ''])) },
  });
  const { submit, readOnly, footer } = useSettingsForm(form, {
    permission: 'settings.manage',
    fields: current.languages.map((l) => `texts.${l}` as const),
    save: async ({ texts }) => {
      const long = current.languages.filter((l) => (texts[l] ?? '').trim().length > RG_HELP_MAX_CHARS);
      for (const l of long) form.setError(`texts.${l}`, { message: t('rgHelp.tooLong', { max: RG_HELP_MAX_CHARS }) });
      if (long.length) return false;
      return save.mutateAsync({
        texts: Object.fromEntries(current.languages.map((l) => [l, (texts[l] ?? '').trim()])),
      });
    },
  });
  return (
    <form onSubmit={submit} noValidate className="bo-form">
      {current.languages.map((l) => (
        <TextAreaField
          key={l}
          label={t('rgHelp.textIn', { language: t(`siteContent.languages.${l}`, { defaultValue: l.toUpperCase() }) })}
          hint={t('rgHelp.hint')}
          rows={4}
          readOnly={readOnly}
          {...form.register(`texts.${l}`)}
          error={form.formState.errors.texts?.[l]}
        />
      ))}
      <SettingsFormFooter {...footer} readOnly={readOnly} />
    </form>
  );
}
