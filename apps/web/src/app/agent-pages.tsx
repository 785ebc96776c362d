import { type ComponentType, lazy } from 'react';

/** A feature's page as its own chunk (each agent-centre page loads when it is first opened). */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const reports = () => import('../features/agent/ReportPages.tsx');
const contracts = () => import('../features/agent/ContractPages.tsx');

/** The agent-centre page registry: the built pages by page name (CentrePage answers 404 for any other). */
export const AGENT_PAGES: Partial<Record<string, ComponentType>> = {
  agentTeamOverview: page(() => import('../features/agent/TeamOverviewPage.tsx'), 'TeamOverviewPage'),
  agentAnnouncement: page(() => import('../features/agent/AnnouncementsPage.tsx'), 'AnnouncementsPage'),
  agentPolicy: page(() => import('../features/agent/AgentPolicyPage.tsx'), 'AgentPolicyPage'),
  registerCenter: page(() => import('../features/agent/RegisterCenterPage.tsx'), 'RegisterCenterPage'),
  downlineManagmentView: page(() => import('../features/agent/DownlinesPage.tsx'), 'DownlinesPage'),
  personalHistoryCopy: page(reports, 'TeamBetsPage'),
  palStatementsAgentCopy: page(reports, 'PnlStatementsPage'),
  agentRevenueReport: page(reports, 'RevenueReportPage'),
  agentDownlineTransactionDetailsCopy: page(reports, 'TeamTransactionsPage'),
  myIncome: page(reports, 'IncomePage'),
  contractRequest: page(contracts, 'ContractOfferPage'),
  contractList: page(contracts, 'ContractsPage'),
  dividendRecord: page(contracts, 'DividendRecordPage'),
  dailyWages: page(contracts, 'DailyWagesPage'),
  hourlySalary: page(contracts, 'HourlySalaryPage'),
  realTimeSalary: page(contracts, 'RealTimeSalaryPage'),
};

/** The contract popup (logged-in users), its own chunk. */
export const ContractPopup = page(() => import('../features/agent/ContractPopup.tsx'), 'ContractPopup');
