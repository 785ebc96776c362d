import { addAreaTexts } from '../index.ts';
import { historyEn } from '../locales/history.ts';
import { historyTy } from '../locales/history.ty.ts';

/** The `history.*` texts, added to the dictionary when a page of the area loads (not on the first page). */
addAreaTexts('history', { en: historyEn, ty: historyTy });
