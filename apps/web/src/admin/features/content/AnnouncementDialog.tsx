import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AdminAnnouncement } from '@sea/contracts';
import { useCreateAnnouncement, useUpdateAnnouncement } from '../../api/promotions-messages.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert, SelectField, TextAreaField } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { isoToLocal, localToIso } from '../../lib/datetime-local.ts';
import { LanguageTexts, translationsBody, translationsDefaults, translationsForm } from './LanguageTexts.tsx';
import '../../styles/agents-content.css';

const schema = z
  .object({
    audience: z.enum(['all', 'members', 'agents']),
    title: z.string().trim().min(1, 'content.titleRequired').max(200, 'content.titleLong'),
    promotionType: z.string().trim().max(40, 'content.categoryLong'),
    startsAt: z.string(),
    endsAt: z.string(),
    content: z.string().min(1, 'content.contentRequired').max(20_000, 'content.contentLong'),
    translations: translationsForm,
  })
  .refine((v) => !v.startsAt || !v.endsAt || v.startsAt < v.endsAt, {
    message: 'content.endBeforeStart',
    path: ['endsAt'],
  });
type Values = z.infer<typeof schema>;

/**
 * Publish an announcement to everyone, to members, or to agents (the agent centre's announcements), or edit one
 * already published (a save replaces its fields; the server keeps the old text in the audit).
 */
export function AnnouncementDialog({
  announcement,
  onClose,
}: {
  announcement?: AdminAnnouncement;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const pending = create.isPending || update.isPending;
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      audience: announcement?.audience ?? 'all',
      title: announcement?.title ?? '',
      promotionType: announcement?.promotionType ?? '',
      startsAt: isoToLocal(announcement?.startsAt),
      endsAt: isoToLocal(announcement?.endsAt),
      content: announcement?.content ?? '',
      translations: translationsDefaults(announcement?.translations),
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      const body = {
        audience: v.audience,
        title: v.title,
        content: v.content,
        translations: translationsBody(v.translations),
        ...(v.promotionType && { promotionType: v.promotionType }),
        ...(v.startsAt && { startsAt: localToIso(v.startsAt) }),
        ...(v.endsAt && { endsAt: localToIso(v.endsAt) }),
      };
      if (announcement) await update.mutateAsync({ id: announcement.id, ...body });
      else await create.mutateAsync(body);
      onClose();
    } catch (err) {
      setAlert(
        placeServerErrors(form.setError, err, ['audience', 'title', 'promotionType', 'startsAt', 'endsAt', 'content']),
      );
    }
  });
  return (
    <AppDialog
      open
      onClose={onClose}
      title={announcement ? t('content.editAnnouncement') : t('content.newAnnouncement')}
      wide
    >
      <form onSubmit={submit} noValidate className="bo-form">
        <SelectField
          label={t('content.audience')}
          {...form.register('audience')}
          options={(['all', 'members', 'agents'] as const).map((v) => ({
            value: v,
            label: t(`content.audiences.${v}`),
          }))}
        />
        <LanguageTexts
          register={form.register}
          errors={errors}
          values={form.watch('translations')}
          defaultInvalid={Boolean(errors.title || errors.content)}
          submitCount={form.formState.submitCount}
        >
          <Field label={t('content.title')} {...form.register('title')} error={errors.title} />
          <TextAreaField
            label={t('content.content')}
            hint={t('content.htmlHelp')}
            {...form.register('content')}
            error={errors.content}
          />
        </LanguageTexts>
        <Field
          label={t('content.promotionType')}
          hint={t('content.promotionTypeHelp')}
          {...form.register('promotionType')}
          error={errors.promotionType}
        />
        <Field
          label={t('content.startsAt')}
          type="datetime-local"
          hint={t('content.startsHelp')}
          {...form.register('startsAt')}
          error={errors.startsAt}
        />
        <Field
          label={t('content.endsAt')}
          type="datetime-local"
          hint={t('content.endsHelp')}
          {...form.register('endsAt')}
          error={errors.endsAt}
        />
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--primary" disabled={pending}>
            {announcement ? t('common.save') : t('content.publish')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
