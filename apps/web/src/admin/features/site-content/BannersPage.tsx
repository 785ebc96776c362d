import { type AdminBanner, BANNER_GROUPS, type BannerGroup } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAdminBanners } from '../../api/content.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Can, useCan } from '../../components/permissions.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { BannerFormDialog } from './BannerFormDialog.tsx';
import { liveState, STATE_TONE } from './content-form.ts';
import { ContentRowActions } from './ContentRowActions.tsx';

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
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const rows = list.data?.list ?? [];

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('siteContent.bannersTitle')}</h1>
        <Can permission="content.manage">
          <button type="button" className="bo-btn bo-btn--primary" onClick={() => setEditing('new')}>
            {t('siteContent.addBanner')}
          </button>
        </Can>
      </div>
      <section className="bo-table" aria-label={t('siteContent.bannersTitle')}>
        <div className="bo-table__toolbar">
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
        </div>
        {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
        <div className="bo-table__scroll" tabIndex={0} role="group" aria-label={t('siteContent.bannersTitle')}>
          <table aria-busy={list.isFetching}>
            <thead>
              <tr>
                <th>{t('siteContent.image')}</th>
                <th>{t('siteContent.title')}</th>
                <th>{t('siteContent.linkage')}</th>
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
                    {t('siteContent.noBanners')}
                  </td>
                </tr>
              )}
              {rows.map((b) => {
                const state = liveState(b);
                return (
                  <tr key={b.id}>
                    <td>
                      <img className="bo-content-thumb" src={b.imageUrl} alt="" loading="lazy" />
                    </td>
                    <td>{titleOf(b) || <span className="bo-muted">{t('siteContent.noTitle')}</span>}</td>
                    <td>
                      {t(`siteContent.linkages.${b.linkageType}`)}
                      {b.linkageTarget && <div className="bo-muted bo-clip">{b.linkageTarget}</div>}
                    </td>
                    <td>{b.sort}</td>
                    <td className="bo-nowrap">
                      {formatDateTime(b.startsAt)}
                      <div className="bo-muted">{b.endsAt ? formatDateTime(b.endsAt) : t('siteContent.noEnd')}</div>
                    </td>
                    <td>
                      <Badge tone={STATE_TONE[state]}>{t(`siteContent.states.${state}`)}</Badge>
                    </td>
                    {can('content.manage') && (
                      <td>
                        <ContentRowActions
                          kind="banners"
                          id={b.id}
                          name={titleOf(b) || b.groupName}
                          published={b.published}
                          onEdit={() => setEditing(b)}
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
        <BannerFormDialog
          banner={editing === 'new' ? undefined : editing}
          group={group}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
