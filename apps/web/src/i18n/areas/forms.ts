import { addAreaTexts, byLanguage } from '../index.ts';
import { formsEn, type FormsMessages } from '../locales/forms.ts';

const texts: Record<string, FormsMessages> = {
  en: formsEn,
  ...byLanguage(import.meta.glob<FormsMessages>('../locales/*/forms.ts', { eager: true, import: 'default' })),
};

/**
 * The form texts (`auth.*` of the dialogs, `member.*`, `fieldErrors.*`, the error codes only forms meet), added when the form kit loads: the first
 * page keeps only the header's `auth.*` texts.
 */
for (const [language, forms] of Object.entries(texts)) {
  for (const area of ['auth', 'member', 'fieldErrors', 'errors'] as const) {
    addAreaTexts(area, { [language]: forms[area] });
  }
}
