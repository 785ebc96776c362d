import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../state/session.ts';

/** Routes that need a login: without a token, go to /login (which opens the login popup). */
export function Protected() {
  const isLogin = useSession((s) => s.isLogin);
  const location = useLocation();
  if (!isLogin) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
