import type { AdminNotice, NoticeType } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminNotices } from '../../api/content.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Can, useCan } from '../../components/permissions.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { liveState, STATE_TONE } from './content-form.ts';
import { ContentRowActions } from './ContentRowActions.tsx';
import { NoticeFormDialog } from './NoticeFormDialog.tsx';

const titleOf = (n: AdminNotice) => n.texts.en?.title || Object.values(n.texts).find((x) => x.title)?.title || '';

/** Notices ('notices': marquee B, notice list PL, help H) or popups ('popups': public PU, announcements PR). */
export const NOTICE_SCREENS = {
  notices: ['B', 'PL', 'H'],
  popups: ['PU', 'PR'],
} as const satisfies Record<string, readonly NoticeType[]>;

export function NoticesPage({ screen }: { screen: keyof typeof NOTICE_SCREENS }) {
  const { t } = useTranslation();
  const can = useCan();
  const types = NOTICE_SCREENS[screen];
  const list = useAdminNotices();
  const [editing, setEditing] = useState<AdminNotice | 'new' | null>(null);
  const rows = (list.data?.list ?? []).filter((n) => (types as readonly string[]).includes(n.type));
  const title = t(screen === 'popups' ? 'siteContent.popupsTitle' : 'siteContent.noticesTitle');

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{title}</h1>
        <Can permission="content.manage">
          <button type="button" className="bo-btn bo-btn--primary" onClick={() => setEditing('new')}>
            {screen === 'popups' ? t('siteContent.addPopup') : t('siteContent.addNotice')}
          </button>
        </Can>
      </div>
      <section className="bo-table" aria-label={title}>
        {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
        <div className="bo-table__scroll" tabIndex={0} role="group" aria-label={title}>
          <table aria-busy={list.isFetching}>
            <thead>
              <tr>
                <th>{t('siteContent.type')}</th>
                <th>{t('siteContent.title')}</th>
                <th>{t('siteContent.languagesWritten')}</th>
                <th>{t('siteContent.sort')}</th>
                <th>{t('siteContent.window')}</th>
                <th>{t('siteContent.state')}</th>
                {can('content.manage') && <th>{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.isPending && (
                <tr>
                  <td colSpan={7} className="bo-table__empty">
                    {t('common.loading')}
                  </td>
                </tr>
              )}
              {list.isSuccess && rows.length === 0 && (
                <tr>
                  <td colSpan={7} className="bo-table__empty">
                    {t('siteContent.noNotices')}
                  </td>
                </tr>
              )}
              {rows.map((n) => {
                const state = liveState(n);
                return (
                  <tr key={n.id}>
                    <td>
                      {t(`siteContent.types.${n.type}`)}
                      {n.type === 'PU' && <div className="bo-muted">{t(`siteContent.audiences.${n.audience}`)}</div>}
                    </td>
                    <td>{titleOf(n)}</td>
                    <td>{Object.keys(n.texts).join(', ').toUpperCase()}</td>
                    <td>{n.sort}</td>
                    <td className="bo-nowrap">
                      {formatDateTime(n.startsAt)}
                      <div className="bo-muted">{n.endsAt ? formatDateTime(n.endsAt) : t('siteContent.noEnd')}</div>
                    </td>
                    <td>
                      <Badge tone={STATE_TONE[state]}>{t(`siteContent.states.${state}`)}</Badge>
                    </td>
                    {can('content.manage') && (
                      <td>
                        <ContentRowActions
                          kind="notices"
                          id={n.id}
                          name={titleOf(n)}
                          published={n.published}
                          onEdit={() => setEditing(n)}
                        />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      {editing && (
        <NoticeFormDialog
          notice={editing === 'new' ? undefined : editing}
          types={types}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
