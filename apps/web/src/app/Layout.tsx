import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Splash } from '../components/Splash.tsx';
import { HelpDialog } from '../features/help/HelpDialog.tsx';
import { ChangePasswordDialog } from '../features/auth/ChangePasswordDialog.tsx';
import { ForgotPasswordDialog } from '../features/auth/ForgotPasswordDialog.tsx';
import { LoginDialog } from '../features/auth/LoginDialog.tsx';
import { RegisterDialog } from '../features/auth/RegisterDialog.tsx';
import { LoginArea } from '../features/auth/LoginArea.tsx';
import { Footer } from '../features/shell/Footer.tsx';
import { Header } from '../features/shell/Header.tsx';
import { RightBar } from '../features/shell/RightBar.tsx';
import { HeaderBalance } from '../features/wallet/HeaderBalance.tsx';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';
import { GamePopupHost } from './GamePopupHost.tsx';
import { ScrollManager } from './ScrollManager.tsx';

export function Layout() {
  const { t } = useTranslation();
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <ScrollManager />
      <Header account={<LoginArea balance={<HeaderBalance />} />} />
      <main id="main" className="layout__main" tabIndex={-1}>
        <ChunkErrorBoundary>
          <Suspense fallback={<Splash />}>
            <Outlet />
          </Suspense>
        </ChunkErrorBoundary>
      </main>
      <Footer />
      <RightBar />
      <LoginDialog />
      <RegisterDialog />
      <ForgotPasswordDialog />
      <ChangePasswordDialog />
      <HelpDialog />
      <GamePopupHost />
    </div>
  );
}
