import { addAreaTexts } from '../index.ts';
import { withdrawEn } from '../locales/withdraw.ts';
import { withdrawTy } from '../locales/withdraw.ty.ts';

/** The `withdraw.*` texts, added to the dictionary when a page of the area loads (not on the first page). */
addAreaTexts('withdraw', { en: withdrawEn, ty: withdrawTy });
