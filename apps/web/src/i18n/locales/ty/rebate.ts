import type { Widen } from '../../widen.ts';
import type { rebateEn } from '../rebate.ts';

/** The same texts in the second language (TY, Vietnamese). */
export const rebateTy: Widen<typeof rebateEn> = {
  title: 'Hoàn trả thủ công',
  intro:
    'Mỗi cược hợp lệ được hoàn trả theo loại trò chơi. Nhận ngay phần hoàn trả của hôm nay, hoặc hệ thống tự động trả sau khi ngày kết thúc.',
  today: 'Hôm nay ({{day}})',
  category: 'Loại',
  validBet: 'Cược hợp lệ',
  rate: 'Tỷ lệ',
  accrued: 'Đã tích lũy',
  claimed: 'Đã nhận',
  claimable: 'Có thể nhận',
  total: 'Tổng có thể nhận',
  claim: 'Nhận {{amount}}',
  claiming: 'Đang nhận…',
  nothing: 'Chưa có gì để nhận: đặt cược hôm nay để được hoàn trả.',
  paid: 'Đã cộng {{amount}} vào số dư của bạn.',
  paidNothing: 'Hiện chưa có thêm gì để nhận.',
  amountsIn: 'Số tiền tính bằng {{currency}}',
  records: 'Lịch sử hoàn trả',
  noRecords: 'Chưa có khoản hoàn trả nào.',
  day: 'Ngày',
  kind: 'Hình thức',
  kinds: { claim: 'Tự nhận', daily: 'Trả hằng ngày' },
  amount: 'Số tiền',
  paidAt: 'Thời gian trả',
  pagination: 'Các trang lịch sử hoàn trả',
  loadError: 'Không tải được thông tin hoàn trả.',
  categories: {
    LOTT: 'Xổ số',
    ELOTT: 'Xổ số nhanh',
    FISH: 'Bắn cá',
    RNG: 'Slot',
    LIVE: 'Casino trực tuyến',
    SPORTS: 'Thể thao',
    ESPORTS: 'Thể thao điện tử',
    PVP: 'Game bài',
    COCKFIGHT: 'Đá gà',
  },
};

export default rebateTy;
