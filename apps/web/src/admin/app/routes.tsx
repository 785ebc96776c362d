import { Navigate, type RouteObject } from 'react-router';
import { useCan } from '../components/permissions.tsx';
import { AdjustmentsPage } from '../features/payments/AdjustmentsPage.tsx';
import { DepositsPage } from '../features/payments/DepositsPage.tsx';
import { WithdrawalsPage } from '../features/payments/WithdrawalsPage.tsx';
import { AuditPage } from '../features/audit/AuditPage.tsx';
import { SignInPage } from '../features/sign-in/SignInPage.tsx';
import { RolesPage } from '../features/staff/RolesPage.tsx';
import { StaffListPage } from '../features/staff/StaffListPage.tsx';
import { StaffSettingsPage } from '../features/staff/StaffSettingsPage.tsx';
import { navFor } from './nav.ts';
import { NotFound } from './NotFound.tsx';
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
          { path: 'payments/deposits', element: <DepositsPage /> },
          { path: 'payments/withdrawals', element: <WithdrawalsPage /> },
          { path: 'payments/adjustments', element: <AdjustmentsPage /> },
          { path: 'staff', element: <StaffListPage /> },
          { path: 'staff/roles', element: <RolesPage /> },
          { path: 'staff/settings', element: <StaffSettingsPage /> },
          { path: 'audit', element: <AuditPage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
