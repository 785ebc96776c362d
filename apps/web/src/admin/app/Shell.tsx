import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { logout } from '../api/session.ts';
import { AppDialog } from '../components/AppDialog.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { useSignedInMe } from '../components/me-context.tsx';
import { roleName } from '../components/role-name.ts';
import { useCan } from '../components/permissions.tsx';
import { ChangePasswordPage } from '../features/sign-in/ChangePasswordPage.tsx';
import { navFor } from './nav.ts';
import { PageErrorBoundary } from './PageError.tsx';

/** The back office's frame: the left navigation (by permission), the top bar (staff member, role, language, sign out). */
export function Shell() {
  const { t } = useTranslation();
  const me = useSignedInMe();
  const groups = navFor(useCan());
  const [navOpen, setNavOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  // Escape closes the narrow layout's navigation drawer, as it does a dialog.
  useEffect(() => {
    if (!navOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setNavOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen]);

  return (
    <div className={clsx('bo-shell', navOpen && 'bo-shell--nav-open')}>
      <a className="bo-skip" href="#bo-main">
        {t('shell.skip')}
      </a>
      <aside className="bo-nav" id="bo-nav" aria-label={t('shell.navigation')}>
        <div className="bo-nav__brand">
          <span className="bo-logo" aria-hidden="true">
            BO
          </span>
          <span>{t('app.name')}</span>
        </div>
        <nav>
          {groups.map((g) => (
            <div key={g.label} className="bo-nav__group">
              <p className="bo-nav__heading">{t(g.label)}</p>
              <ul>
                {g.items.map((i) => (
                  <li key={i.path}>
                    <NavLink
                      to={i.path}
                      end
                      className={({ isActive }) => clsx('bo-nav__link', isActive && 'is-active')}
                      onClick={() => setNavOpen(false)}
                    >
                      {t(i.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <div className="bo-main-col">
        <header className="bo-topbar">
          <button
            type="button"
            className="bo-icon-btn bo-topbar__menu"
            aria-controls="bo-nav"
            aria-expanded={navOpen}
            aria-label={t('shell.menu')}
            onClick={() => setNavOpen((o) => !o)}
          >
            ☰
          </button>
          <div className="bo-topbar__spacer" />
          {/* The same tab: /docs reads this tab's staff session to load the back office's API document. */}
          <a className="bo-btn bo-btn--ghost" href="/docs">
            {t('site.apiDocs')}
          </a>
          <LanguageSwitch />
          <div className="bo-user">
            <span className="bo-user__avatar" aria-hidden="true">
              {me.displayName.slice(0, 1).toUpperCase()}
            </span>
            <span className="bo-user__text">
              <span className="bo-user__name">{me.displayName}</span>
              <span className="bo-user__role">{roleName(me.role, me.roleName)}</span>
            </span>
          </div>
          <button type="button" className="bo-btn bo-btn--ghost" onClick={() => setPasswordOpen(true)}>
            {t('shell.changePassword')}
          </button>
          <button type="button" className="bo-btn bo-btn--ghost" onClick={() => void logout()}>
            {t('shell.signOut')}
          </button>
        </header>
        <main className="bo-main" id="bo-main" tabIndex={-1}>
          {/* A page failing while rendering keeps the navigation and the top bar (routes.tsx's boundary is the last resort). */}
          <PageErrorBoundary>
            <Outlet />
          </PageErrorBoundary>
        </main>
      </div>
      {navOpen && <div className="bo-nav__scrim" onClick={() => setNavOpen(false)} aria-hidden="true" />}
      <AppDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} title={t('shell.changePassword')}>
        <ChangePasswordPage forced={false} />
      </AppDialog>
    </div>
  );
}
