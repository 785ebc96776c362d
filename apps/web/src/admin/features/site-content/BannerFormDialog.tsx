import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminBanner, BANNER_GROUPS, type BannerGroup, LINKAGE_TYPES } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSaveBanner, useUploadImage } from '../../api/content.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert, SelectField } from '../../components/form/Field.tsx';
import { ImageField } from '../../components/form/ImageField.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { fromLocalInput, LANGUAGES, toLocalInput } from './content-form.ts';

const text = z.object({
  title: z.string().max(120, 'siteContent.tooLong'),
  text: z.string().max(300, 'siteContent.tooLong'),
});
const schema = z.object({
  groupName: z.enum(BANNER_GROUPS),
  imageUrl: z.string().min(1, 'siteContent.imageRequired'),
  linkageType: z.enum(LINKAGE_TYPES),
  linkageTarget: z.string().max(500, 'siteContent.tooLong'),
  sort: z.coerce
    .number<string>()
    .int('siteContent.sortInvalid')
    .min(0, 'siteContent.sortInvalid')
    .max(10000, 'siteContent.sortInvalid'),
  startsAt: z.string(),
  endsAt: z.string(),
  published: z.boolean(),
  texts: z.object({ en: text, ty: text, tl: text, vi: text }),
});
type Values = z.input<typeof schema>;
type Parsed = z.output<typeof schema>;

const emptyText = { title: '', text: '' };

/** Add or edit a banner: the image (uploaded to the media store, previewed), group, linkage, order, window, texts. */
export function BannerFormDialog({
  banner,
  group,
  onClose,
}: {
  banner?: AdminBanner;
  group: BannerGroup;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBanner();
  const upload = useUploadImage();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(schema),
    defaultValues: {
      groupName: banner?.groupName ?? group,
      imageUrl: banner?.imageUrl ?? '',
      linkageType: banner?.linkageType ?? 'none',
      linkageTarget: banner?.linkageTarget ?? '',
      sort: String(banner?.sort ?? 0),
      startsAt: toLocalInput(banner?.startsAt),
      endsAt: toLocalInput(banner?.endsAt),
      published: banner?.published ?? true,
      texts: Object.fromEntries(LANGUAGES.map((l) => [l, { ...emptyText, ...banner?.texts[l] }])) as Values['texts'],
    },
  });
  const errors = form.formState.errors;
  const imageUrl = form.watch('imageUrl');
  const linkageType = form.watch('linkageType');

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await save.mutateAsync({
        id: banner?.id,
        body: {
          groupName: v.groupName,
          imageUrl: v.imageUrl,
          linkageType: v.linkageType,
          ...(v.linkageType !== 'none' && { linkageTarget: v.linkageTarget.trim() }),
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
        placeServerErrors(form.setError, err, [
          'groupName',
          'imageUrl',
          'linkageType',
          'linkageTarget',
          'sort',
          'startsAt',
          'endsAt',
        ]),
      );
    }
  });

  return (
    <AppDialog open onClose={onClose} wide title={banner ? t('siteContent.editBanner') : t('siteContent.addBanner')}>
      <form onSubmit={onSubmit} noValidate className="bo-form">
        <ImageField
          label={t('siteContent.image')}
          hint={t('siteContent.imageHint')}
          value={imageUrl || null}
          onChange={(url) => form.setValue('imageUrl', url ?? '', { shouldValidate: true })}
          upload={upload.mutateAsync}
          error={errors.imageUrl}
          previewAlt={t('siteContent.preview')}
        />
        <div className="bo-form__row">
          <SelectField
            label={t('siteContent.group')}
            {...form.register('groupName')}
            options={BANNER_GROUPS.map((g) => ({ value: g, label: t(`siteContent.groups.${g}`) }))}
          />
          <Field label={t('siteContent.sort')} type="number" min={0} {...form.register('sort')} error={errors.sort} />
        </div>
        <div className="bo-form__row">
          <SelectField
            label={t('siteContent.linkage')}
            {...form.register('linkageType')}
            options={LINKAGE_TYPES.map((l) => ({ value: l, label: t(`siteContent.linkages.${l}`) }))}
          />
          {linkageType !== 'none' && (
            <Field
              label={t('siteContent.linkageTarget')}
              hint={t(`siteContent.linkageHints.${linkageType}`)}
              {...form.register('linkageTarget')}
              error={errors.linkageTarget}
            />
          )}
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
            <div className="bo-form__row">
              <Field
                label={t('siteContent.title')}
                {...form.register(`texts.${l}.title`)}
                error={errors.texts?.[l]?.title}
              />
              <Field
                label={t('siteContent.line')}
                {...form.register(`texts.${l}.text`)}
                error={errors.texts?.[l]?.text}
              />
            </div>
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
          <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending || upload.isPending}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
