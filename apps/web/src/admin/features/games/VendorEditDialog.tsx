import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminVendor } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useUpdateVendor } from '../../api/games.ts';
import { AppDialog, SaveFooter } from '../../components/AppDialog.tsx';
import { Field, FormAlert, SelectField } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { orderField } from './game-form.ts';

const schema = z.object({
  name: z.string().trim().min(1, 'games.nameRequired').max(100, 'games.nameTooLong'),
  sort: orderField,
  launchFunding: z.enum(['all', 'none']),
  replaceSessions: z.enum(['true', 'false']),
});
type Values = z.input<typeof schema>;

/** A vendor's name, order in menus, and (transfer vendors) what a launch moves; one session per player or many. */
export function VendorEditDialog({ vendor: v, onClose }: { vendor: AdminVendor; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateVendor();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: v.name,
      sort: String(v.sort),
      launchFunding: v.launchFunding,
      replaceSessions: String(v.replaceSessions) as 'true' | 'false',
    },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      await update.mutateAsync({
        code: v.code,
        patch: {
          name: values.name,
          sort: values.sort,
          ...(v.walletMode === 'transfer' && { launchFunding: values.launchFunding }),
          replaceSessions: values.replaceSessions === 'true',
        },
      });
      onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['name', 'sort', 'launchFunding', 'replaceSessions']));
    }
  });
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('games.vendors.editTitle', { name: v.name })}
      footer={<SaveFooter formId="vendor-edit" onCancel={onClose} saving={update.isPending} />}
    >
      <form id="vendor-edit" className="bo-form" onSubmit={onSubmit} noValidate>
        <Field label={t('games.vendors.name')} {...form.register('name')} error={errors.name} />
        <Field
          label={t('games.order')}
          inputMode="numeric"
          hint={t('games.orderHelp')}
          {...form.register('sort')}
          error={errors.sort}
        />
        {v.walletMode === 'transfer' && (
          <SelectField
            label={t('games.vendors.launchFunding')}
            options={[
              { value: 'all', label: t('games.vendors.fundingAll') },
              { value: 'none', label: t('games.vendors.fundingNone') },
            ]}
            {...form.register('launchFunding')}
            error={errors.launchFunding}
          />
        )}
        <SelectField
          label={t('games.vendors.replaceSessions')}
          options={[
            { value: 'true', label: t('games.vendors.replaceYes') },
            { value: 'false', label: t('games.vendors.replaceNo') },
          ]}
          {...form.register('replaceSessions')}
          error={errors.replaceSessions}
        />
        <FormAlert message={alert} />
      </form>
    </AppDialog>
  );
}
