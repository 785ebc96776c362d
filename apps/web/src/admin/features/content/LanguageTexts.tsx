import { Tabs } from '@base-ui/react/tabs';
import { TRANSLATION_LANGUAGES, type TranslationLanguage, type Translations } from '@sea/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Field, TextAreaField } from '../../components/form/Field.tsx';

/**
 * Texts per language (issue 24) of a promotion, a member message or an announcement: a tab for the default text
 * (the merchant's default language, required) and one per site language (optional; a member reading in it sees
 * it, others the default). Every tab's values stay in the form while another is shown.
 */

const one = z
  .object({
    title: z.string().trim().max(200, 'content.titleLong'),
    content: z.string().trim().max(20_000, 'content.contentLong'),
  })
  .superRefine((v, ctx) => {
    // Half a translation is refused (the server would too): a title in one language over content in another.
    if (v.title && !v.content)
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'content.translationIncomplete' });
    if (v.content && !v.title)
      ctx.addIssue({ code: 'custom', path: ['title'], message: 'content.translationIncomplete' });
  });

/** The form part: every language, empty strings for none. */
export const translationsForm = z.object({ en: one, ty: one, tl: one, vi: one });
export type TranslationsForm = z.infer<typeof translationsForm>;

/** The form's starting values from what the server stored. */
export function translationsDefaults(stored?: Record<string, { title: string; content: string }>): TranslationsForm {
  return Object.fromEntries(
    TRANSLATION_LANGUAGES.map((l) => [l, { title: stored?.[l]?.title ?? '', content: stored?.[l]?.content ?? '' }]),
  ) as TranslationsForm;
}

/** The request's translations: only the languages written; none at all is left out (the server stores none). */
export function translationsBody(v: TranslationsForm): Translations | undefined {
  const written = TRANSLATION_LANGUAGES.filter((l) => v[l].title.trim());
  if (written.length === 0) return undefined;
  return Object.fromEntries(written.map((l) => [l, { title: v[l].title, content: v[l].content }]));
}

type WithTranslations = { translations: TranslationsForm };

export function LanguageTexts<V extends WithTranslations>(props: {
  /** The default text's fields (title, content), as the dialog has always had them. */
  children: ReactNode;
  register: UseFormRegister<V>;
  errors: FieldErrors<V>;
  /** What the form holds now (for the "written" marks). */
  values: TranslationsForm;
  /** Whether the default text has an error, and the form's submit count: a refused save opens the tab to fix. */
  defaultInvalid: boolean;
  submitCount: number;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'default' | TranslationLanguage>('default');
  const errors = (props.errors as FieldErrors<WithTranslations>).translations;
  const { defaultInvalid, submitCount } = props;
  useEffect(() => {
    if (submitCount === 0) return;
    if (defaultInvalid) setTab('default');
    else {
      const bad = TRANSLATION_LANGUAGES.find((l) => errors?.[l]);
      if (bad) setTab(bad);
    }
    // Only when a save was tried: switching tabs by hand is left alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);
  const register = props.register as unknown as UseFormRegister<WithTranslations>;
  const written = (l: TranslationLanguage) => Boolean(props.values[l]?.title.trim());
  return (
    <Tabs.Root value={tab} onValueChange={(v) => setTab(v as typeof tab)} className="bo-lang">
      <Tabs.List className="bo-lang__tabs" aria-label={t('content.textsLanguage')}>
        <Tabs.Tab value="default" className="bo-lang__tab" data-invalid={defaultInvalid ? '' : undefined}>
          {t('content.defaultText')}
        </Tabs.Tab>
        {TRANSLATION_LANGUAGES.map((l) => (
          <Tabs.Tab key={l} value={l} className="bo-lang__tab" data-invalid={errors?.[l] ? '' : undefined}>
            {l.toUpperCase()}
            {written(l) && (
              <span className="bo-lang__mark" title={t('content.written')}>
                <span aria-hidden="true"> ●</span>
                <span className="sr-only"> ({t('content.written')})</span>
              </span>
            )}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="default" className="bo-lang__panel" keepMounted>
        <p className="bo-lang__help">{t('content.defaultTextHelp')}</p>
        {props.children}
      </Tabs.Panel>
      {TRANSLATION_LANGUAGES.map((l) => (
        <Tabs.Panel key={l} value={l} className="bo-lang__panel" keepMounted>
          <p className="bo-lang__help">{t('content.translationHelp', { language: t(`siteContent.languages.${l}`) })}</p>
          <Field
            label={`${t('content.title')} (${l.toUpperCase()})`}
            {...register(`translations.${l}.title`)}
            error={errors?.[l]?.title}
          />
          <TextAreaField
            label={`${t('content.content')} (${l.toUpperCase()})`}
            hint={t('content.htmlHelp')}
            {...register(`translations.${l}.content`)}
            error={errors?.[l]?.content}
          />
        </Tabs.Panel>
      ))}
    </Tabs.Root>
  );
}
