import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../state/system.ts';
import { FullPageMessage } from '../../components/FullPageMessage.tsx';
import { CustomerServiceButton } from './CustomerServiceButton.tsx';

export function MaintenancePage() {
  const { t, i18n } = useTranslation();
  const { maintenance } = useSystemStatus();
  const endsAt = maintenance?.endsAt ? new Date(maintenance.endsAt).toLocaleString(i18n.language) : null;
  return (
    <FullPageMessage icon="⚙" title={t('system.maintenanceTitle')} testId="maintenance-page">
      <p>{maintenance?.message || t('system.maintenanceText')}</p>
      {endsAt && <p>{t('system.maintenanceEnds', { time: endsAt })}</p>}
      <CustomerServiceButton />
    </FullPageMessage>
  );
}
