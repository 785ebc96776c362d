import type { ComponentType } from 'react';
import { DepositPage } from '../deposit/DepositPage.tsx';
import { PersonalProfitPage } from '../history/PersonalProfitPage.tsx';
import { TransactionHistoryPage } from '../history/TransactionHistoryPage.tsx';
import { SecurityCenter } from '../member/SecurityCenter.tsx';
import { TransferFundPage } from '../wallet/TransferFundPage.tsx';
import { TransferUplinePage } from '../wallet/TransferUplinePage.tsx';
import { WithdrawPage } from '../withdraw/WithdrawPage.tsx';

/** The member-centre pages that are built, by page name; the others show "coming soon". */
export const MEMBER_PAGE_COMPONENTS: Partial<Record<string, ComponentType>> = {
  securityCenter: SecurityCenter,
  transferFund: TransferFundPage,
  depositv2: DepositPage,
  withdraw: WithdrawPage,
  transferUpline: TransferUplinePage,
  transactionHistory: TransactionHistoryPage,
  personalProfit: PersonalProfitPage,
};
