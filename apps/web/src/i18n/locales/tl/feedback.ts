import type { feedbackEn } from '../feedback.ts';

/** The feedback page in TL (Tagalog). */
export const feedbackTl: typeof feedbackEn = {
  feedback: {
    intro: 'Sabihin sa amin ang problema o ideya mo. Sasagot ang aming team sa iyong mga mensahe.',
    newTitle: 'Magpadala ng feedback',
    loginFirst: 'Mag-log in para magpadala ng feedback: darating ang sagot namin sa iyong mga mensahe.',
    type: 'Uri ng tanong',
    typeChoose: 'Pumili ng uri',
    typeRequired: 'Pumili ng uri ng tanong',
    types: {
      deposit: 'Deposit',
      withdrawal: 'Withdrawal',
      games: 'Mga laro',
      account: 'Account',
      promotion: 'Promo',
      suggestion: 'Mungkahi',
      other: 'Iba pa',
    },
    content: 'Nilalaman',
    words: 'Dapat {{min}} hanggang {{max}} salita ang feedback.',
    wordCount: '{{count}} / {{max}} salita',
    images: 'Mga larawan (opsyonal): hanggang 3 PNG o JPG, 5 MB bawat isa',
    image: 'Larawan {{n}}',
    imageType: 'Dapat PNG o JPG ang mga larawan',
    imageSize: 'Dapat 5 MB o mas maliit ang mga larawan',
    send: 'Ipadala ang feedback',
    sent: 'Salamat. Naipadala na ang iyong feedback {{reference}}.',
    mine: 'Aking feedback',
    empty: 'Hindi ka pa nagpapadala ng feedback.',
    reply: 'Ang aming sagot',
    imageCount_one: '{{count}} larawan',
    imageCount_other: '{{count}} larawan',
    status: { new: 'Naghihintay', answered: 'Nasagot na', closed: 'Sarado' },
  },
  errors: {
    feedback_too_many_images: 'Hanggang 3 larawan lamang.',
  },
};

export default feedbackTl;
