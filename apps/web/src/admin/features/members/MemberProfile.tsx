import {
  type AdminMemberProfile,
  INCOME_SOURCES,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileValues,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { adminGet, adminPut, seg } from '../../api/client.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { Can } from '../../components/permissions.tsx';
import { formatDateTime } from '../../lib/format.ts';
import './member-profile-texts.ts';
import { OnDemand } from '../../components/OnDemand.tsx';

type Values = Record<ProfileField, string>;
const valuesOf = (v: ProfileValues): Values => Object.fromEntries(PROFILE_FIELDS.map((f) => [f, v[f] ?? ''])) as Values;

/**
 * The member's profile fields as staff see them (hidden and required ones marked), and an edit form for staff with
 * members.manage: every field, the real name too; the server checks each value and audits each change.
 */
export function MemberProfile({ account }: { account: string }) {
  const { t } = useTranslation();
  return <OnDemand summary={t('memberProfile.show')}>{() => <MemberProfileView account={account} />}</OnDemand>;
}

function MemberProfileView({ account }: { account: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const q = useQuery({
    queryKey: ['members', account, 'profile'],
    queryFn: () => adminGet<AdminMemberProfile>(`/admin/api/members/${seg(account)}/profile`),
  });
  if (q.isError) return <ErrorAlert error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data)
    return (
      <p className="bo-muted" role="status">
        {t('common.loading')}
      </p>
    );
  const p = q.data;
  const shown = (f: ProfileField) => {
    const v = p.values[f];
    if (v === null) return t('memberProfile.empty');
    return f === 'incomeSource' ? t(`memberProfile.incomeSources.${v}`, { defaultValue: v }) : v;
  };
  return (
    <div className="bo-member__profile-extra">
      {p.closedAt && <p role="status">{t('memberProfile.closedAt', { at: formatDateTime(p.closedAt) })}</p>}
      {p.anonymisedAt && <p role="status">{t('memberProfile.anonymisedAt', { at: formatDateTime(p.anonymisedAt) })}</p>}
      {editing ? (
        <ProfileEdit
          account={account}
          profile={p}
          onDone={(ok) => {
            setEditing(false);
            setSaved(ok);
          }}
        />
      ) : (
        <>
          <dl className="bo-detail bo-member__dl">
            {PROFILE_FIELDS.map((f) => (
              <div key={f} className="bo-member__row">
                <dt>
                  {t(`memberProfile.fields.${f}`)}
                  {p.settings.fields[f] !== 'optional' && (
                    <span className="bo-muted"> ({t(`memberProfile.${p.settings.fields[f]}`)})</span>
                  )}
                </dt>
                <dd>{shown(f)}</dd>
              </div>
            ))}
          </dl>
          <p className="bo-muted">{t('memberProfile.minAge', { minAge: p.settings.minAge })}</p>
          <div className="bo-form__actions bo-form__actions--start">
            <Can permission="members.manage">
              <button
                type="button"
                className="bo-btn"
                onClick={() => {
                  setSaved(false);
                  setEditing(true);
                }}
              >
                {t('memberProfile.edit')}
              </button>
            </Can>
            {saved && (
              <span className="bo-muted" role="status">
                {t('memberProfile.saved')}
              </span>
            )}
          </div>
        </>
      )}
    </div>
  );
}

function ProfileEdit(props: { account: string; profile: AdminMemberProfile; onDone(saved: boolean): void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Record<string, string | null>) =>
      adminPut<AdminMemberProfile>(`/admin/api/members/${seg(props.account)}/profile`, body),
    onSuccess: (p) => {
      qc.setQueryData(['members', props.account, 'profile'], p);
      void qc.invalidateQueries({ queryKey: ['members', props.account], exact: false });
    },
  });
  const initial = valuesOf(props.profile.values);
  const form = useForm<Values>({ defaultValues: initial });
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    // Only what changed is sent (and audited).
    const body = Object.fromEntries(
      PROFILE_FIELDS.filter((f) => v[f].trim() !== initial[f]).map((f) => [f, v[f].trim() === '' ? null : v[f]]),
    );
    if (Object.keys(body).length === 0) return props.onDone(false);
    try {
      await save.mutateAsync(body);
      props.onDone(true);
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, [...PROFILE_FIELDS]));
    }
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate className="bo-form" aria-label={t('memberProfile.edit')}>
      {PROFILE_FIELDS.map((f) =>
        f === 'incomeSource' ? (
          <div className="bo-field" key={f}>
            <label htmlFor="bo-income-source">{t('memberProfile.fields.incomeSource')}</label>
            {/* The form's default is the element's too (happy-dom reads an untouched select as edited). */}
            <select id="bo-income-source" defaultValue={initial.incomeSource} {...form.register(f)}>
              <option value="">{t('memberProfile.empty')}</option>
              {INCOME_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {t(`memberProfile.incomeSources.${s}`)}
                </option>
              ))}
            </select>
            {errors.incomeSource?.message && (
              <p className="bo-field__error" role="alert">
                {errors.incomeSource.message}
              </p>
            )}
          </div>
        ) : (
          <Field
            key={f}
            label={t(`memberProfile.fields.${f}`)}
            error={errors[f]}
            hint={f === 'realName' ? t('memberProfile.realNameHint') : undefined}
            {...form.register(f)}
          />
        ),
      )}
      <FormAlert message={alert} />
      <div className="bo-form__actions bo-form__actions--start">
        <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending}>
          {t('memberProfile.save')}
        </button>
        <button type="button" className="bo-btn" onClick={() => props.onDone(false)}>
          {t('memberProfile.cancel')}
        </button>
      </div>
    </form>
  );
}
