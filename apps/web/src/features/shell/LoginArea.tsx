import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session-store.ts';
import { useUi } from '../../app/ui-store.ts';
import { useWhitelabel } from '../../api/system.ts';

/**
 * Header login area. Logged out: log in, register (when direct registration is on), forgot password.
 * The real forms arrive with the accounts issue; this is their seam.
 */
export function LoginArea() {
  const { t } = useTranslation();
  const isLogin = useSession((s) => s.isLogin);
  const open = useUi((s) => s.open);
  const flags = useWhitelabel().data;
  if (isLogin) return <div className="login-area" />;
  return (
    <div className="login-area">
      <button type="button" className="btn btn--ghost" onClick={() => open('login')}>
        {t('header.login')}
      </button>
      {flags?.DIRECTREG3 !== false && (
        <button type="button" className="btn btn--primary" onClick={() => open('register')}>
          {t('header.register')}
        </button>
      )}
    </div>
  );
}
