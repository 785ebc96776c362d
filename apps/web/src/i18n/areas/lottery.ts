import { addAreaTexts } from '../index.ts';
import { lotteryEn } from '../locales/lottery.ts';
import { lotteryTy } from '../locales/lottery.ty.ts';

/** The `lottery.*` texts, added to the dictionary when a lottery page loads (not on the first page). */
addAreaTexts('lottery', { en: lotteryEn, ty: lotteryTy });
