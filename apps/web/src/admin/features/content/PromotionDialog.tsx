import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminPromotion } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSavePromotion } from '../../api/promotions-messages.ts';
import { useUploadImage } from '../../api/content.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert, TextAreaField } from '../../components/form/Field.tsx';
import { ImageField } from '../../components/form/ImageField.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { isoToLocal, localToIso } from '../../lib/datetime-local.ts';
import { LanguageTexts, translationsBody, translationsDefaults, translationsForm } from './LanguageTexts.tsx';
import '../../styles/agents-content.css';

const schema = z
  .object({
    title: z.string().trim().min(1, 'content.titleRequired').max(200, 'content.titleLong'),
    category: z.string().trim().max(40, 'content.categoryLong'),
    imageUrl: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || /^\/(?!\/)\S*$/.test(v) || /^https:\/\/[^\s/]+\/\S*$/.test(v), 'content.imageInvalid'),
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

/** Create a promotion, or edit one (a save replaces its fields). Content is HTML, sanitised where it is shown. */
export function PromotionDialog({ promotion, onClose }: { promotion?: AdminPromotion; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePromotion();
  const upload = useUploadImage();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: promotion?.title ?? '',
      category: promotion?.category ?? '',
      imageUrl: promotion?.imageUrl ?? '',
      startsAt: isoToLocal(promotion?.startsAt),
      endsAt: isoToLocal(promotion?.endsAt),
      content: promotion?.content ?? '',
      translations: translationsDefaults(promotion?.translations),
    },
  });
  const errors = form.formState.errors;
  const imageUrl = form.watch('imageUrl');
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await save.mutateAsync({
        id: promotion?.id,
        title: v.title,
        content: v.content,
        // An edit always names them (none left: cleared); a new one without any leaves them out.
        translations: translationsBody(v.translations) ?? (promotion ? {} : undefined),
        ...(v.category && { category: v.category }),
        ...(v.imageUrl && { imageUrl: v.imageUrl }),
        ...(v.startsAt && { startsAt: localToIso(v.startsAt) }),
        ...(v.endsAt && { endsAt: localToIso(v.endsAt) }),
      });
      onClose();
    } catch (err) {
      setAlert(
        placeServerErrors(form.setError, err, ['title', 'category', 'imageUrl', 'startsAt', 'endsAt', 'content']),
      );
    }
  });
  return (
    <AppDialog open onClose={onClose} title={promotion ? t('content.editPromotion') : t('content.newPromotion')} wide>
      <form onSubmit={submit} noValidate className="bo-form">
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
          label={t('content.category')}
          hint={t('content.categoryHelp')}
          {...form.register('category')}
          error={errors.category}
        />
        <ImageField
          label={t('content.imageUrl')}
          hint={t('more.image.promoHint')}
          value={imageUrl || null}
          onChange={(url) => form.setValue('imageUrl', url ?? '', { shouldValidate: true, shouldDirty: true })}
          upload={upload.mutateAsync}
          error={errors.imageUrl}
          previewAlt={t('more.image.previewPromotion')}
          removable
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
          <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending || upload.isPending}>
            {promotion ? t('common.save') : t('content.publish')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
