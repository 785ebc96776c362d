import type { DemoSessionRow } from './demo-vendor.repository.ts';
import type { DeliveryOp } from './demo-vendor.tables.ts';

/** The language of a session's texts: TY (the site's second language) or TL (Tagalog) when launched in it, else English. */
export type Lang = 'en' | 'ty' | 'tl';
export const langOf = (s: Pick<DemoSessionRow, 'language'>): Lang =>
  s.language === 'ty' || s.language === 'tl' ? s.language : 'en';

/** What the vendor tells the player, in the session's language (numbers and wallet codes stay as they are). */
export const TEXTS = {
  en: {
    refusals: {
      INSUFFICIENT_FUNDS: 'Not enough balance for this bet.',
      TOKEN_EXPIRED: 'Your game session has ended. Open the game again from the site.',
      INVALID_TOKEN: 'This game session is not valid. Open the game again from the site.',
      PLAYER_BLOCKED: 'Your account cannot bet at the moment.',
      ALREADY_SETTLED: 'This round is already settled.',
      GAME_NOT_FOUND: 'This game is not available on the site.',
      BET_LIMIT: 'This stake is outside the limits the site sets for this game.',
    } as Record<string, string>,
    refusedOther: (status: string) => `The site refused the bet (${status}).`,
    noAnswer: 'The bet got no answer in time and is being cancelled.',
    resultRefused: (status: string, op: DeliveryOp) => `The site answered ${status} to the ${op}.`,
    walletSilent: 'The site’s wallet did not answer.',
    pickInvalid: 'Choose one of the offered bets.',
    amountInvalid: (min: number, max: bigint) => `Bet between ${min} and ${max} per round.`,
    roundNotFound: 'No such round.',
  },
  ty: {
    refusals: {
      INSUFFICIENT_FUNDS: 'Số dư không đủ cho cược này.',
      TOKEN_EXPIRED: 'Phiên chơi của bạn đã kết thúc. Hãy mở lại trò chơi từ trang.',
      INVALID_TOKEN: 'Phiên chơi này không hợp lệ. Hãy mở lại trò chơi từ trang.',
      PLAYER_BLOCKED: 'Tài khoản của bạn hiện không thể đặt cược.',
      ALREADY_SETTLED: 'Ván này đã được kết toán.',
      GAME_NOT_FOUND: 'Trò chơi này không có trên trang.',
      BET_LIMIT: 'Tiền cược nằm ngoài giới hạn trang đặt cho trò chơi này.',
    } as Record<string, string>,
    refusedOther: (status: string) => `Trang đã từ chối cược (${status}).`,
    noAnswer: 'Cược không được trả lời kịp thời và đang được hủy.',
    resultRefused: (status: string, op: DeliveryOp) =>
      `Trang đã trả lời ${status} cho ${{ bet: 'lệnh cược', win: 'lệnh trả thưởng', rollback: 'lệnh hủy cược' }[op]}.`,
    walletSilent: 'Ví của trang không trả lời.',
    pickInvalid: 'Hãy chọn một trong các cửa cược được đưa ra.',
    amountInvalid: (min: number, max: bigint) => `Mỗi ván cược từ ${min} đến ${max}.`,
    roundNotFound: 'Không có ván này.',
  },
  tl: {
    refusals: {
      INSUFFICIENT_FUNDS: 'Kulang ang balanse para sa tayang ito.',
      TOKEN_EXPIRED: 'Natapos na ang iyong game session. Buksan ulit ang laro mula sa site.',
      INVALID_TOKEN: 'Hindi valid ang game session na ito. Buksan ulit ang laro mula sa site.',
      PLAYER_BLOCKED: 'Hindi makakataya ang iyong account sa ngayon.',
      ALREADY_SETTLED: 'Settled na ang round na ito.',
      GAME_NOT_FOUND: 'Hindi available ang larong ito sa site.',
      BET_LIMIT: 'Labas ang taya sa limit na itinakda ng site para sa larong ito.',
    } as Record<string, string>,
    refusedOther: (status: string) => `Tinanggihan ng site ang taya (${status}).`,
    noAnswer: 'Walang sagot sa taya sa tamang oras at kinakansela na ito.',
    resultRefused: (status: string, op: DeliveryOp) =>
      `Sumagot ang site ng ${status} sa ${{ bet: 'taya', win: 'bayad ng panalo', rollback: 'pagkansela ng taya' }[op]}.`,
    walletSilent: 'Hindi sumagot ang wallet ng site.',
    pickInvalid: 'Pumili ng isa sa mga inaalok na taya.',
    amountInvalid: (min: number, max: bigint) => `Tumaya mula ${min} hanggang ${max} kada round.`,
    roundNotFound: 'Walang ganitong round.',
  },
} satisfies Record<Lang, unknown>;
export const wordsOf = (status: string, lang: Lang) => TEXTS[lang].refusals[status] ?? TEXTS[lang].refusedOther(status);
