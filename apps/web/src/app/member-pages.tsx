import { type ComponentType, lazy } from 'react';

/** A feature's page as its own chunk (each member-centre page loads when it is first opened). */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

/**
 * The page registry: the member-centre pages by page name (every page of the menu is built).
 * The one place where one feature's page is shown inside another's (the centre): features never import each other.
 */
export const MEMBER_PAGES: Partial<Record<string, ComponentType>> = {
  securityCenter: page(() => import('../features/member/SecurityCenter.tsx'), 'SecurityCenter'),
  identityVerification: page(() => import('../features/kyc/IdentityPage.tsx'), 'IdentityPage'),
  transferFund: page(() => import('../features/wallet/TransferFundPage.tsx'), 'TransferFundPage'),
  depositv2: page(() => import('../features/deposit/DepositPage.tsx'), 'DepositPage'),
  withdraw: page(() => import('../features/withdraw/WithdrawPage.tsx'), 'WithdrawPage'),
  transferUpline: page(() => import('../features/wallet/TransferUplinePage.tsx'), 'TransferUplinePage'),
  personalHistoryCopy: page(() => import('../features/history/BetRecordsPage.tsx'), 'BetRecordsPage'),
  transactionHistory: page(() => import('../features/history/TransactionHistoryPage.tsx'), 'TransactionHistoryPage'),
  personalProfit: page(() => import('../features/history/PersonalProfitPage.tsx'), 'PersonalProfitPage'),
  bonusDetails: page(() => import('../features/bonus/BonusDetailsPage.tsx'), 'BonusDetailsPage'),
  rewardCenter: page(() => import('../features/rewards/RewardCenterPage.tsx'), 'RewardCenterPage'),
  missionLeaderboard: page(() => import('../features/rewards/MissionLeaderboardPage.tsx'), 'MissionLeaderboardPage'),
  vip: page(() => import('../features/vip/VipPage.tsx'), 'VipPage'),
  referral: page(() => import('../features/referral/ReferralPage.tsx'), 'ReferralPage'),
  messageV2: page(() => import('../features/messages/MessagesPage.tsx'), 'MessagesPage'),
  feedback: page(() => import('../features/feedback/FeedbackPage.tsx'), 'FeedbackPage'),
  manualRebate: page(() => import('../features/rebate/ManualRebatePage.tsx'), 'ManualRebatePage'),
  responsibleGaming: page(
    () => import('../features/responsible-gaming/ResponsibleGamingPage.tsx'),
    'ResponsibleGamingPage',
  ),
};
