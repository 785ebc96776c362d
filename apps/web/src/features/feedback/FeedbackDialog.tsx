import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Modal } from '../../components/Modal.tsx';
import { useSession } from '../../state/session.ts';
import { useUi } from '../../state/ui.ts';
import { FeedbackForm } from './FeedbackPage.tsx';
import './feedback.css';
import '../../i18n/areas/feedback.ts';

/**
 * The help / feedback popup (spec §2 popups): opened from the help centre and the footer, the same form and rules
 * as the member centre's feedback page (question type; content within the word bounds; up to 3 PNG or JPG ≤ 5 MB).
 * Feedback is a member's: a visitor is sent to the login popup instead.
 */
export function FeedbackDialog() {
  const { t } = useTranslation();
  const { dialog, close, open } = useUi();
  const isLogin = useSession((s) => s.isLogin);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (dialog !== 'feedback') return null;
  // Opened from the help centre at /help: closing returns to the home, as closing the help centre does.
  const onClose = () => {
    close();
    if (pathname === '/help') navigate('/');
  };
  return (
    <Modal open onClose={onClose} title={t('feedback.newTitle')}>
      {isLogin ? (
        <div className="feedback feedback--popup">
          <p className="feedback__note">{t('feedback.intro')}</p>
          <FeedbackForm titled={false} />
          <p className="feedback__note">
            <Link to="/member/feedback" onClick={close}>
              {t('feedback.mine')}
            </Link>
          </p>
        </div>
      ) : (
        <div className="feedback feedback--popup">
          <p className="feedback__note">{t('feedback.loginFirst')}</p>
          <button type="button" className="btn btn--primary" onClick={() => open('login')}>
            {t('header.login')}
          </button>
        </div>
      )}
    </Modal>
  );
}
