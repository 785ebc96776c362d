import { zodResolver } from '@hookform/resolvers/zod';
import type { SiteSettings } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSetRegistrationRule } from '../../api/settings.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Field, FormAlert, SelectField } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { useCan } from '../../components/permissions.tsx';

type Rule = SiteSettings['registration'][number];
type Shown = 'hidden' | 'optional' | 'required';
const shownOf = (r: Rule['rule']): Shown => (!r.enabled ? 'hidden' : r.required ? 'required' : 'optional');
const tone = { hidden: 'neutral', optional: 'info', required: 'good' } as const;

/** The registration form's fields: hidden, optional or required, and their lengths. */
export function RegistrationSection({ fields }: { fields: Rule[] }) {
  const { t } = useTranslation();
  const manage = useCan()('settings.manage');
  const [editing, setEditing] = useState<Rule | null>(null);
  return (
    <section className="bo-card bo-section" aria-labelledby="site-registration">
      <h2 id="site-registration">{t('site.registrationTitle')}</h2>
      <p className="bo-hint">{t('site.registrationHelp')}</p>
      <div className="bo-table">
        <div className="bo-table__scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('site.field')}</th>
                <th scope="col">{t('site.shown')}</th>
                <th scope="col" className="num">
                  {t('site.lengths')}
                </th>
                <th scope="col">
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((f) => {
                const shown = shownOf(f.rule);
                return (
                  <tr key={f.field}>
                    <td>
                      {t(`site.fields.${f.field}`, { defaultValue: f.field })} <code>{f.field}</code>
                    </td>
                    <td>
                      <Badge tone={tone[shown]}>{t(`site.shownAs.${shown}`)}</Badge>
                    </td>
                    <td className="num">
                      {f.rule.minLength}–{f.rule.maxLength}
                    </td>
                    <td>
                      {manage && (
                        <button
                          type="button"
                          className="bo-btn bo-btn--small"
                          aria-label={t('site.editField', { field: f.field })}
                          onClick={() => setEditing(f)}
                        >
                          {t('common.edit')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
      {editing && <FieldRuleDialog rule={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

const length = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, 'site.lengthInvalid');
const schema = z
  .object({ shown: z.enum(['hidden', 'optional', 'required']), minLength: length, maxLength: length })
  .refine((v) => Number(v.maxLength) >= 1 && Number(v.maxLength) <= 255 && Number(v.minLength) <= 255, {
    message: 'site.lengthInvalid',
    path: ['maxLength'],
  })
  .refine((v) => Number(v.minLength) <= Number(v.maxLength), { message: 'site.minAboveMax', path: ['minLength'] });
type Values = z.infer<typeof schema>;

function FieldRuleDialog({ rule, onClose }: { rule: Rule; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSetRegistrationRule();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      shown: shownOf(rule.rule),
      minLength: String(rule.rule.minLength),
      maxLength: String(rule.rule.maxLength),
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await save.mutateAsync({
        field: rule.field,
        rule: {
          ...rule.rule,
          enabled: v.shown !== 'hidden',
          required: v.shown === 'required',
          minLength: Number(v.minLength),
          maxLength: Number(v.maxLength),
        },
      });
      onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['minLength', 'maxLength']));
    }
  });
  const name = t(`site.fields.${rule.field}`, { defaultValue: rule.field });
  return (
    <AppDialog open onClose={onClose} title={t('site.editField', { field: name })}>
      <form onSubmit={submit} noValidate className="bo-form">
        <p className="bo-hint">{t('site.fieldHelp')}</p>
        <SelectField
          label={t('site.shown')}
          {...form.register('shown')}
          options={(['hidden', 'optional', 'required'] as const).map((v) => ({
            value: v,
            label: t(`site.shownAs.${v}`),
          }))}
        />
        <Field
          label={t('site.minLength')}
          inputMode="numeric"
          {...form.register('minLength')}
          error={errors.minLength}
        />
        <Field
          label={t('site.maxLength')}
          inputMode="numeric"
          {...form.register('maxLength')}
          error={errors.maxLength}
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
