import type { bonusEn } from '../bonus.ts';

/** Bonus money in TL (Tagalog). */
export const bonusTl: typeof bonusEn = {
  bonus: {
    intro:
      'Ginagamit ang bonus money pagkatapos ng iyong main balance. Kapag natapos ang wagering nito, lilipat ito sa iyong main balance.',
    main: 'Main balance',
    bonus: 'Bonus balance',
    active: 'Aktibong bonus',
    noActive: 'Wala kang aktibong bonus. Sumali sa isang bonus sa pahina ng Promo bago ka mag-deposit.',
    amount: 'Bonus',
    deposit: 'Kwalipikadong deposit',
    wagering: 'Wagering',
    wageringOf: '{{done}} sa {{required}}',
    expires: 'Mag-e-expire',
    maxStake: 'Pinakamalaking taya habang nagwa-wager',
    maxConversion: 'Pinakamalaking maililipat sa main',
    forfeit: 'I-forfeit ang bonus',
    forfeitTitle: 'I-forfeit ang bonus na ito?',
    forfeitText:
      'Babalik sa house ang natitirang bonus balance na {{amount}} at hindi na ito mababawi. Hindi maaapektuhan ang iyong main balance.',
    forfeitConfirm: 'Oo, i-forfeit ang bonus',
    forfeited: 'Na-forfeit na ang bonus.',
    queued: 'Mga nakapilang bonus',
    queuedNote: 'Magsisimula ang nakapilang bonus kapag natapos ang aktibo.',
    waiting: 'Nakasali, naghihintay ng deposit',
    waitingNote: 'Mag-deposit para matanggap ang mga bonus na ito.',
    flagged: 'Sinusuri',
    history: 'Kasaysayan',
    empty: 'Wala pang bonus.',
    kinds: { first_deposit: 'Unang deposit', reload: 'Reload', signup: 'Pag-sign up', reward: 'Reward' },
    status: {
      joined: 'Nakasali',
      flagged: 'Sinusuri',
      queued: 'Nakapila',
      active: 'Aktibo',
      converted: 'Nailipat',
      expired: 'Expired',
      forfeited: 'Na-forfeit',
      rejected: 'Tinanggihan',
      lapsed: 'Lumipas',
    },
    converted: 'Nailipat ang {{amount}} sa main',
    lost: 'Naibalik ang {{amount}} sa house',
    join: 'Sumali',
    joined: 'Nakasali',
    joinDone: 'Nakasali ka na sa bonus na ito. Mag-deposit para matanggap ito.',
    joinSignup: 'Nasa iyong bonus balance na ang bonus.',
    joinLogin: 'Mag-log in para sumali',
    terms:
      '{{percent}}% hanggang {{max}}, minimum na deposit {{min}}, i-wager nang {{multiplier}}× sa loob ng {{days}} araw',
    termsFixed: '{{amount}} bonus, i-wager nang {{multiplier}}× sa loob ng {{days}} araw',
    withdrawForfeitTitle: 'Mafo-forfeit ang bonus kapag nag-withdraw',
    withdrawForfeitText:
      'May aktibo kang bonus ({{amount}} sa iyong bonus balance). Mafo-forfeit ito kapag nag-withdraw ka: babalik sa house ang bonus balance. Magpatuloy?',
    withdrawForfeitConfirm: 'I-forfeit ang bonus at mag-withdraw',
  },
  errors: {
    bonus_active: 'May aktibo kang bonus: mafo-forfeit ito kapag nag-withdraw.',
    bonus_not_eligible: 'Hindi ka puwedeng sumali sa bonus na ito.',
    bonus_already_joined: 'Nakasali ka na sa promo na ito.',
  },
};

export default bonusTl;
