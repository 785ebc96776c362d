import type { AdminNotice, NoticeType } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { useAdminNotices } from '../../api/content.ts';
import { ListPageHead } from '../../components/list/ListPageHead.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { useEditing } from '../../components/list/use-list-page.ts';
import { useCan } from '../../components/permissions.tsx';
import { ContentTailCells } from './ContentTailCells.tsx';
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
  const editing = useEditing<AdminNotice>();
  const manage = can('content.manage');
  const rows = (list.data?.list ?? []).filter((n) => (types as readonly string[]).includes(n.type));
  const title = t(screen === 'popups' ? 'siteContent.popupsTitle' : 'siteContent.noticesTitle');

  return (
    <div className="bo-page">
      <ListPageHead
        title={title}
        action={
          manage
            ? {
                label: screen === 'popups' ? t('siteContent.addPopup') : t('siteContent.addNotice'),
                onClick: editing.create,
              }
            : undefined
        }
      />
      <ListTable
        label={title}
        query={list}
        items={rows}
        emptyText={t('siteContent.noNotices')}
        columns={[
          { label: t('siteContent.type') },
          { label: t('siteContent.title') },
          { label: t('siteContent.languagesWritten') },
          { label: t('siteContent.sort') },
          { label: t('siteContent.window') },
          { label: t('siteContent.state') },
          ...(manage ? [{ label: t('common.actions') }] : []),
        ]}
        rowKey={(n) => n.id}
        cells={(n) => (
          <>
            <td>
              {t(`siteContent.types.${n.type}`)}
              {n.type === 'PU' && <div className="bo-muted">{t(`siteContent.audiences.${n.audience}`)}</div>}
            </td>
            <td>{titleOf(n)}</td>
            <td>{Object.keys(n.texts).join(', ').toUpperCase()}</td>
            <ContentTailCells kind="notices" row={n} name={titleOf(n)} manage={manage} onEdit={() => editing.edit(n)} />
          </>
        )}
      />
      {editing.open && <NoticeFormDialog notice={editing.dialogItem} types={types} onClose={editing.close} />}
    </div>
  );
}
