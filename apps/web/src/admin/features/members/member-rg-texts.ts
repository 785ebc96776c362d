import { adminI18n } from '../../i18n/index.ts';

/** The member page's responsible-gaming section (EN, TY), added to the back office's texts when it loads. */
const en = {
  title: 'Responsible gaming',
  show: 'Limits, break and changes',
  block: 'Break',
  none: 'None',
  time_out: 'Time-out until {{until}}',
  self_exclusion: 'Self-exclusion until {{until}}',
  locked: 'A break cannot be lifted or shortened by anyone.',
  limit: 'Limit',
  noLimit: 'No limit',
  used: 'Used',
  pending: 'Pending',
  log: 'Changes',
  noLog: 'No changes yet.',
  byMember: 'Member',
  kinds: { deposit: 'Deposit', loss: 'Loss', wager: 'Wager' },
  periods: { day: 'Day', week: 'Week', month: 'Month' },
};
const ty: typeof en = {
  title: 'Chơi có trách nhiệm',
  show: 'Giới hạn, tạm nghỉ và thay đổi',
  block: 'Tạm nghỉ',
  none: 'Không',
  time_out: 'Tạm nghỉ đến {{until}}',
  self_exclusion: 'Tự loại trừ đến {{until}}',
  locked: 'Không ai có thể dỡ bỏ hoặc rút ngắn thời gian tạm nghỉ.',
  limit: 'Giới hạn',
  noLimit: 'Không giới hạn',
  used: 'Đã dùng',
  pending: 'Chờ áp dụng',
  log: 'Thay đổi',
  noLog: 'Chưa có thay đổi.',
  byMember: 'Hội viên',
  kinds: { deposit: 'Nạp tiền', loss: 'Thua', wager: 'Cược' },
  periods: { day: 'Ngày', week: 'Tuần', month: 'Tháng' },
};
adminI18n.addResourceBundle('en', 'translation', { memberRg: en }, true, false);
adminI18n.addResourceBundle('ty', 'translation', { memberRg: ty }, true, false);
