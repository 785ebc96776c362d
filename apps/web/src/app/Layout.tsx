import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Splash } from '../components/Splash.tsx';
import { useUi } from '../state/ui.ts';
import {
  ChangePasswordDialog,
  FeedbackDialog,
  ForgotPasswordDialog,
  HelpDialog,
  LoginDialog,
  RealityCheck,
  RegisterDialog,
} from './lazy-pages.tsx';
import { LoginArea } from '../features/auth/LoginArea.tsx';
import { Footer } from '../features/shell/Footer.tsx';
import { Header } from '../features/shell/Header.tsx';
import { RightBar } from '../features/shell/RightBar.tsx';
import { useMemberInfo } from '../api/auth.ts';
import { useSession } from '../state/session.ts';
import { ContractPopup } from './agent-pages.tsx';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';
import { GamePopupHost } from './GamePopupHost.tsx';
import { ScrollManager } from './ScrollManager.tsx';
import { MaintenanceNoticeHost, RealtimeBridge } from './RealtimeBridge.tsx';

/** Shown to a member only (inside the logged-in header): its chunk stays off a visitor's first page. */
const loadHeaderBalance = () =>
  import('../features/wallet/HeaderBalance.tsx').then((m) => ({ default: m.HeaderBalance }));
const HeaderBalance = lazy(loadHeaderBalance);
if (useSession.getState().isLogin) void loadHeaderBalance();

export function Layout() {
  const { t } = useTranslation();
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <ScrollManager />
      <ReferralLinkOpener />
      <RealtimeBridge />
      <MaintenanceNoticeHost />
      <Header
        account={
          <LoginArea
            balance={
              <Suspense fallback={null}>
                <HeaderBalance />
              </Suspense>
            }
          />
        }
      />
      <main id="main" className="layout__main" tabIndex={-1}>
        <ChunkErrorBoundary>
          <Suspense fallback={<Splash />}>
            <Outlet />
          </Suspense>
        </ChunkErrorBoundary>
      </main>
      <Footer />
      <RightBar />
      <Dialogs />
      <ContractPopupHost />
      <GamePopupHost />
      <RealityCheckHost />
    </div>
  );
}

/**
 * A member's referral link (`/?referralCode=CODE`) opens registration for a visitor; the form pre-fills the code
 * from the URL (RegisterDialog).
 */
function ReferralLinkOpener() {
  const open = useUi((s) => s.open);
  const loggedIn = useSession((s) => Boolean(s.token));
  useEffect(() => {
    if (!loggedIn && new URLSearchParams(window.location.search).get('referralCode')) open('register', null);
  }, [open, loggedIn]);
  return null;
}

/** The popups, each its own chunk loaded when it first opens (forms, zod and Base UI stay off the first page). */
function Dialogs() {
  const dialog = useUi((s) => s.dialog);
  if (!dialog) return null;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={null}>
        {dialog === 'login' && <LoginDialog />}
        {dialog === 'register' && <RegisterDialog />}
        {dialog === 'forgot' && <ForgotPasswordDialog />}
        {dialog === 'changePassword' && <ChangePasswordDialog />}
        {dialog === 'help' && <HelpDialog />}
        {dialog === 'feedback' && <FeedbackDialog />}
      </Suspense>
    </ChunkErrorBoundary>
  );
}

/** The contract popup for logged-in users (spec): its chunk loads after login; it shows when an offer waits. */
function ContractPopupHost() {
  const isLogin = useSession((s) => s.isLogin);
  const dialog = useUi((s) => s.dialog);
  const me = useMemberInfo().data;
  // Trial accounts have no contracts (the server refuses them the agent API).
  if (!isLogin || dialog || !me || me.isTrial) return null;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={null}>
        <ContractPopup />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

/** The reality check of a real member's session (responsible gaming; trial accounts have none). */
function RealityCheckHost() {
  const isLogin = useSession((s) => s.isLogin);
  const me = useMemberInfo().data;
  if (!isLogin || !me || me.isTrial) return null;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={null}>
        <RealityCheck />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
