import type { Widen } from '../../widen.ts';
import type { referralEn } from '../referral.ts';

/** The same texts in the second language (TY, Vietnamese). */
export const referralTy: Widen<typeof referralEn> = {
  title: 'Giới thiệu bạn bè',
  intro:
    'Chia sẻ liên kết hoặc mã của bạn. Khi bạn bè đăng ký bằng mã đó, nạp tiền lần đầu đủ điều kiện và cược đủ, bạn nhận thưởng trong trung tâm thưởng.',
  loadError: 'Không thể tải trang giới thiệu.',
  code: 'Mã giới thiệu của bạn',
  link: 'Liên kết giới thiệu của bạn',
  copy: 'Sao chép',
  copyWhat: 'Sao chép {{what}}',
  copied: 'Đã sao chép.',
  copyFailed: 'Không thể sao chép: hãy chọn và tự sao chép.',
  qr: 'Mã QR của liên kết giới thiệu',
  qrHint: 'Bạn bè có thể quét bằng camera điện thoại để mở trang đăng ký với mã của bạn.',
  rules: 'Cách thức',
  ruleDeposit: 'Bạn bè đăng ký bằng liên kết hoặc mã của bạn và nạp lần đầu ít nhất {{amount}}.',
  ruleTurnover: 'Bạn bè đặt cược hợp lệ ít nhất {{amount}} trong vòng {{days}} ngày kể từ khi đăng ký.',
  ruleReward: 'Sau đó bạn nhận {{amount}} trong trung tâm thưởng, nhận một lần.',
  ruleFriendReward: 'Bạn bè của bạn cũng nhận {{amount}}.',
  ruleCap_one: 'Tối đa {{count}} bạn được thưởng mỗi tháng.',
  ruleCap_other: 'Tối đa {{count}} bạn được thưởng mỗi tháng.',
  ruleSelf:
    'Tự giới thiệu (cùng thiết bị, mạng hoặc tài khoản ngân hàng) không được thưởng; nhân viên sẽ xem xét các trường hợp này.',
  earned: 'Tiền thưởng đã nhận:',
  rewardedFriends: 'Bạn bè đã được thưởng:',
  toRewards: 'Đến trung tâm thưởng',
  friends: 'Bạn bè của bạn',
  noFriends: 'Chưa có bạn bè nào đăng ký bằng liên kết của bạn.',
  friend: 'Bạn bè',
  joined: 'Ngày tham gia',
  status: 'Trạng thái',
  statuses: {
    registered: 'Đã đăng ký',
    qualified: 'Đủ điều kiện',
    rewarded: 'Đã thưởng',
    flagged: 'Đang xem xét',
    rejected: 'Không hợp lệ',
  },
};

export default referralTy;
