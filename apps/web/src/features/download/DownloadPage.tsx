import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../api/system.ts';

export default function DownloadPage() {
  const { t } = useTranslation();
  const resources = useSiteConfig().data?.resources ?? [];
  const apps = [
    { key: 'ANDROID', title: t('download.android') },
    { key: 'IOS', title: t('download.ios') },
  ];
  return (
    <section className="download" aria-labelledby="page-title">
      <h1 id="page-title">{t('download.title')}</h1>
      <p>{t('download.scan')}</p>
      <div className="download__grid">
        {apps.map((a) => {
          const url = new URL(
            resources.find((r) => r.key === a.key)?.url ?? '/down',
            window.location.origin,
          ).toString();
          return (
            <div key={a.key} className="download__card" id={a.key.toLowerCase()}>
              <h2>{a.title}</h2>
              <QRCodeSVG value={url} size={160} role="img" aria-label={a.title} />
            </div>
          );
        })}
      </div>
      <p className="footer__small">{t('download.iosGuide')}</p>
    </section>
  );
}
