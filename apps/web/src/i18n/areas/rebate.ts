import { addAreaTexts } from '../index.ts';
import { rebateEn } from '../locales/rebate.ts';
import { rebateTy } from '../locales/rebate.ty.ts';

/** The `rebate.*` texts, added to the dictionary when the manual rebate page loads (not on the first page). */
addAreaTexts('rebate', { en: rebateEn, ty: rebateTy });
