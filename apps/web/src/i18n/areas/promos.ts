import { addAreaTexts } from '../index.ts';
import { promosEn } from '../locales/promos.ts';
import { promosTy } from '../locales/promos.ty.ts';

/**
 * The `promos.*` texts, added when the promotions page, the home's promotions block or the messages load, with the
 * error codes only these pages meet (`errors.*`, merged into the first page's section).
 */
const { errors: errorsEn, ...textsEn } = promosEn;
const { errors: errorsTy, ...textsTy } = promosTy;
addAreaTexts('promos', { en: textsEn, ty: textsTy });
addAreaTexts('errors', { en: errorsEn, ty: errorsTy });
