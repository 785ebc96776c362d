import type { Widen } from '../../widen.ts';
import type { promosEn } from '../promos.ts';

/** Promotions and member messages in TL (Tagalog). */
export const promosTl: Widen<typeof promosEn> = {
  promotions: {
    intro: 'Mga bonus at alok na tumatakbo ngayon. Buksan ang isa para makita ang detalye at mga tuntunin.',
    empty: 'Walang promo na tumatakbo ngayon. Bumalik ka ulit maya-maya.',
    from: 'Mula {{from}}',
    period: '{{from}} – {{to}}',
    more: 'Detalye',
    moreAbout: 'Detalye ng {{title}}',
    back: 'Lahat ng promo',
    close: 'Isara',
    seeAll: 'Lahat ng promo',
    join: 'Sumali sa mga promo ›',
    notFound: 'Tapos na o wala na ang promo na ito.',
  },
  messages: {
    intro: 'Mga mensahe sa iyo mula sa site. Buksan ang isa para basahin.',
    empty: 'Wala pang mensahe.',
    count_one: '{{count}} mensahe',
    count_other: '{{count}} mensahe',
    unreadCount_one: '{{count}} hindi pa nababasa',
    unreadCount_other: '{{count}} hindi pa nababasa',
    unread: 'Bago',
    broadcast: 'Para sa lahat ng member',
    back: 'Lahat ng mensahe',
    list: 'Ang iyong mga mensahe',
  },
  errors: {
    promotion_not_found: 'Tapos na o wala na ang promo na ito.',
    promotion_period_invalid: 'Dapat mas huli ang pagtatapos ng promo kaysa sa simula nito.',
    message_not_found: 'Wala ang mensaheng ito.',
    message_recipient_not_found: 'Walang member na may ganitong account sa site na ito.',
  },
};

export default promosTl;
