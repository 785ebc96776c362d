import { addAreaTexts } from '../index.ts';
import { depositEn } from '../locales/deposit.ts';
import { depositTy } from '../locales/deposit.ty.ts';

/** The `deposit.*` texts, added to the dictionary when a page of the area loads (not on the first page). */
addAreaTexts('deposit', { en: depositEn, ty: depositTy });
