import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../state/system.ts';
import { FullPageMessage } from '../../components/FullPageMessage.tsx';
import { CustomerServiceButton } from './CustomerServiceButton.tsx';

export function RegionBlockedPage() {
  const { t } = useTranslation();
  const { ip } = useSystemStatus();
  return (
    <FullPageMessage icon="⊘" title={t('system.regionTitle')} testId="region-page">
      <p>{t('system.regionText')}</p>
      <p className="full-page__ip">{t('system.yourIp', { ip })}</p>
      <CustomerServiceButton />
    </FullPageMessage>
  );
}
