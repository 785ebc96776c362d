import type { chatEn } from '../chat.ts';

/** The chat room in TL (Tagalog). */
export const chatTl: typeof chatEn = {
  chat: {
    title: 'Chat room',
    intro: 'Makipag-usap sa ibang player. Maging magalang: may staff na nagbabantay sa mga room.',
    room: 'Room',
    lobby: 'Lobby',
    messages: 'Mga mensahe',
    empty: 'Wala pang mensahe. Mag-hello ka!',
    loginPrompt: 'Mag-log in para mabasa at makasali sa chat room.',
    login: 'Mag-log in',
    message: 'Mensahe',
    placeholder: 'Sumulat ng mensahe…',
    count: '{{count}} / {{max}}',
    send: 'Ipadala',
    sending: 'Ipinapadala…',
    newMessages_one: '{{count}} bagong mensahe',
    newMessages_other: '{{count}} bagong mensahe',
    reconnecting: 'Nawala ang koneksyon. Kumokonekta muli… Hahabol ang mga mensahe.',
    trial: 'Nababasa ng mga trial account ang chat room pero hindi sila makakapag-post.',
    muted: 'Ni-mute ka ng moderator hanggang {{until}}.',
    banned: 'Na-ban ka ng moderator sa chat room.',
    you: 'Ikaw',
    removed: 'Inalis ang mensahe',
    anonymised: 'Dating manlalaro',
    slipCard: 'Bet slip · {{game}}',
    slipBets_one: '{{count}} taya',
    slipBets_other: '{{count}} taya',
    unitStake: 'unit stake {{stake}}',
    copySlip: 'Kopyahin sa aking slip',
    shareSlip: 'I-share sa chat',
    shared: 'Nasa chat room na {{room}} na ang iyong slip.',
    openChat: 'Buksan ang chat room',
  },
  errors: {
    chat_room_not_found: 'Walang ganitong chat room.',
    chat_muted: 'Naka-mute ka muna sa chat room.',
    chat_banned: 'Hindi ka na makakapag-post sa chat room.',
    chat_trial_read_only: 'Nababasa ng mga trial account ang chat room pero hindi sila makakapag-post.',
    chat_message_not_found: 'Walang ganitong mensahe sa chat.',
  },
};

export default chatTl;
