import { zodResolver } from '@hookform/resolvers/zod';
import { type RoleInfo, roleCode, requiresTwoFactor } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCreateRole, useUpdateRole } from '../../api/staff.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { groupPermissions } from './permission-groups.ts';

const schema = z.object({
  code: z.string(),
  name: z.string().trim().min(1, 'roles.nameRequired').max(60, 'roles.nameTooLong'),
  permissions: z.array(z.string()).min(1, 'roles.permissionsRequired'),
});
const createSchema = schema.extend({ code: roleCode.catch('').pipe(z.string().min(1, 'roles.codeInvalid')) });
type Values = z.infer<typeof schema>;

/** Create or edit a custom role: code (new roles), name, and the permissions as checkboxes grouped by area. */
export function RoleEditorDialog(props: {
  role: RoleInfo | null;
  allPermissions: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateRole();
  const update = useUpdateRole();
  const [alert, setAlert] = useState<string | null>(null);
  const { role } = props;
  const form = useForm<Values>({
    resolver: zodResolver(role ? schema : createSchema),
    defaultValues: { code: role?.code ?? '', name: role?.name ?? '', permissions: role?.permissions ?? [] },
  });
  const chosen = form.watch('permissions');
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      if (role) await update.mutateAsync({ code: role.code, name: v.name, permissions: v.permissions });
      else await create.mutateAsync(v);
      props.onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['code', 'name', 'permissions']));
    }
  });

  return (
    <AppDialog
      open
      onClose={props.onClose}
      wide
      title={role ? t('roles.editTitle', { name: role.name }) : t('roles.create')}
    >
      <form onSubmit={onSubmit} noValidate className="bo-form">
        <div className="bo-form__row">
          {!role && (
            <Field label={t('roles.code')} hint={t('roles.codeRule')} {...form.register('code')} error={errors.code} />
          )}
          <Field label={t('roles.name')} {...form.register('name')} error={errors.name} />
        </div>
        <fieldset className="bo-perms" aria-describedby={errors.permissions ? 'perm-err' : undefined}>
          <legend>{t('roles.permissions')}</legend>
          {groupPermissions(props.allPermissions).map((g) => (
            <fieldset key={g.area} className="bo-perms__group">
              <legend>{t(`permissions.areas.${g.area}`, { defaultValue: g.area })}</legend>
              {g.permissions.map((p) => (
                <label key={p} className="bo-check">
                  <input type="checkbox" value={p} {...form.register('permissions')} />
                  {t(`permissions.names.${p}`, { defaultValue: p })}
                </label>
              ))}
            </fieldset>
          ))}
        </fieldset>
        {errors.permissions?.message && (
          <p id="perm-err" className="bo-field__error" role="alert">
            {t(errors.permissions.message, { defaultValue: errors.permissions.message })}
          </p>
        )}
        {requiresTwoFactor(chosen ?? []) && <p className="bo-alert bo-alert--info">{t('roles.twoFactorNote')}</p>}
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--primary" disabled={create.isPending || update.isPending}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
