import { addAreaTexts } from '../index.ts';
import { fairnessEn } from '../locales/fairness.ts';
import { fairnessTy } from '../locales/fairness.ty.ts';

/** The `fairness.*` texts, added to the dictionary when a page of the area loads (not on the first page). */
addAreaTexts('fairness', { en: fairnessEn, ty: fairnessTy });
