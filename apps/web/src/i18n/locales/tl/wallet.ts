import type { Widen } from '../../widen.ts';
import type { walletEn } from '../wallet.ts';

/** The header balance in TL (Tagalog). */
export const walletTl: Widen<typeof walletEn> = {
  title: 'Wallet',
  balance: 'Balanse',
  pendingHold: '· {{amount}} nakabinbin',
  refreshBalance: 'I-refresh ang balanse',
  hideBalance: 'Itago ang balanse',
  showBalance: 'Ipakita ang balanse',
  balanceError: 'Hindi makuha ang balanse. I-tap para subukang muli.',
  bonusPart: '+ {{amount}} bonus',
  trial: 'Trial',
  trialHint: 'Trial account: walang totoong pera',
};

export default walletTl;
