import type { Widen } from '../../widen.ts';
import type { promosEn } from '../promos.ts';

/** The same texts in the second language (TY, Vietnamese). */
export const promosTy: Widen<typeof promosEn> = {
  promotions: {
    intro: 'Tiền thưởng và ưu đãi đang diễn ra. Mở từng khuyến mãi để xem chi tiết và điều khoản.',
    empty: 'Hiện không có khuyến mãi nào. Vui lòng quay lại sau.',
    from: 'Từ {{from}}',
    period: '{{from}} – {{to}}',
    more: 'Chi tiết',
    moreAbout: 'Chi tiết của {{title}}',
    back: 'Tất cả khuyến mãi',
    close: 'Đóng',
    seeAll: 'Tất cả khuyến mãi',
    join: 'Tham gia khuyến mãi ›',
    notFound: 'Khuyến mãi này đã kết thúc hoặc không còn nữa.',
  },
  messages: {
    intro: 'Tin nhắn trang gửi cho bạn. Mở từng tin để đọc.',
    empty: 'Chưa có tin nhắn nào.',
    count_one: '{{count}} tin nhắn',
    count_other: '{{count}} tin nhắn',
    unreadCount_one: '{{count}} chưa đọc',
    unreadCount_other: '{{count}} chưa đọc',
    unread: 'Mới',
    broadcast: 'Gửi mọi thành viên',
    back: 'Tất cả tin nhắn',
    list: 'Tin nhắn của bạn',
  },
  /** Error codes only these pages meet (added to `errors.*` with the area). */
  errors: {
    promotion_not_found: 'Khuyến mãi này đã kết thúc hoặc không còn nữa.',
    promotion_period_invalid: 'Thời điểm kết thúc khuyến mãi phải sau thời điểm bắt đầu.',
    message_not_found: 'Tin nhắn này không tồn tại.',
    message_recipient_not_found: 'Không có thành viên nào dùng tài khoản này trên trang.',
  },
};

export default promosTy;
