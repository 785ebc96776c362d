import type { RouteObject } from 'react-router';
import { AgentsPage } from '../features/agents/AgentsPage.tsx';
import { ContractsPage } from '../features/agents/ContractsPage.tsx';
import { RebateRatesPage } from '../features/agents/RebateRatesPage.tsx';
import { SettlementsPage } from '../features/agents/SettlementsPage.tsx';
import { AnnouncementsPage } from '../features/content/AnnouncementsPage.tsx';
import { MessagesPage } from '../features/content/MessagesPage.tsx';
import { PromotionsPage } from '../features/content/PromotionsPage.tsx';
import { SiteSettingsPage } from '../features/settings/SiteSettingsPage.tsx';

/** The agents, content and merchant settings screens (issue 22), under the shell. */
export const agentsContentRoutes: RouteObject[] = [
  { path: 'agents', element: <AgentsPage /> },
  { path: 'agents/contracts', element: <ContractsPage /> },
  { path: 'agents/settlements', element: <SettlementsPage /> },
  { path: 'agents/rebate-rates', element: <RebateRatesPage /> },
  { path: 'content/promotions', element: <PromotionsPage /> },
  { path: 'content/messages', element: <MessagesPage /> },
  { path: 'content/announcements', element: <AnnouncementsPage /> },
  { path: 'settings', element: <SiteSettingsPage /> },
];
