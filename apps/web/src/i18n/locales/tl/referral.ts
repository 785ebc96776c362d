import type { Widen } from '../../widen.ts';
import type { referralEn } from '../referral.ts';

/** The same texts in Tagalog (TL). */
export const referralTl: Widen<typeof referralEn> = {
  title: 'Mag-refer ng kaibigan',
  intro:
    'Ibahagi ang iyong link o code. Kapag nag-register ang kaibigan gamit ito, nag-deposit ng sapat sa unang beses at nakapaglaro nang sapat, may reward ka sa iyong reward centre.',
  loadError: 'Hindi ma-load ang iyong referral page.',
  code: 'Ang iyong referral code',
  link: 'Ang iyong referral link',
  copy: 'Kopyahin',
  copyWhat: 'Kopyahin ang {{what}}',
  copied: 'Nakopya na.',
  copyFailed: 'Hindi makopya: piliin ang teksto at kopyahin ito mismo.',
  qr: 'QR code ng iyong referral link',
  qrHint:
    'Maaari itong i-scan ng mga kaibigan gamit ang camera ng telepono para buksan ang pag-sign up na may code mo.',
  rules: 'Paano ito gumagana',
  ruleDeposit:
    'Nag-register ang kaibigan gamit ang iyong link o code at nag-deposit ng hindi bababa sa {{amount}} sa unang beses.',
  ruleTurnover:
    'Naglagay ang kaibigan ng valid na taya na hindi bababa sa {{amount}} sa loob ng {{days}} araw mula sa pag-register.',
  ruleReward: 'Matatanggap mo ang {{amount}} sa iyong reward centre, na isang beses lang maki-claim.',
  ruleFriendReward: 'Makakatanggap din ang kaibigan mo ng {{amount}}.',
  ruleCap_one: 'Hanggang {{count}} kaibigang may reward bawat buwan.',
  ruleCap_other: 'Hanggang {{count}} kaibigang may reward bawat buwan.',
  ruleSelf:
    'Walang reward ang pag-refer sa sarili (parehong device, network o bank account); sinusuri ito ng aming staff.',
  earned: 'Na-earn na reward:',
  rewardedFriends: 'Mga kaibigang may reward:',
  toRewards: 'Pumunta sa reward centre',
  friends: 'Ang iyong mga kaibigan',
  noFriends: 'Wala pang kaibigang nag-register gamit ang iyong link.',
  friend: 'Kaibigan',
  joined: 'Sumali',
  status: 'Status',
  statuses: {
    registered: 'Naka-register',
    qualified: 'Kwalipikado',
    rewarded: 'May reward na',
    flagged: 'Sinusuri',
    rejected: 'Hindi kwalipikado',
  },
};

export default referralTl;
