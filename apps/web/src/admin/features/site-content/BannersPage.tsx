import { type AdminBanner, BANNER_GROUPS, type BannerGroup } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAdminBanners } from '../../api/content.ts';
import { ListPageHead } from '../../components/list/ListPageHead.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { useEditing } from '../../components/list/use-list-page.ts';
import { useCan } from '../../components/permissions.tsx';
import { BannerFormDialog } from './BannerFormDialog.tsx';
import { ContentTailCells } from './ContentTailCells.tsx';

const titleOf = (b: AdminBanner) => b.texts.en?.title || Object.values(b.texts).find((x) => x.title)?.title || '';

/** The site's banners by group (?group=w_home…): image, texts, linkage, order, window, state; add, edit, publish. */
export function BannersPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const group = (BANNER_GROUPS as readonly string[]).includes(params.get('group') ?? '')
    ? (params.get('group') as BannerGroup)
    : 'w_home';
  const list = useAdminBanners(group);
  const editing = useEditing<AdminBanner>();
  const manage = can('content.manage');
  const rows = list.data?.list ?? [];

  return (
    <div className="bo-page">
      <ListPageHead
        title={t('siteContent.bannersTitle')}
        action={manage ? { label: t('siteContent.addBanner'), onClick: editing.create } : undefined}
      />
      <ListTable
        label={t('siteContent.bannersTitle')}
        query={list}
        items={rows}
        emptyText={t('siteContent.noBanners')}
        toolbar={
          <label className="bo-filter">
            <span>{t('siteContent.group')}</span>
            <select value={group} onChange={(e) => setParams({ group: e.target.value })}>
              {BANNER_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t(`siteContent.groups.${g}`)}
                </option>
              ))}
            </select>
          </label>
        }
        columns={[
          { label: t('siteContent.image') },
          { label: t('siteContent.title') },
          { label: t('siteContent.linkage') },
          { label: t('siteContent.sort') },
          { label: t('siteContent.window') },
          { label: t('siteContent.state') },
          ...(manage ? [{ label: t('common.actions') }] : []),
        ]}
        rowKey={(b) => b.id}
        cells={(b) => (
          <>
            <td>
              <img className="bo-content-thumb" src={b.imageUrl} alt="" loading="lazy" />
            </td>
            <td>{titleOf(b) || <span className="bo-muted">{t('siteContent.noTitle')}</span>}</td>
            <td>
              {t(`siteContent.linkages.${b.linkageType}`)}
              {b.linkageTarget && <div className="bo-muted bo-clip">{b.linkageTarget}</div>}
            </td>
            <ContentTailCells
              kind="banners"
              row={b}
              name={titleOf(b) || b.groupName}
              manage={manage}
              onEdit={() => editing.edit(b)}
            />
          </>
        )}
      />
      {editing.open && <BannerFormDialog banner={editing.dialogItem} group={group} onClose={editing.close} />}
    </div>
  );
}
