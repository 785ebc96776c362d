import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { useCan } from '../components/permissions.tsx';
import { AdjustmentsPage } from '../features/payments/AdjustmentsPage.tsx';
import { DepositsPage } from '../features/payments/DepositsPage.tsx';
import { PaymentMethodsPage } from '../features/payments/PaymentMethodsPage.tsx';
import { WithdrawalsPage } from '../features/payments/WithdrawalsPage.tsx';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { MemberPage } from '../features/members/MemberPage.tsx';
import { MembersPage } from '../features/members/MembersPage.tsx';
import { AuditPage } from '../features/audit/AuditPage.tsx';
import { KycMemberPage } from '../features/kyc/KycMemberPage.tsx';
import { KycQueuePage } from '../features/kyc/KycQueuePage.tsx';
import { FeedbackDetailPage } from '../features/feedback/FeedbackDetailPage.tsx';
import { FeedbackInboxPage } from '../features/feedback/FeedbackInboxPage.tsx';
import { ChatModerationPage } from '../features/chat/ChatModerationPage.tsx';
import { ChainsPage } from '../features/lottery/ChainsPage.tsx';
import { GamesPage as LotteryGamesPage } from '../features/lottery/GamesPage.tsx';
import { IssuePage } from '../features/lottery/IssuePage.tsx';
import { IssuesPage } from '../features/lottery/IssuesPage.tsx';
import { ShortfallsPage } from '../features/lottery/ShortfallsPage.tsx';
import { CategoriesPage } from '../features/games/CategoriesPage.tsx';
import { GamesPage } from '../features/games/GamesPage.tsx';
import { RoundLookupPage } from '../features/games/RoundLookupPage.tsx';
import { VendorsPage } from '../features/games/VendorsPage.tsx';
import { TablesPage } from '../features/tables/TablesPage.tsx';
import { BannersPage } from '../features/site-content/BannersPage.tsx';
import { NoticesPage } from '../features/site-content/NoticesPage.tsx';
import { SignInPage } from '../features/sign-in/SignInPage.tsx';
import { RolesPage } from '../features/staff/RolesPage.tsx';
import { StaffListPage } from '../features/staff/StaffListPage.tsx';
import { StaffSettingsPage } from '../features/staff/StaffSettingsPage.tsx';
import { agentsContentRoutes } from './routes-agents-content.tsx';
import { rewardsRoutes } from './routes-rewards.tsx';
import { navFor } from './nav.ts';
import { NotFound } from './NotFound.tsx';
import { PageErrorBoundary } from './PageError.tsx';
import { SessionGate } from './SessionGate.tsx';
import { Shell } from './Shell.tsx';

/** The first screen this staff member may open. */
function Home() {
  const first = navFor(useCan())[0]?.items[0];
  return first ? <Navigate to={first.path} replace /> : <NotFound noAccess />;
}

/** The back office's route table (under the /admin base). */
export const adminRoutes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  {
    element: <SessionGate />,
    children: [
      {
        element: <Shell />,
        children: [
          { index: true, element: <Home /> },
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'members', element: <MembersPage /> },
          { path: 'members/:ref', element: <MemberPage /> },
          { path: 'kyc', element: <KycQueuePage /> },
          { path: 'kyc/:account', element: <KycMemberPage /> },
          { path: 'payments/deposits', element: <DepositsPage /> },
          { path: 'payments/withdrawals', element: <WithdrawalsPage /> },
          { path: 'payments/adjustments', element: <AdjustmentsPage /> },
          { path: 'feedback', element: <FeedbackInboxPage /> },
          { path: 'feedback/:reference', element: <FeedbackDetailPage /> },
          { path: 'chat', element: <ChatModerationPage /> },
          { path: 'lottery/issues', element: <IssuesPage /> },
          { path: 'lottery/issues/:gameCode/:issueId', element: <IssuePage /> },
          { path: 'lottery/games', element: <LotteryGamesPage /> },
          { path: 'lottery/shortfalls', element: <ShortfallsPage /> },
          { path: 'lottery/chains', element: <ChainsPage /> },
          { path: 'payments/methods', element: <PaymentMethodsPage /> },
          { path: 'games', element: <GamesPage /> },
          { path: 'games/vendors', element: <VendorsPage /> },
          { path: 'games/categories', element: <CategoriesPage /> },
          { path: 'games/rounds', element: <RoundLookupPage /> },
          { path: 'games/tables', element: <TablesPage /> },
          { path: 'staff', element: <StaffListPage /> },
          { path: 'staff/roles', element: <RolesPage /> },
          { path: 'staff/settings', element: <StaffSettingsPage /> },
          { path: 'content/banners', element: <BannersPage /> },
          { path: 'content/notices', element: <NoticesPage screen="notices" /> },
          { path: 'content/popups', element: <NoticesPage screen="popups" /> },
          { path: 'audit', element: <AuditPage /> },
          ...agentsContentRoutes,
          ...rewardsRoutes,
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/**
 * The back office's pages under the router around them (BrowserRouter with basename /admin in App.tsx, a memory router
 * in tests). Declarative, as the player site's (app/routes.tsx): the router's data APIs are not used, and its code
 * would sit in the router chunk that the player's first page shares.
 */
export function AdminRoutes() {
  return <PageErrorBoundary>{useRoutes(adminRoutes)}</PageErrorBoundary>;
}
