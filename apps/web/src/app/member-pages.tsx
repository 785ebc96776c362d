import type { ComponentType } from 'react';
import { DepositPage } from '../features/deposit/DepositPage.tsx';
import { PersonalProfitPage } from '../features/history/PersonalProfitPage.tsx';
import { TransactionHistoryPage } from '../features/history/TransactionHistoryPage.tsx';
import { SecurityCenter } from '../features/member/SecurityCenter.tsx';
import { TransferFundPage } from '../features/wallet/TransferFundPage.tsx';
import { TransferUplinePage } from '../features/wallet/TransferUplinePage.tsx';
import { WithdrawPage } from '../features/withdraw/WithdrawPage.tsx';

/**
 * The page registry: the member-centre pages that are built, by page name (the others show "coming soon").
 * The one place where one feature's page is shown inside another's (the centre): features never import each other.
 */
export const MEMBER_PAGES: Partial<Record<string, ComponentType>> = {
  securityCenter: SecurityCenter,
  transferFund: TransferFundPage,
  depositv2: DepositPage,
  withdraw: WithdrawPage,
  transferUpline: TransferUplinePage,
  transactionHistory: TransactionHistoryPage,
  personalProfit: PersonalProfitPage,
};
