import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteConfig } from '../../api/system.ts';

const CONTACTS = [
  { key: 'LIVECHAT', label: 'rightBar.liveChat', icon: '✉' },
  { key: 'FACEBOOK', label: 'rightBar.facebook', icon: 'f' },
  { key: 'TELEGRAM', label: 'rightBar.telegram', icon: '➤' },
  { key: 'TELEPHONE', label: 'rightBar.telephone', icon: '☎' },
  { key: 'ANDROID', label: 'rightBar.android', icon: '⬇' },
  { key: 'IOS', label: 'rightBar.ios', icon: '⬇' },
] as const;

/** Floating quick links (desktop); configured contacts only. */
export function RightBar() {
  const { t } = useTranslation();
  const resources = useSiteConfig().data?.resources ?? [];
  return (
    <aside className="right-bar" aria-label={t('rightBar.label')}>
      <ul>
        <li>
          {/* The site's own chat room (spec §1), first so phones keep it in their bottom bar. */}
          <Link to="/chat" title={t('rightBar.chatRoom')}>
            <span aria-hidden="true">☷</span>
            <span className="right-bar__label">{t('rightBar.chatRoom')}</span>
          </Link>
        </li>
        {CONTACTS.map((c) => {
          const r = resources.find((x) => x.key === c.key);
          if (!r) return null;
          return (
            <li key={c.key}>
              <a href={r.url} title={t(c.label)}>
                <span aria-hidden="true">{c.icon}</span>
                <span className="right-bar__label">{t(c.label)}</span>
              </a>
            </li>
          );
        })}
        <li>
          <Link to="/member/depositv2" title={t('rightBar.deposit')}>
            <span aria-hidden="true">+</span>
            <span className="right-bar__label">{t('rightBar.deposit')}</span>
          </Link>
        </li>
        <li>
          <Link to="/member/securityCenter" title={t('rightBar.myCenter')}>
            <span aria-hidden="true">☺</span>
            <span className="right-bar__label">{t('rightBar.myCenter')}</span>
          </Link>
        </li>
        <li>
          <button
            type="button"
            title={t('rightBar.top')}
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <span aria-hidden="true">▲</span>
            <span className="right-bar__label">{t('rightBar.top')}</span>
          </button>
        </li>
      </ul>
    </aside>
  );
}
