import { useTranslation } from 'react-i18next';

export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="splash" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
