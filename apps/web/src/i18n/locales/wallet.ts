/** Texts of the header balance (English), on the first page; the wallet pages' texts are in wallet-pages.ts. */
export const walletEn = {
  title: 'Wallet',
  balance: 'Balance',
  pendingHold: '· {{amount}} pending',
  refreshBalance: 'Refresh balance',
  hideBalance: 'Hide balance',
  showBalance: 'Show balance',
  balanceError: 'Balance unavailable. Tap to retry.',
  bonusPart: '+ {{amount}} bonus',
  trial: 'Trial',
  trialHint: 'Trial account: no real money',
} as const;
