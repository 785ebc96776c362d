import { addAreaTexts } from '../index.ts';
import { promosEn } from '../locales/promos.ts';
import { promosTy } from '../locales/promos.ty.ts';

/** The `promos.*` texts, added when the promotions page, the home's promotions block or the messages load. */
addAreaTexts('promos', { en: promosEn, ty: promosTy });
