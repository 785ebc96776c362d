import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './ErrorAlert.tsx';
import { FormAlert } from './form/Field.tsx';
import { placeServerErrors } from './form/server-errors.ts';
import { useCan } from './permissions.tsx';

/**
 * One card of a merchant's settings read from one GET: its title and help, the loading and error states, then the
 * form for the settings it read (children). The KYC rule, the agent settings and the site limits share it.
 */
export function SettingsSection<D>(props: {
  id: string;
  title: string;
  help?: ReactNode;
  query: UseQueryResult<D>;
  className?: string;
  children: (data: D) => ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = props;
  return (
    <section className={props.className ?? 'bo-card bo-section'} aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.help && <p className="bo-hint">{props.help}</p>}
      {query.isPending && <p role="status">{t('common.loading')}</p>}
      {query.isError && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data !== undefined && props.children(query.data)}
    </section>
  );
}

/**
 * A settings form's save: read-only without `permission`; on submit the form's values go to `save` (which may return
 * false after putting its own field error: nothing saved); the server's field errors land on the fields named in
 * `fields`, the rest in the form's alert; "Saved" shows after a success.
 */
export function useSettingsForm<V extends FieldValues>(
  form: UseFormReturn<V>,
  opts: { permission: string; fields: readonly Path<V>[]; save: (values: V) => Promise<unknown> },
) {
  const can = useCan();
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    setSaved(false);
    setPending(true);
    try {
      if ((await opts.save(values)) !== false) setSaved(true);
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, opts.fields));
    } finally {
      setPending(false);
    }
  });
  return { submit, readOnly: !can(opts.permission), footer: { alert, saved, pending } };
}

/** The end of a settings form: its alert, "Saved", and the save button (absent when read-only). */
export function SettingsFormFooter(props: {
  alert: string | null;
  saved: boolean;
  pending: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormAlert message={props.alert} />
      {props.saved && (
        <p role="status" className="bo-alert bo-alert--success">
          {t('common.saved')}
        </p>
      )}
      {!props.readOnly && (
        <div className="bo-form__actions bo-form__actions--start">
          <button type="submit" className="bo-btn bo-btn--primary" disabled={props.pending}>
            {t('common.save')}
          </button>
        </div>
      )}
    </>
  );
}
