import { useTranslation } from 'react-i18next';
import { FullPageMessage } from '../../components/FullPageMessage.tsx';

export function BootError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <FullPageMessage icon="⚠" title={t('system.bootErrorTitle')} testId="boot-error">
      <p>{t('system.bootErrorText')}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </FullPageMessage>
  );
}
