import type { chatEn } from '../chat.ts';

/** Texts of the chat room (TY). */
export const chatTy: typeof chatEn = {
  chat: {
    title: 'Phòng trò chuyện',
    intro: 'Trò chuyện với người chơi khác. Hãy lịch sự: nhân viên kiểm duyệt các phòng.',
    room: 'Phòng',
    lobby: 'Sảnh chung',
    messages: 'Tin nhắn',
    empty: 'Chưa có tin nhắn. Hãy chào mọi người!',
    loginPrompt: 'Đăng nhập để đọc và tham gia phòng trò chuyện.',
    login: 'Đăng nhập',
    message: 'Tin nhắn',
    placeholder: 'Viết tin nhắn…',
    count: '{{count}} / {{max}}',
    send: 'Gửi',
    sending: 'Đang gửi…',
    newMessages_one: '{{count}} tin nhắn mới',
    newMessages_other: '{{count}} tin nhắn mới',
    reconnecting: 'Mất kết nối. Đang kết nối lại… Tin nhắn sẽ được cập nhật.',
    trial: 'Tài khoản dùng thử chỉ có thể đọc, không thể gửi tin nhắn.',
    muted: 'Bạn bị tắt tiếng đến {{until}}.',
    banned: 'Bạn đã bị cấm gửi tin nhắn trong phòng trò chuyện.',
    you: 'Bạn',
    removed: 'Tin nhắn đã bị xóa',
    anonymised: 'Người chơi cũ',
    slipCard: 'Phiếu cược · {{game}}',
    slipBets_one: '{{count}} cược',
    slipBets_other: '{{count}} cược',
    unitStake: 'cược đơn vị {{stake}}',
    copySlip: 'Chép vào phiếu của tôi',
    shareSlip: 'Chia sẻ lên phòng trò chuyện',
    shared: 'Phiếu của bạn đã được chia sẻ trong phòng {{room}}.',
    openChat: 'Mở phòng trò chuyện',
  },
  errors: {
    chat_room_not_found: 'Không có phòng trò chuyện này.',
    chat_muted: 'Bạn đang bị tắt tiếng trong phòng trò chuyện.',
    chat_banned: 'Bạn không thể gửi tin nhắn trong phòng trò chuyện nữa.',
    chat_trial_read_only: 'Tài khoản dùng thử chỉ có thể đọc, không thể gửi tin nhắn.',
    chat_message_not_found: 'Không có tin nhắn này.',
  },
};

export default chatTy;
