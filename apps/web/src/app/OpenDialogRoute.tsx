import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { HomePage } from '../features/home/HomePage.tsx';
import { type DialogName, useUi } from '../state/ui.ts';

/**
 * /login redirects to / with the login popup open; /register and /help show home with their popup
 * (a hash such as /help#deposit selects that article); /agentLogin opens the login popup's agent form.
 */
export function OpenDialogRoute({
  dialog,
  redirectTo,
  detail,
}: {
  dialog: Exclude<DialogName, null>;
  redirectTo?: string;
  /** The popup's detail when the path has no hash (/agentLogin: the login popup's agent form). */
  detail?: string;
}) {
  const open = useUi((s) => s.open);
  const { hash } = useLocation();
  useEffect(() => {
    open(dialog, hash ? decodeURIComponent(hash.slice(1)) : (detail ?? null));
  }, [open, dialog, hash, detail]);
  if (redirectTo) return <Navigate to={redirectTo} replace />;
  return <HomePage />;
}
