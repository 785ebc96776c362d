import type { Widen } from '../../widen.ts';
import type { walletEn } from '../wallet.ts';

/** The same texts in the second language (TY, Vietnamese). */
export const walletTy: Widen<typeof walletEn> = {
  title: 'Ví',
  balance: 'Số dư',
  pendingHold: '· {{amount}} đang chờ',
  refreshBalance: 'Làm mới số dư',
  hideBalance: 'Ẩn số dư',
  showBalance: 'Hiện số dư',
  balanceError: 'Không tải được số dư. Chạm để thử lại.',
  bonusPart: '+ {{amount}} thưởng',
  trial: 'Dùng thử',
  trialHint: 'Tài khoản dùng thử: không có tiền thật',
};

export default walletTy;
