import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session.ts';
import { useUi } from '../../state/ui.ts';
import { RegisterButton } from './RegisterButton.tsx';

// It carries the form kit and zod: loaded when shown, so a phone's first page goes without them.
const HeaderLoginForm = lazy(() => import('./HeaderLoginForm.tsx').then((m) => ({ default: m.HeaderLoginForm })));
/** The logged-in header: its chunk is fetched as soon as this module runs with a session (no wait for the render). */
const loadAccountArea = () => import('./AccountArea.tsx').then((m) => ({ default: m.AccountArea }));
const AccountArea = lazy(loadAccountArea);
if (useSession.getState().isLogin) void loadAccountArea();

/** The inline header login form shows from this width (global.css `.header-login`); below it, two buttons. */
const WIDE = '(min-width: 1100px)';
function useWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const q = window.matchMedia?.(WIDE);
      q?.addEventListener('change', onChange);
      return () => q?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(WIDE).matches ?? false,
  );
}

/**
 * Header account area: log in / register when logged out; agent entry, `balance` (the wallet's header balance,
 * passed in by the app layout), account and sign out when logged in.
 */
export function LoginArea({ balance }: { balance: ReactNode }) {
  const { t } = useTranslation();
  const isLogin = useSession((s) => s.isLogin);
  const open = useUi((s) => s.open);
  const wide = useWide();
  if (isLogin)
    return (
      <Suspense fallback={<div className="login-area login-area--member" />}>
        <AccountArea balance={balance} />
      </Suspense>
    );
  return (
    <div className="login-area">
      {wide && (
        <Suspense fallback={null}>
          <HeaderLoginForm />
        </Suspense>
      )}
      <div className="login-area__compact">
        <button type="button" className="btn btn--ghost" onClick={() => open('login')}>
          {t('header.login')}
        </button>
        <RegisterButton />
      </div>
    </div>
  );
}
