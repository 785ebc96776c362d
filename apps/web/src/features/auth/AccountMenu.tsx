import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CountBadge, CountDot, type MenuCounts } from './menu-counts.tsx';

/**
 * Phones: the logged-in header is one row (brand, balance, Deposit, this button); the rest — the member's name and
 * centre, the agent centre, Withdraw, Betting record, Sign out — is in the menu this button opens. Closes on a
 * choice, a navigation, Escape or a tap outside. Hidden from 900 px, where the header shows them all. The button
 * carries the count of unread messages and claimable rewards; the menu has both entries with their own count.
 */
export function AccountMenu({
  name,
  isAgent,
  wallet,
  counts,
  onSignOut,
}: {
  name: string;
  isAgent: boolean;
  wallet: boolean;
  counts: MenuCounts;
  onSignOut(): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div className="account-menu" ref={root}>
      <button
        type="button"
        className="account-menu__btn"
        aria-expanded={open}
        aria-controls="account-menu"
        aria-label={t('auth.accountMenu', { name })}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="account-name__avatar" aria-hidden="true">
          {(name || '?').slice(0, 1).toUpperCase()}
        </span>
        <CountDot counts={counts} />
      </button>
      {open && (
        <div id="account-menu" className="account-menu__panel">
          <Link className="account-menu__name" to="/member/securityCenter" onClick={close}>
            <span className="account-menu__who">{name}</span>
            <span className="account-menu__hint">{t('auth.memberCentre')} ›</span>
          </Link>
          <ul>
            {isAgent && (
              <li>
                <Link to="/agentHome" onClick={close}>
                  {t('auth.agentCentre')}
                </Link>
              </li>
            )}
            {wallet && (
              <>
                <li>
                  <Link to="/member/withdraw" onClick={close}>
                    {t('centre.member.withdraw')}
                  </Link>
                </li>
                <li>
                  <Link to="/member/personalHistoryCopy" onClick={close}>
                    {t('centre.member.personalHistoryCopy')}
                  </Link>
                </li>
                <li>
                  <Link to="/member/messageV2" onClick={close}>
                    {t('centre.member.messageV2')}
                    <CountBadge count={counts.messages} label={t('centre.unread', { count: counts.messages })} />
                  </Link>
                </li>
                <li>
                  <Link to="/member/rewardCenter" onClick={close}>
                    {t('centre.member.rewardCenter')}
                    <CountBadge count={counts.rewards} label={t('auth.toClaim', { count: counts.rewards })} />
                  </Link>
                </li>
              </>
            )}
            <li>
              <button
                type="button"
                onClick={() => {
                  close();
                  onSignOut();
                }}
              >
                {t('auth.signOut')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
