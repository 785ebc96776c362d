import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Badge.tsx';

/**
 * The last two cells of a mission's or a mall item's row: on / off, and for staff who manage rewards, Edit and
 * Turn on / off (named after the row for screen readers).
 */
export function ActiveCells(props: {
  name: string;
  active: boolean;
  manage: boolean;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <td>
        <Badge tone={props.active ? 'good' : 'neutral'}>{props.active ? t('rewards.on') : t('rewards.off')}</Badge>
      </td>
      <td>
        {props.manage && (
          <div className="bo-row-actions">
            <button
              type="button"
              className="bo-btn bo-btn--small"
              aria-label={t('rewards.editNamed', { name: props.name })}
              onClick={props.onEdit}
            >
              {t('common.edit')}
            </button>
            <button
              type="button"
              className="bo-btn bo-btn--small"
              aria-label={t(props.active ? 'rewards.turnOffNamed' : 'rewards.turnOnNamed', { name: props.name })}
              disabled={props.busy}
              onClick={props.onToggle}
            >
              {props.active ? t('rewards.turnOff') : t('rewards.turnOn')}
            </button>
          </div>
        )}
      </td>
    </>
  );
}
