/** Texts of the bonus terms of a promotion (bonus money, issue 23), spread into en.ts and ty.ts: `bonusTerms`. */
export const bonusAdminEn = {
  bonusTerms: {
    button: 'Bonus',
    title: 'Bonus terms: {{title}}',
    none: 'This promotion pays no bonus yet. Set its terms to let members join it.',
    kind: 'Kind',
    kinds: {
      first_deposit: 'First deposit',
      reload: 'Reload (any deposit after joining)',
      signup: 'Sign-up (paid when joined)',
    },
    enabled: 'Members can join',
    percent: 'Bonus, % of the deposit',
    fixedAmount: 'Sign-up bonus ({{currency}})',
    maxBonus: 'Largest bonus ({{currency}}, empty: no cap)',
    minDeposit: 'Minimum deposit ({{currency}})',
    multiplier: 'Wagering multiplier (×)',
    wagerBase: 'Wagering counted on',
    wagerBases: { bonus: 'The bonus', bonus_deposit: 'The bonus + the deposit' },
    maxConversion: 'Largest conversion to main ({{currency}}, empty: all)',
    maxStake: 'Largest stake while wagering ({{currency}}, empty: none)',
    expiryDays: 'Days to complete the wagering',
    newMembersOnly: 'Only members who registered after the promotion started',
    contributionsHelp:
      'Valid bets count 100 % on slots and fishing, 20 % on table games and video poker, 10 % on live casino, 50 % on sports; lottery does not count.',
    invalid: 'Enter a whole number within the limits.',
    amountInvalid: 'Enter an amount such as 100 or 100.50.',
    saved: 'Bonus terms saved.',
  },
};

export type BonusAdminTexts = typeof bonusAdminEn;

export const bonusAdminTy: BonusAdminTexts = {
  bonusTerms: {
    button: 'Thưởng',
    title: 'Điều kiện thưởng: {{title}}',
    none: 'Khuyến mãi này chưa có thưởng. Đặt điều kiện để thành viên có thể tham gia.',
    kind: 'Loại',
    kinds: {
      first_deposit: 'Nạp lần đầu',
      reload: 'Nạp lại (mọi lần nạp sau khi tham gia)',
      signup: 'Đăng ký (trả khi tham gia)',
    },
    enabled: 'Thành viên có thể tham gia',
    percent: 'Thưởng, % khoản nạp',
    fixedAmount: 'Thưởng đăng ký ({{currency}})',
    maxBonus: 'Thưởng tối đa ({{currency}}, để trống: không giới hạn)',
    minDeposit: 'Nạp tối thiểu ({{currency}})',
    multiplier: 'Hệ số cược (×)',
    wagerBase: 'Tính yêu cầu cược trên',
    wagerBases: { bonus: 'Tiền thưởng', bonus_deposit: 'Tiền thưởng + khoản nạp' },
    maxConversion: 'Chuyển tối đa vào số dư chính ({{currency}}, để trống: toàn bộ)',
    maxStake: 'Mức cược tối đa khi cược thưởng ({{currency}}, để trống: không)',
    expiryDays: 'Số ngày để hoàn tất cược',
    newMembersOnly: 'Chỉ thành viên đăng ký sau khi khuyến mãi bắt đầu',
    contributionsHelp:
      'Cược hợp lệ tính 100 % với slot và bắn cá, 20 % với bài bàn và video poker, 10 % với casino trực tiếp, 50 % với thể thao; xổ số không tính.',
    invalid: 'Nhập số nguyên trong giới hạn.',
    amountInvalid: 'Nhập số tiền như 100 hoặc 100.50.',
    saved: 'Đã lưu điều kiện thưởng.',
  },
};
