import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../api/content.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { useSystemStatus } from '../../state/system.ts';

/** The notice and announcement popups: their own chunk (Base UI dialog, HTML sanitiser), loaded when opened. */
const NoticePopup = lazy(() => import('./ContentPopups.tsx').then((m) => ({ default: m.NoticePopup })));

/**
 * The home's notice line: the operator's marquee notices (type B) scrolling, and the clock (DD/MM/YYYY HH:mm:ss,
 * every second). The line opens the notice popup (player notices, 9 per page); an announcements button opens
 * the announcement popup (8 per page) when there are promotion announcements.
 */
export function NoticeBar() {
  const { t } = useTranslation();
  const { timezone } = useSystemStatus();
  const [now, setNow] = useState(() => new Date());
  const [popup, setPopup] = useState<'notices' | 'announcements' | null>(null);
  const marquee = useNotices(['B']);
  const announcements = useNotices(['PR']);
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const line = marquee.data?.list.map((n) => n.title).filter(Boolean) ?? [];
  return (
    <div className="notice">
      <span className="notice__label">{t('home.notice')}</span>
      <button
        type="button"
        className="notice__marquee"
        aria-label={t('content.openNotices')}
        onClick={() => setPopup('notices')}
      >
        <span>
          {line.map((text, i) => (
            <span key={i} className="notice__item">
              {text}
            </span>
          ))}
        </span>
      </button>
      {Boolean(announcements.data?.list.length) && (
        <button type="button" className="btn btn--ghost notice__more" onClick={() => setPopup('announcements')}>
          {t('content.announcements')}
        </button>
      )}
      <span className="sr-only">{t('home.clock')}</span>
      <time className="notice__clock" dateTime={now.toISOString()}>
        {formatDateTime(now, timezone)}
      </time>
      {popup && (
        <Suspense fallback={null}>
          <NoticePopup kind={popup} onClose={() => setPopup(null)} />
        </Suspense>
      )}
    </div>
  );
}
