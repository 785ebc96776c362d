import { zodResolver } from '@hookform/resolvers/zod';
import { adminUsername, type RoleInfo, type StaffMember } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCreateStaff, useUpdateStaff } from '../../api/staff.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert, SelectField } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { roleName } from '../../components/role-name.ts';
import { SecretOnce } from '../../components/SecretOnce.tsx';

const schema = z.object({
  username: z.string(),
  displayName: z.string().trim().min(1, 'staff.displayNameRequired').max(60, 'staff.displayNameTooLong'),
  role: z.string().min(1, 'staff.roleRequired'),
});
const createSchema = schema.extend({
  username: adminUsername.catch('').pipe(z.string().min(1, 'staff.usernameInvalid')),
});
type Values = z.infer<typeof schema>;

/**
 * Create a staff member (username, display name, role; the server answers with a one-time password, shown once
 * here) or, with `staff`, change the display name and role.
 */
export function StaffFormDialog({
  roles,
  staff,
  onClose,
}: {
  roles: readonly RoleInfo[];
  staff?: StaffMember;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const [issued, setIssued] = useState<{ username: string; password: string } | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(staff ? schema : createSchema),
    defaultValues: { username: staff?.username ?? '', displayName: staff?.displayName ?? '', role: staff?.role ?? '' },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      if (staff) {
        await update.mutateAsync({ id: staff.id, displayName: v.displayName, role: v.role });
        onClose();
      } else {
        const result = await create.mutateAsync(v);
        setIssued({ username: result.staff.username, password: result.oneTimePassword });
      }
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['username', 'displayName', 'role']));
    }
  });

  if (issued)
    return (
      <AppDialog
        open
        onClose={onClose}
        title={t('staff.createdTitle')}
        footer={
          <button type="button" className="bo-btn bo-btn--primary" onClick={onClose}>
            {t('common.done')}
          </button>
        }
      >
        <p>{t('staff.createdText', { username: issued.username })}</p>
        <SecretOnce label={t('staff.oneTimePassword')} secret={issued.password} />
      </AppDialog>
    );

  const pending = create.isPending || update.isPending;
  return (
    <AppDialog
      open
      onClose={onClose}
      title={staff ? t('staff.editTitle', { username: staff.username }) : t('staff.create')}
    >
      <form onSubmit={onSubmit} noValidate className="bo-form">
        {!staff && (
          <Field
            label={t('staff.username')}
            autoComplete="off"
            hint={t('staff.usernameRule')}
            {...form.register('username')}
            error={errors.username}
          />
        )}
        <Field
          label={t('staff.displayName')}
          autoComplete="off"
          {...form.register('displayName')}
          error={errors.displayName}
        />
        <SelectField
          label={t('staff.role')}
          {...form.register('role')}
          error={errors.role}
          options={[
            { value: '', label: t('staff.chooseRole') },
            ...roles.map((r) => ({ value: r.code, label: roleName(r.code, r.name) })),
          ]}
        />
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--primary" disabled={pending}>
            {staff ? t('common.save') : t('staff.createSubmit')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
