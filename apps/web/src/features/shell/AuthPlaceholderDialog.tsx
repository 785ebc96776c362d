import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUi } from '../../app/ui-store.ts';
import { Modal } from '../../components/Modal.tsx';

/** Seam for the login and register popups (accounts issue): opens from the header and from /login, /register. */
export function AuthPlaceholderDialog() {
  const { t } = useTranslation();
  const { dialog, close, open } = useUi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (dialog !== 'login' && dialog !== 'register') return null;
  const isLogin = dialog === 'login';
  const onClose = () => {
    close();
    if (pathname === '/register') navigate('/');
  };
  return (
    <Modal open onClose={onClose} title={t(isLogin ? 'dialog.loginTitle' : 'dialog.registerTitle')}>
      <p>{t(isLogin ? 'dialog.loginComing' : 'dialog.registerComing')}</p>
      <button type="button" className="btn btn--link" onClick={() => open(isLogin ? 'register' : 'login')}>
        {t(isLogin ? 'header.register' : 'header.login')}
      </button>
    </Modal>
  );
}
