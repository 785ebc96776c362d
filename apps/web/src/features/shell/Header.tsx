import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSystemStatus } from '../../state/system.ts';
import { AppDownloadButton } from './AppDownloadButton.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { TopNav } from './TopNav.tsx';

/** The site header; `account` is the login form or the logged-in member's area (composed by the app layout). */
export function Header({ account }: { account: ReactNode }) {
  const { t } = useTranslation();
  const { merchantName, customerServiceUrl } = useSystemStatus();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="header">
      <div className="header__top">
        <div className="header__tools">
          <LanguageSelect />
          {customerServiceUrl && (
            <a className="header__link" href={customerServiceUrl}>
              {t('header.customerService')}
            </a>
          )}
          <AppDownloadButton />
        </div>
      </div>
      <div className="header__bar">
        <button
          type="button"
          className="icon-btn header__menu-btn"
          aria-expanded={menuOpen}
          aria-controls="top-nav"
          aria-label={menuOpen ? t('header.closeMenu') : t('header.menu')}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? '✕' : '☰'}
        </button>
        <Link to="/" className="brand" aria-label={merchantName}>
          <span className="brand__mark" aria-hidden="true">
            S
          </span>
          <span className="brand__name">{merchantName}</span>
        </Link>
        {account}
      </div>
      <TopNav open={menuOpen} onNavigate={() => setMenuOpen(false)} />
    </header>
  );
}
