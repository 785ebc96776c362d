import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminNotice, NOTICE_TYPES, type NoticeType, POPUP_AUDIENCES } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSaveNotice } from '../../api/content.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert, SelectField, TextAreaField } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { fromLocalInput, LANGUAGES, toLocalInput } from './content-form.ts';

const text = z.object({
  title: z.string().max(200, 'siteContent.tooLong'),
  content: z.string().max(20000, 'siteContent.tooLong'),
});
const schema = z
  .object({
    type: z.enum(NOTICE_TYPES),
    audience: z.enum(POPUP_AUDIENCES),
    promotionId: z.string().regex(/^(|[1-9]\d{0,17})$/, 'siteContent.promotionInvalid'),
    sort: z.coerce
      .number<string>()
      .int('siteContent.sortInvalid')
      .min(0, 'siteContent.sortInvalid')
      .max(10000, 'siteContent.sortInvalid'),
    startsAt: z.string(),
    endsAt: z.string(),
    published: z.boolean(),
    texts: z.object({ en: text, ty: text, tl: text, vi: text }),
  })
  .refine((v) => Object.values(v.texts).some((x) => x.title.trim()), {
    message: 'siteContent.titleRequired',
    path: ['texts', 'en', 'title'],
  });
type Values = z.input<typeof schema>;
type Parsed = z.output<typeof schema>;

/** Add or edit a notice: type (marquee, notice list, public popup with its audience, announcement), window, texts. */
export function NoticeFormDialog({
  notice,
  types,
  onClose,
}: {
  notice?: AdminNotice;
  types: readonly NoticeType[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveNotice();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(schema),
    defaultValues: {
      type: notice?.type ?? types[0],
      audience: notice?.audience ?? 'all',
      promotionId: notice?.promotionId ?? '',
      sort: String(notice?.sort ?? 0),
      startsAt: toLocalInput(notice?.startsAt),
      endsAt: toLocalInput(notice?.endsAt),
      published: notice?.published ?? true,
      texts: Object.fromEntries(
        LANGUAGES.map((l) => [l, { title: '', content: '', ...notice?.texts[l] }]),
      ) as Values['texts'],
    },
  });
  const errors = form.formState.errors;
  const type = form.watch('type');

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await save.mutateAsync({
        id: notice?.id,
        body: {
          type: v.type,
          audience: v.type === 'PU' ? v.audience : 'all',
          ...(v.type === 'PR' && v.promotionId && { promotionId: v.promotionId }),
          sort: v.sort,
          startsAt: fromLocalInput(v.startsAt),
          endsAt: fromLocalInput(v.endsAt),
          published: v.published,
          texts: v.texts,
        },
      });
      onClose();
    } catch (err) {
      setAlert(
        placeServerErrors(form.setError, err, ['type', 'audience', 'promotionId', 'sort', 'startsAt', 'endsAt']),
      );
    }
  });

  return (
    <AppDialog open onClose={onClose} wide title={notice ? t('siteContent.editNotice') : t('siteContent.addNotice')}>
      <form onSubmit={onSubmit} noValidate className="bo-form">
        <div className="bo-form__row">
          <SelectField
            label={t('siteContent.type')}
            {...form.register('type')}
            options={types.map((x) => ({ value: x, label: t(`siteContent.types.${x}`) }))}
          />
          {type === 'PU' && (
            <SelectField
              label={t('siteContent.audience')}
              {...form.register('audience')}
              options={POPUP_AUDIENCES.map((a) => ({ value: a, label: t(`siteContent.audiences.${a}`) }))}
            />
          )}
          {type === 'PR' && (
            <Field
              label={t('siteContent.promotionId')}
              inputMode="numeric"
              {...form.register('promotionId')}
              error={errors.promotionId}
            />
          )}
          <Field label={t('siteContent.sort')} type="number" min={0} {...form.register('sort')} error={errors.sort} />
        </div>
        <div className="bo-form__row">
          <Field
            label={t('siteContent.startsAt')}
            type="datetime-local"
            {...form.register('startsAt')}
            error={errors.startsAt}
          />
          <Field
            label={t('siteContent.endsAt')}
            type="datetime-local"
            {...form.register('endsAt')}
            error={errors.endsAt}
          />
        </div>
        {LANGUAGES.map((l) => (
          <fieldset key={l} className="bo-plain-fieldset">
            <legend>{t(`siteContent.languages.${l}`)}</legend>
            <Field
              label={t('siteContent.title')}
              {...form.register(`texts.${l}.title`)}
              error={errors.texts?.[l]?.title}
            />
            <TextAreaField
              label={t('siteContent.body')}
              rows={3}
              {...form.register(`texts.${l}.content`)}
              error={errors.texts?.[l]?.content}
            />
          </fieldset>
        ))}
        <label className="bo-check">
          <input type="checkbox" {...form.register('published')} />
          {t('siteContent.publishedLabel')}
        </label>
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
