import type { WalletMode } from './wallet.tables.ts';

/** The demo merchant's game vendors: a few transfer-wallet providers and one seamless one. */
export const DEMO_VENDORS: Array<{ code: string; name: string; walletMode: WalletMode; sort: number }> = [
  { code: 'SABA', name: 'SABA Sports', walletMode: 'transfer', sort: 1 },
  { code: 'EVO', name: 'Evolution Live', walletMode: 'transfer', sort: 2 },
  { code: 'JILI', name: 'JILI Slots', walletMode: 'transfer', sort: 3 },
  { code: 'SEAGAME', name: 'SEA Games (seamless)', walletMode: 'seamless', sort: 4 },
];
