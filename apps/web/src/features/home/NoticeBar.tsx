import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date-time.ts';
import { useSystemStatus } from '../../state/system.ts';

export function NoticeBar() {
  const { t } = useTranslation();
  const { merchantName, timezone } = useSystemStatus();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return (
    <div className="notice">
      <span className="notice__label">{t('home.notice')}</span>
      <div className="notice__marquee">
        <span>{t('home.noticeText', { name: merchantName })}</span>
      </div>
      <span className="sr-only">{t('home.clock')}</span>
      <time className="notice__clock" dateTime={now.toISOString()}>
        {formatDateTime(now, timezone)}
      </time>
    </div>
  );
}
