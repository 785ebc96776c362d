import type { bonusEn } from '../bonus.ts';

/** Texts of bonus money (TY). */
export const bonusTy: typeof bonusEn = {
  bonus: {
    intro: 'Tiền thưởng được dùng sau số dư chính. Khi hoàn tất yêu cầu cược, tiền thưởng được chuyển vào số dư chính.',
    main: 'Số dư chính',
    bonus: 'Số dư thưởng',
    active: 'Thưởng đang hoạt động',
    noActive: 'Bạn chưa có thưởng đang hoạt động. Hãy tham gia thưởng ở trang Khuyến mãi trước khi nạp tiền.',
    amount: 'Tiền thưởng',
    deposit: 'Khoản nạp đủ điều kiện',
    wagering: 'Yêu cầu cược',
    wageringOf: '{{done}} / {{required}}',
    expires: 'Hết hạn',
    maxStake: 'Mức cược tối đa khi đang cược thưởng',
    maxConversion: 'Mức chuyển tối đa vào số dư chính',
    forfeit: 'Hủy thưởng',
    forfeitTitle: 'Hủy thưởng này?',
    forfeitText:
      'Số dư thưởng còn lại {{amount}} sẽ trả về nhà cái và không thể khôi phục. Số dư chính của bạn không bị ảnh hưởng.',
    forfeitConfirm: 'Đồng ý hủy thưởng',
    forfeited: 'Đã hủy thưởng.',
    queued: 'Thưởng đang chờ',
    queuedNote: 'Thưởng đang chờ sẽ bắt đầu khi thưởng hiện tại kết thúc.',
    waiting: 'Đã tham gia, chờ nạp tiền',
    waitingNote: 'Nạp tiền để nhận các khoản thưởng này.',
    flagged: 'Đang xét duyệt',
    history: 'Lịch sử',
    empty: 'Chưa có thưởng.',
    kinds: { first_deposit: 'Nạp lần đầu', reload: 'Nạp lại', signup: 'Đăng ký', reward: 'Phần thưởng' },
    status: {
      joined: 'Đã tham gia',
      flagged: 'Đang xét duyệt',
      queued: 'Đang chờ',
      active: 'Đang hoạt động',
      converted: 'Đã chuyển đổi',
      expired: 'Hết hạn',
      forfeited: 'Đã hủy',
      rejected: 'Bị từ chối',
      lapsed: 'Hết hiệu lực',
    },
    converted: '{{amount}} đã chuyển vào số dư chính',
    lost: '{{amount}} đã trả về nhà cái',
    join: 'Tham gia',
    joined: 'Đã tham gia',
    joinDone: 'Bạn đã tham gia thưởng này. Hãy nạp tiền để nhận thưởng.',
    joinSignup: 'Tiền thưởng đã vào số dư thưởng của bạn.',
    joinLogin: 'Đăng nhập để tham gia',
    terms: '{{percent}}% tối đa {{max}}, nạp tối thiểu {{min}}, cược {{multiplier}} lần trong {{days}} ngày',
    termsFixed: 'Thưởng {{amount}}, cược {{multiplier}} lần trong {{days}} ngày',
    withdrawForfeitTitle: 'Rút tiền sẽ hủy thưởng của bạn',
    withdrawForfeitText:
      'Bạn đang có thưởng hoạt động ({{amount}} trong số dư thưởng). Rút tiền sẽ hủy thưởng: số dư thưởng trả về nhà cái. Tiếp tục?',
    withdrawForfeitConfirm: 'Hủy thưởng và rút tiền',
  },
  errors: {
    bonus_active: 'Bạn đang có thưởng hoạt động: rút tiền sẽ hủy thưởng.',
    bonus_not_eligible: 'Bạn không thể tham gia thưởng này.',
    bonus_already_joined: 'Bạn đã tham gia khuyến mãi này.',
  },
};

export default bonusTy;
