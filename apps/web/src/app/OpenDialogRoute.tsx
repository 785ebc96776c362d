import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { HomePage } from '../features/home/HomePage.tsx';
import { type DialogName, useUi } from '../state/ui.ts';

/**
 * /login redirects to / with the login popup open; /register and /help show home with their popup
 * (a hash such as /help#deposit selects that article).
 */
export function OpenDialogRoute({ dialog, redirectTo }: { dialog: Exclude<DialogName, null>; redirectTo?: string }) {
  const open = useUi((s) => s.open);
  const { hash } = useLocation();
  useEffect(() => {
    open(dialog, hash ? decodeURIComponent(hash.slice(1)) : null);
  }, [open, dialog, hash]);
  if (redirectTo) return <Navigate to={redirectTo} replace />;
  return <HomePage />;
}
