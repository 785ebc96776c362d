import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../components/DateTime.tsx';
import { useRealtime } from '../../state/realtime.ts';

/** The pushed `maintenance` event: a notice over the page (the page itself goes on until the member reloads). */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  const notice = useRealtime((s) => s.maintenance);
  const setMaintenance = useRealtime((s) => s.setMaintenance);
  const when = useDateTime();
  if (!notice?.on) return null;
  return (
    <div className="maintenance-notice" role="status" data-testid="maintenance-notice">
      <p>
        <strong>{t('system.maintenanceNotice')}</strong> {notice.message}
        {notice.endsAt && <> {t('system.maintenanceEnds', { time: when(notice.endsAt) })}</>}
      </p>
      <button type="button" className="maintenance-notice__close" onClick={() => setMaintenance(null)}>
        {t('system.dismiss')}
      </button>
    </div>
  );
}
