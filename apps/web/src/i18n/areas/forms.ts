import { addAreaTexts } from '../index.ts';
import { formsEn } from '../locales/forms.ts';
import { formsTy } from '../locales/forms.ty.ts';

/**
 * The form texts (`auth.*` of the dialogs, `member.*`, `fieldErrors.*`, the error codes only forms meet), added when the form kit loads: the first
 * page keeps only the header's `auth.*` texts.
 */
for (const area of ['auth', 'member', 'fieldErrors', 'errors'] as const) {
  addAreaTexts(area, { en: formsEn[area], ty: formsTy[area] });
}
