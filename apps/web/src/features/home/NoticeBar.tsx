import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../app/system-store.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY HH:mm:ss in the merchant's time zone. */
export function formatClock(d: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${pad(Number(parts.hour))}:${parts.minute}:${parts.second}`;
}

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
        {formatClock(now, timezone)}
      </time>
    </div>
  );
}
