/**
 * Member centre pages (spec §2), in menu order; the first is where /member lands. `referral` is listed while the
 * merchant's REFERRALPROMO3 flag is on (FLAGGED_PAGES).
 */
export const MEMBER_PAGES = [
  'securityCenter',
  'identityVerification',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'missionLeaderboard',
  'vip',
  'referral',
  'messageV2',
  'feedback',
  'manualRebate',
  'responsibleGaming',
] as const;

/** The spec's member-centre pages that are not built: not listed, their URLs redirect to /promotions (none now). */
export const RETIRED_MEMBER_PAGES: readonly string[] = [];

/**
 * Agent centre pages (spec §2). myIncome, contractRequest and contractList are the spec's "my income" and
 * "contract request pages" (paths not named by the spec); agentPolicy is the merchant's agent policy
 * (AGENTPOLICY3); the last four are the settlement records by contract type (names ours too).
 */
export const AGENT_PAGES = [
  'agentTeamOverview',
  'agentAnnouncement',
  'agentPolicy',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'myIncome',
  'contractRequest',
  'contractList',
  'dividendRecord',
  'dailyWages',
  'hourlySalary',
  'realTimeSalary',
] as const;

/** The agent centre's settlement record pages by the contract type they list (shown to holders of that type). */
export const SETTLEMENT_PAGES: Record<string, 'dividend' | 'daily_wage' | 'hourly_salary' | 'realtime_salary'> = {
  dividendRecord: 'dividend',
  dailyWages: 'daily_wage',
  hourlySalary: 'hourly_salary',
  realTimeSalary: 'realtime_salary',
};

/** Centre pages a merchant's feature flag turns on (listed, and opened, only while it is on). */
export const FLAGGED_PAGES: Record<string, 'AGENTPOLICY3' | 'VIP3' | 'REFERRALPROMO3'> = {
  agentPolicy: 'AGENTPOLICY3',
  vip: 'VIP3',
  referral: 'REFERRALPROMO3',
};

export type CentreArea = 'member' | 'agent';

export const CENTRE_PAGES: Record<CentreArea, readonly string[]> = { member: MEMBER_PAGES, agent: AGENT_PAGES };
