import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const load = () => import('./AppDownloadPopover.tsx');
const AppDownloadPopover = lazy(load);

/**
 * "App download" in the header: a plain button until first used, then the QR popover (loaded on hover or focus,
 * so the home page does not carry Base UI and the QR encoder).
 */
export function AppDownloadButton() {
  const { t } = useTranslation();
  const [used, setUsed] = useState(false);
  const plain = (
    <button
      type="button"
      className="header__link"
      aria-haspopup="dialog"
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setUsed(true)}
    >
      {t('header.appDownload')}
    </button>
  );
  if (!used) return plain;
  return (
    <Suspense fallback={plain}>
      <AppDownloadPopover />
    </Suspense>
  );
}
