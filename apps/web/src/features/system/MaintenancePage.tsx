import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../state/system.ts';
import { useDateTime } from '../../components/DateTime.tsx';
import { FullPageMessage } from '../../components/FullPageMessage.tsx';
import { CustomerServiceButton } from './CustomerServiceButton.tsx';

export function MaintenancePage() {
  const { t } = useTranslation();
  const { maintenance } = useSystemStatus();
  const when = useDateTime();
  const endsAt = maintenance?.endsAt ? when(maintenance.endsAt) : null;
  return (
    <FullPageMessage icon="⚙" title={t('system.maintenanceTitle')} testId="maintenance-page">
      <p>{maintenance?.message || t('system.maintenanceText')}</p>
      {endsAt && <p>{t('system.maintenanceEnds', { time: endsAt })}</p>}
      <CustomerServiceButton />
    </FullPageMessage>
  );
}
