import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteContent, usePublishContent } from '../../api/content.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/** A row's actions: edit, publish / unpublish, delete (after a confirmation). */
export function ContentRowActions(props: {
  kind: 'banners' | 'notices';
  id: string;
  name: string;
  published: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const publish = usePublishContent();
  const remove = useDeleteContent();
  const [confirm, setConfirm] = useState(false);
  return (
    <div className="bo-row-actions">
      <button type="button" className="bo-btn bo-btn--ghost bo-btn--small" onClick={props.onEdit}>
        {t('siteContent.edit')}
      </button>
      <button
        type="button"
        className="bo-btn bo-btn--ghost bo-btn--small"
        disabled={publish.isPending}
        onClick={() => publish.mutate({ kind: props.kind, id: props.id, published: !props.published })}
      >
        {props.published ? t('siteContent.unpublish') : t('siteContent.publish')}
      </button>
      <button type="button" className="bo-btn bo-btn--danger-ghost bo-btn--small" onClick={() => setConfirm(true)}>
        {t('siteContent.delete')}
      </button>
      {publish.isError && <ErrorAlert error={publish.error} />}
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        title={t('siteContent.deleteTitle')}
        text={t('siteContent.deleteText', { name: props.name })}
        confirmLabel={t('siteContent.delete')}
        danger
        mutation={remove}
        args={{ kind: props.kind, id: props.id }}
      />
    </div>
  );
}
