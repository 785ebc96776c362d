/** The "pay as cash / as bonus" fields of the reward programmes' editors (issue 23); spread into en, ty and tl. */
export const payAsAdminEn = {
  payAs: {
    legend: 'Payment',
    label: 'Pay as',
    cash: 'Cash to the main wallet',
    bonus: 'Bonus money with wagering',
    bonusHint:
      'Claimed, it goes to the member’s bonus account (queued behind an active bonus) and converts to main money once wagered.',
    multiplier: 'Wagering (× the amount)',
    expiryDays: 'Days to wager',
    maxConversion: 'Maximum conversion ({{currency}})',
    maxStake: 'Maximum stake while wagering ({{currency}})',
    optional: 'Optional: empty for none.',
    multiplierInvalid: 'A whole number from 0 to 200.',
    expiryInvalid: 'A whole number of days from 1 to 365.',
    column: 'Paid as',
    showCash: 'Cash',
    showBonus: 'Bonus ×{{multiplier}} · {{days}} days',
    showMaxConversion: 'Converts at most {{amount}}',
    showMaxStake: 'Stake at most {{amount}}',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type PayAsAdminTexts = Widen<typeof payAsAdminEn>;

export const payAsAdminTy: PayAsAdminTexts = {
  payAs: {
    legend: 'Thanh toán',
    label: 'Trả bằng',
    cash: 'Tiền mặt vào ví chính',
    bonus: 'Tiền thưởng có yêu cầu cược',
    bonusHint:
      'Khi nhận, tiền vào tài khoản thưởng của thành viên (xếp hàng sau khoản thưởng đang hoạt động) và chuyển thành tiền chính khi đủ cược.',
    multiplier: 'Yêu cầu cược (× số tiền)',
    expiryDays: 'Số ngày để cược',
    maxConversion: 'Chuyển đổi tối đa ({{currency}})',
    maxStake: 'Mức cược tối đa khi đang cược thưởng ({{currency}})',
    optional: 'Không bắt buộc: để trống nếu không giới hạn.',
    multiplierInvalid: 'Một số nguyên từ 0 đến 200.',
    expiryInvalid: 'Số ngày nguyên từ 1 đến 365.',
    column: 'Trả bằng',
    showCash: 'Tiền mặt',
    showBonus: 'Thưởng ×{{multiplier}} · {{days}} ngày',
    showMaxConversion: 'Chuyển đổi tối đa {{amount}}',
    showMaxStake: 'Cược tối đa {{amount}}',
  },
};

export const payAsAdminTl: PayAsAdminTexts = {
  payAs: {
    legend: 'Bayad',
    label: 'Ibayad bilang',
    cash: 'Cash sa main wallet',
    bonus: 'Bonus money na may wagering',
    bonusHint:
      'Kapag kinuha, papasok ito sa bonus account ng miyembro (nakapila sa likod ng aktibong bonus) at magiging main money kapag natapos ang wagering.',
    multiplier: 'Wagering (× ang halaga)',
    expiryDays: 'Mga araw para mag-wager',
    maxConversion: 'Pinakamataas na conversion ({{currency}})',
    maxStake: 'Pinakamataas na taya habang nagwa-wager ({{currency}})',
    optional: 'Opsyonal: iwanang blangko kung wala.',
    multiplierInvalid: 'Buong numero mula 0 hanggang 200.',
    expiryInvalid: 'Buong bilang ng araw mula 1 hanggang 365.',
    column: 'Ibinabayad bilang',
    showCash: 'Cash',
    showBonus: 'Bonus ×{{multiplier}} · {{days}} araw',
    showMaxConversion: 'Pinakamataas na conversion {{amount}}',
    showMaxStake: 'Pinakamataas na taya {{amount}}',
  },
};
