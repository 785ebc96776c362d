import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { NAV_ITEMS } from '../../lib/nav-items.ts';

export function TopNav({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <nav id="top-nav" className={clsx('nav', open && 'nav--open')} aria-label={t('nav.main')}>
      <ul>
        {NAV_ITEMS.map((item) => (
          <li key={item.key}>
            <NavLink to={item.to} end={item.to === '/'} onClick={onNavigate}>
              {t(`nav.${item.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
