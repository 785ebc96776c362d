import { useQueryClient } from '@tanstack/react-query';
import type { MemberInfo } from '@sea/contracts';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { logout, useMemberInfo } from '../../api/auth.ts';
import { SUPPORTED_LANGUAGES } from '../../i18n/index.ts';
import { useSession } from '../../state/session.ts';
import { useSystemStatus } from '../../state/system.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { CountDot, useMenuCounts } from './menu-counts.tsx';

// The logged-in header (account menu, counts, sign out): its own chunk, loaded only once there is a session
// (LoginArea.tsx), so a visitor's first page goes without it.
const Modal = lazy(() => import('../../components/Modal.tsx').then((m) => ({ default: m.Modal })));

/** Once per session: the site switches to the language kept on the member's account (set by the selector). */
function useMemberLanguage(me: MemberInfo | undefined) {
  const { i18n } = useTranslation();
  const token = useSession((s) => s.token);
  const { languages } = useSystemStatus();
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!me || !token || applied.current === token) return;
    applied.current = token;
    const lang = me.language;
    if (SUPPORTED_LANGUAGES.includes(lang) && languages.includes(lang) && lang !== i18n.resolvedLanguage)
      void i18n.changeLanguage(lang);
  }, [me, token, languages, i18n]);
}

export function AccountArea({ balance }: { balance: ReactNode }) {
  const { t } = useTranslation();
  const me = useMemberInfo().data;
  useMemberLanguage(me);
  const clear = useSession((s) => s.clear);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const counts = useMenuCounts(Boolean(me && !me.isTrial));
  const waiting = counts.messages + counts.rewards;

  async function signOut() {
    await logout().catch(() => undefined); // the local session ends whatever the network says
    clear();
    qc.removeQueries({ queryKey: ['memberInfo'] });
    qc.removeQueries({ queryKey: ['wallet'] });
    setConfirming(false);
    navigate('/');
  }

  const name = me?.nickname || me?.account || '';
  // Phones (global.css, below 900 px): one row — balance, Deposit and the account menu; the items marked
  // login-area__wide are in that menu instead.
  return (
    <div className="login-area login-area--member">
      {me?.isAgent && (
        <Link className="btn btn--ghost login-area__wide" to="/agentHome">
          {t('auth.agentCentre')}
        </Link>
      )}
      {balance}
      {me && !me.isTrial && (
        <nav className="quick-actions" aria-label={t('auth.quickActions')}>
          <Link className="btn btn--primary quick-actions__btn" to="/member/depositv2">
            {t('centre.member.depositv2')}
          </Link>
          <Link className="btn btn--ghost quick-actions__btn login-area__wide" to="/member/withdraw">
            {t('centre.member.withdraw')}
          </Link>
          <Link className="btn btn--ghost quick-actions__btn login-area__wide" to="/member/personalHistoryCopy">
            {t('centre.member.personalHistoryCopy')}
          </Link>
        </nav>
      )}
      <AccountMenu
        name={name}
        isAgent={Boolean(me?.isAgent)}
        wallet={Boolean(me && !me.isTrial)}
        counts={counts}
        onSignOut={() => setConfirming(true)}
      />
      <Link
        className="account-name login-area__wide"
        to="/member/securityCenter"
        title={t('auth.memberCentre')}
        aria-label={`${me?.nickname || me?.account || ''} · ${t('auth.memberCentre')}${
          waiting > 0 ? ` (${t('auth.waiting', { count: waiting })})` : ''
        }`}
      >
        <span className="account-name__avatar" aria-hidden="true">
          {(me?.nickname || me?.account || '?').slice(0, 1).toUpperCase()}
        </span>
        <span className="account-name__text">{me?.nickname || me?.account || '…'}</span>
        <CountDot counts={counts} />
        <span className="account-name__chevron" aria-hidden="true">
          ▾
        </span>
      </Link>
      <button type="button" className="btn btn--ghost login-area__wide" onClick={() => setConfirming(true)}>
        {t('auth.signOut')}
      </button>
      {confirming && (
        <Suspense fallback={null}>
          <Modal open onClose={() => setConfirming(false)} title={t('auth.in_popup_prompt')}>
            <p>{t('auth.in_sure_logout')}</p>
            <div className="form__actions">
              <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)}>
                {t('auth.cancel')}
              </button>
              <button type="button" className="btn btn--primary" onClick={signOut}>
                {t('auth.confirm')}
              </button>
            </div>
          </Modal>
        </Suspense>
      )}
    </div>
  );
}
