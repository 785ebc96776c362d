import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Badge.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { liveState, STATE_TONE } from './content-form.ts';
import { ContentRowActions } from './ContentRowActions.tsx';

/**
 * The last cells of a banner's or a notice's row: its order, window (start, end or "no end"), live state and, for
 * staff who manage content (`manage`), its actions.
 */
export function ContentTailCells(props: {
  kind: 'banners' | 'notices';
  row: { id: string; sort: number; startsAt: string; endsAt: string | null; published: boolean };
  name: string;
  manage: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const { row } = props;
  const state = liveState(row);
  return (
    <>
      <td>{row.sort}</td>
      <td className="bo-nowrap">
        {formatDateTime(row.startsAt)}
        <div className="bo-muted">{row.endsAt ? formatDateTime(row.endsAt) : t('siteContent.noEnd')}</div>
      </td>
      <td>
        <Badge tone={STATE_TONE[state]}>{t(`siteContent.states.${state}`)}</Badge>
      </td>
      {props.manage && (
        <td>
          <ContentRowActions
            kind={props.kind}
            id={row.id}
            name={props.name}
            published={row.published}
            onEdit={props.onEdit}
          />
        </td>
      )}
    </>
  );
}
