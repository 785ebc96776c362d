import { Popover } from '@base-ui/react/popover';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The app download QR code in a popover (its own chunk: Base UI and the QR encoder load on first use). */
export default function AppDownloadPopover() {
  const { t } = useTranslation();
  const url = `${window.location.origin}/down`;
  return (
    <Popover.Root defaultOpen>
      <Popover.Trigger className="header__link">{t('header.appDownload')}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Positioner sideOffset={8}>
          <Popover.Popup className="popover">
            <Popover.Title className="popover__title">{t('header.scanToDownload')}</Popover.Title>
            <QRCodeSVG value={url} size={144} role="img" aria-label={t('header.scanToDownload')} />
            <Link to="/down" className="btn btn--link">
              {t('home.downloadCta')}
            </Link>
          </Popover.Popup>
        </Popover.Positioner>
      </Popover.Portal>
    </Popover.Root>
  );
}
