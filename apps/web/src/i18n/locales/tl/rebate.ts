import type { Widen } from '../../widen.ts';
import type { rebateEn } from '../rebate.ts';

/** The manual rebate page in TL (Tagalog). */
export const rebateTl: Widen<typeof rebateEn> = {
  title: 'Manual rebate',
  intro:
    'Bawat valid na taya ay may rebate ayon sa kategorya ng laro. I-claim ngayon ang kinita ng mga taya mo ngayong araw, o awtomatiko itong ibabayad pagkatapos ng araw.',
  today: 'Ngayong araw ({{day}})',
  category: 'Kategorya',
  validBet: 'Valid na taya',
  rate: 'Rate',
  accrued: 'Kinita',
  claimed: 'Na-claim',
  claimable: 'Puwedeng i-claim',
  total: 'Kabuuang puwedeng i-claim',
  claim: 'I-claim ang {{amount}}',
  claiming: 'Kine-claim…',
  nothing: 'Wala pang mai-claim: tumaya ngayong araw para kumita ng rebate.',
  paid: 'Naidagdag ang {{amount}} sa iyong balanse.',
  paidNothing: 'Wala nang mai-claim sa ngayon.',
  amountsIn: 'Mga halaga sa {{currency}}',
  records: 'Mga talaan ng rebate',
  noRecords: 'Wala pang naibayad na rebate.',
  day: 'Araw',
  kind: 'Ibinayad bilang',
  kinds: { claim: 'Na-claim', daily: 'Arawang bayad' },
  amount: 'Halaga',
  paidAt: 'Ibinayad noong',
  pagination: 'Mga pahina ng talaan ng rebate',
  loadError: 'Hindi ma-load ang rebate.',
  categories: {
    LOTT: 'Lotto',
    ELOTT: 'Mabilis na lotto',
    FISH: 'Fishing',
    RNG: 'Slots',
    LIVE: 'Live casino',
    SPORTS: 'Sports',
    ESPORTS: 'Esports',
    PVP: 'Card games',
    COCKFIGHT: 'Sabong',
  },
};

export default rebateTl;
