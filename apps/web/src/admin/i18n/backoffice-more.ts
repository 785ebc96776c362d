/**
 * Texts of issue 22's last items (image uploads, cancelling a fast-lottery draw, labels of the members' filters),
 * spread into en.ts and ty.ts under `more`. The TY block has the same keys (checked through `MoreTexts`).
 */
export const moreEn = {
  more: {
    image: {
      upload: 'Upload an image',
      uploading: 'Uploading…',
      remove: 'Remove image',
      previewIcon: 'Preview of the game icon',
      previewPromotion: 'Preview of the promotion image',
      iconHint: 'PNG or JPG, at most 1 MB; stored at most 512 px a side.',
      promoHint: 'PNG or JPG, at most 5 MB. Shown on the promotions page.',
      icon: 'Icon',
      noIcon: 'No icon',
    },
    /** The member page's ledger-entry kinds (contracts HISTORY_TYPES). */
    ledgerTypes: {
      deposit: 'Deposit',
      withdrawal: 'Withdrawal',
      transfer: 'Transfer',
      adjustment: 'Adjustment',
      bet: 'Bet',
      win: 'Win',
      bonus: 'Bonus',
      other: 'Other',
    },
    /** A bet record's status (contracts ROUND_STATUSES). */
    betStatuses: { open: 'Open', settled: 'Settled', rolled_back: 'Rolled back' },
    agentSettings: {
      title: 'Agent settings',
      maxRebatePoint: 'Maximum rebate point',
      maxRebatePointHelp: 'The highest rebate point a top-level agent may have (e.g. 12.5).',
      activeMinBet: 'Valid bet of an active member',
      activeMinBetHelp: 'A member counts as active on a day with at least this valid bet.',
      pointInvalid: 'Use a number such as 12 or 12.5',
      amountInvalid: 'Enter an amount such as 100 or 100.50',
    },
    limits: {
      title: 'Limits',
      help: 'The money limits of this site in one place. Every change is checked here and by the server, and written to the audit log.',
      withdrawals: 'Withdrawals',
      deposits: 'Deposits, by method',
      depositsHelp: 'A deposit below its method’s minimum or above its maximum is refused.',
      change: 'Change a deposit method’s limits in Payment methods',
      noAccess: 'Your role does not show the payment limits (payments.view).',
    },
    walletMode: {
      names: { seamless: 'seamless wallet', transfer: 'transfer wallet' },
      to: { seamless: 'Switch to seamless wallet', transfer: 'Switch to transfer wallet' },
      title: 'Move {{name}} to the {{mode}}?',
      text: {
        seamless:
          'Members will play with their main balance: the vendor calls our wallet for every bet and win, and transfers to and from this vendor end. Refused while any member still holds money in this vendor’s transfer wallet or a round is open.',
        transfer:
          'Members will move money into this vendor’s own wallet before playing, and back after; the vendor stops calling our wallet. Refused while a round is open.',
      },
    },
  },
};

export type MoreTexts = typeof moreEn;

export const moreTy: MoreTexts = {
  more: {
    image: {
      upload: 'Tải ảnh lên',
      uploading: 'Đang tải lên…',
      remove: 'Xoá ảnh',
      previewIcon: 'Xem trước biểu tượng trò chơi',
      previewPromotion: 'Xem trước hình khuyến mãi',
      iconHint: 'PNG hoặc JPG, tối đa 1 MB; lưu tối đa 512 px mỗi cạnh.',
      promoHint: 'PNG hoặc JPG, tối đa 5 MB. Hiển thị trên trang khuyến mãi.',
      icon: 'Biểu tượng',
      noIcon: 'Không có biểu tượng',
    },
    ledgerTypes: {
      deposit: 'Nạp tiền',
      withdrawal: 'Rút tiền',
      transfer: 'Chuyển quỹ',
      adjustment: 'Điều chỉnh',
      bet: 'Cược',
      win: 'Thắng',
      bonus: 'Thưởng',
      other: 'Khác',
    },
    betStatuses: { open: 'Đang mở', settled: 'Đã thanh toán', rolled_back: 'Đã hoàn' },
    agentSettings: {
      title: 'Cài đặt đại lý',
      maxRebatePoint: 'Điểm hoàn trả tối đa',
      maxRebatePointHelp: 'Điểm hoàn trả cao nhất một đại lý cấp trên cùng có thể có (ví dụ 12.5).',
      activeMinBet: 'Cược hợp lệ của hội viên hoạt động',
      activeMinBetHelp: 'Hội viên được tính là hoạt động trong ngày có ít nhất số cược hợp lệ này.',
      pointInvalid: 'Nhập một số như 12 hoặc 12.5',
      amountInvalid: 'Nhập số tiền như 100 hoặc 100.50',
    },
    limits: {
      title: 'Hạn mức',
      help: 'Các hạn mức tiền của trang ở một nơi. Mỗi thay đổi được kiểm tra tại đây và trên máy chủ, rồi ghi vào nhật ký kiểm tra.',
      withdrawals: 'Rút tiền',
      deposits: 'Nạp tiền, theo phương thức',
      depositsHelp: 'Khoản nạp dưới mức tối thiểu hoặc trên mức tối đa của phương thức sẽ bị từ chối.',
      change: 'Đổi hạn mức của phương thức nạp trong Phương thức thanh toán',
      noAccess: 'Vai trò của bạn không xem được hạn mức thanh toán (payments.view).',
    },
    walletMode: {
      names: { seamless: 'ví liền mạch', transfer: 'ví chuyển quỹ' },
      to: { seamless: 'Chuyển sang ví liền mạch', transfer: 'Chuyển sang ví chuyển quỹ' },
      title: 'Chuyển {{name}} sang {{mode}}?',
      text: {
        seamless:
          'Hội viên sẽ chơi bằng số dư chính: nhà cung cấp gọi ví của chúng ta cho mỗi lần cược và thắng, việc chuyển quỹ đến và từ nhà cung cấp này kết thúc. Bị từ chối khi còn hội viên giữ tiền trong ví chuyển quỹ của nhà cung cấp này hoặc còn ván đang mở.',
        transfer:
          'Hội viên sẽ chuyển tiền vào ví riêng của nhà cung cấp trước khi chơi và chuyển về sau đó; nhà cung cấp ngừng gọi ví của chúng ta. Bị từ chối khi còn ván đang mở.',
      },
    },
  },
};
