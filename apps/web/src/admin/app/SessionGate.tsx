import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AdminApiError } from '../api/client.ts';
import { logout, useMe } from '../api/session.ts';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { PermissionsProvider } from '../components/permissions.tsx';
import { ChangePasswordPage } from '../features/sign-in/ChangePasswordPage.tsx';
import { TwoFactorEnrolPage } from '../features/sign-in/TwoFactorEnrolPage.tsx';
import { useAdminSession } from '../state/session.ts';
import { MeProvider } from '../components/me-context.tsx';

/**
 * Everything behind sign-in: no token → the sign-in screen; then the set-up the server demands before anything else
 * (the forced password change, then two-factor enrolment), then the back office with the staff member's permissions.
 */
export function SessionGate() {
  const { t } = useTranslation();
  const location = useLocation();
  const { token, notice, mustChangePassword, twoFactorSetupRequired } = useAdminSession();
  const me = useMe();

  // After an ended session the same person signs in again and comes back here; after a sign-out, the start page.
  if (!token)
    return (
      <Navigate
        to="/sign-in"
        replace
        state={notice === 'signed-out' ? undefined : { from: location.pathname + location.search }}
      />
    );
  if (me.isError) {
    // /me may refuse while the set-up is pending: the sign-in's flags say which step.
    if (me.error instanceof AdminApiError && me.error.code === 'admin_setup_required') {
      if (mustChangePassword) return <ChangePasswordPage />;
      if (twoFactorSetupRequired) return <TwoFactorEnrolPage />;
    }
    return (
      <main className="bo-auth">
        <div className="bo-auth__card">
          <ErrorAlert error={me.error} onRetry={() => void me.refetch()} />
          <button type="button" className="bo-btn bo-btn--ghost" onClick={() => void logout()}>
            {t('shell.signOut')}
          </button>
        </div>
      </main>
    );
  }
  if (!me.data)
    return (
      <div className="bo-splash" role="status">
        {t('common.loading')}
      </div>
    );
  if (me.data.mustChangePassword) return <ChangePasswordPage />;
  if (me.data.twoFactorRequired && !me.data.twoFactorEnabled) return <TwoFactorEnrolPage />;
  return (
    <MeProvider me={me.data}>
      <PermissionsProvider permissions={me.data.permissions}>
        <Outlet />
      </PermissionsProvider>
    </MeProvider>
  );
}
