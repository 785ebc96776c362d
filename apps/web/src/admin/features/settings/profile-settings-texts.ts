import { adminI18n } from '../../i18n/index.ts';

/** The settings page's profile section (EN, TY, TL), added to the back office's texts when it loads. */
const en = {
  title: 'Player profile',
  help: "The fields of the player's profile in the security centre: required, optional or hidden. The birthday is checked against the minimum age.",
  minAge: 'Minimum age',
  minAgeRange: 'Between 16 and 25 years.',
  closedRetention: 'Closed accounts: days before personal data is erased',
  closedRetentionRange: 'Between 30 and 3,650 days (5 years: 1,825). The ledger is always kept.',
  save: 'Save profile settings',
  saved: 'Saved. The change is in the audit log.',
  fields: {
    nickname: 'Nickname',
    realName: 'Real name',
    birthday: 'Date of birth',
    email: 'E-mail',
    zalo: 'Zalo',
    telegram: 'Telegram',
    address: 'Address',
    nationality: 'Nationality',
    occupation: 'Occupation',
    incomeSource: 'Source of income',
  },
};
const ty: typeof en = {
  title: 'Hồ sơ người chơi',
  help: 'Các trường hồ sơ của người chơi trong trung tâm bảo mật: bắt buộc, tùy chọn hoặc ẩn. Ngày sinh được kiểm tra theo tuổi tối thiểu.',
  minAge: 'Tuổi tối thiểu',
  minAgeRange: 'Từ 16 đến 25 tuổi.',
  closedRetention: 'Tài khoản đã đóng: số ngày trước khi xóa dữ liệu cá nhân',
  closedRetentionRange: 'Từ 30 đến 3.650 ngày (5 năm: 1.825). Sổ cái luôn được giữ lại.',
  save: 'Lưu cài đặt hồ sơ',
  saved: 'Đã lưu. Thay đổi có trong nhật ký kiểm tra.',
  fields: {
    nickname: 'Biệt danh',
    realName: 'Họ tên thật',
    birthday: 'Ngày sinh',
    email: 'E-mail',
    zalo: 'Zalo',
    telegram: 'Telegram',
    address: 'Địa chỉ',
    nationality: 'Quốc tịch',
    occupation: 'Nghề nghiệp',
    incomeSource: 'Nguồn thu nhập',
  },
};
adminI18n.addResourceBundle('en', 'translation', { siteProfile: en }, true, false);
const tl: typeof en = {
  title: 'Profile ng manlalaro',
  help: 'Ang mga field ng profile ng manlalaro sa security centre: kailangan, opsiyonal o nakatago. Sinusuri ang kaarawan ayon sa minimum na edad.',
  minAge: 'Minimum na edad',
  minAgeRange: 'Mula 16 hanggang 25 taon.',
  closedRetention: 'Mga saradong account: ilang araw bago burahin ang personal na datos',
  closedRetentionRange: 'Mula 30 hanggang 3,650 araw (5 taon: 1,825). Laging itinatago ang ledger.',
  save: 'I-save ang mga setting ng profile',
  saved: 'Na-save. Nasa audit log ang pagbabago.',
  fields: {
    nickname: 'Palayaw',
    realName: 'Tunay na pangalan',
    birthday: 'Petsa ng kapanganakan',
    email: 'E-mail',
    zalo: 'Zalo',
    telegram: 'Telegram',
    address: 'Address',
    nationality: 'Nasyonalidad',
    occupation: 'Trabaho',
    incomeSource: 'Pinagmumulan ng kita',
  },
};
adminI18n.addResourceBundle('ty', 'translation', { siteProfile: ty }, true, false);
adminI18n.addResourceBundle('tl', 'translation', { siteProfile: tl }, true, false);

/** The texts by language (the back office's completeness test compares them with English). */
export const siteProfileTexts = { en, ty, tl };
