import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../state/session.ts';

/** Routes that need a login: without a token, go to /login (the agent centre: /agentLogin, the agent form). */
export function Protected() {
  const isLogin = useSession((s) => s.isLogin);
  const location = useLocation();
  if (!isLogin)
    return (
      <Navigate
        to={/^\/agent(Home|\/|$)/.test(location.pathname) ? '/agentLogin' : '/login'}
        replace
        state={{ from: location.pathname + location.search }}
      />
    );
  return <Outlet />;
}
