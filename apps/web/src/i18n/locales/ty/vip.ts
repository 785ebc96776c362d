import type { Widen } from '../../widen.ts';
import type { vipEn } from '../vip.ts';

/** The VIP page in TY (Vietnamese). */
export const vipTy: Widen<typeof vipEn> = {
  title: 'VIP',
  intro:
    'Cược hợp lệ của bạn tích lũy điểm hạng, nâng cấp VIP ngay lập tức. Mỗi cấp có thưởng thăng cấp, thưởng tuần, thưởng tháng và hoàn trả cao hơn.',
  loadError: 'Không thể tải trang VIP.',
  noLevels: 'Chương trình VIP chưa có cấp nào.',
  yourLevel: 'Cấp của bạn',
  period: { month: 'Tháng này', quarter: 'Quý này' },
  basis: { tier_points: 'Điểm hạng', deposit: 'Tiền nạp' },
  progressTo: 'Tiến độ lên {{name}}',
  toNext: {
    tier_points: 'Còn {{amount}} điểm hạng nữa để lên {{name}}',
    deposit: 'Nạp thêm {{amount}} để lên {{name}}',
  },
  top: 'Bạn đã đạt cấp cao nhất.',
  keep: {
    tier_points: 'Để giữ cấp {{name}}, hãy đạt {{amount}} điểm hạng trước khi kỳ kết thúc, nếu không sẽ giảm một cấp.',
    deposit: 'Để giữ cấp {{name}}, hãy nạp {{amount}} trước khi kỳ kết thúc, nếu không sẽ giảm một cấp.',
  },
  rewardsWhere: 'Thưởng thăng cấp và tiền thưởng đang chờ trong trung tâm thưởng.',
  goRewards: 'Đến trung tâm thưởng',
  benefits: 'Các cấp và quyền lợi',
  benefitsCaption: { tier_points: 'Ngưỡng tính bằng điểm hạng mỗi kỳ', deposit: 'Ngưỡng tính bằng tiền nạp mỗi kỳ' },
  level: 'Cấp',
  threshold: 'Để đạt',
  keepCol: 'Để giữ',
  levelUp: 'Thưởng thăng cấp',
  weekly: 'Thưởng tuần',
  monthly: 'Thưởng tháng',
  rebate: 'Hoàn trả thêm',
  history: 'Lịch sử cấp',
  noHistory: 'Chưa có thay đổi cấp nào.',
  change: { up: 'Lên: {{from}} → {{to}}', down: 'Xuống: {{from}} → {{to}}' },
};

export default vipTy;
