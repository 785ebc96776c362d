import type { RoleInfo } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteRole, useRoles } from '../../api/staff.ts';
import { Badge } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Can } from '../../components/permissions.tsx';
import { roleName } from '../../components/role-name.ts';
import { groupPermissions } from './permission-groups.ts';
import { RoleEditorDialog } from './RoleEditorDialog.tsx';

/** Roles with their permissions: built-in roles read-only, custom roles created, edited and deleted here. */
export function RolesPage() {
  const { t } = useTranslation();
  const roles = useRoles();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<RoleInfo | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleInfo | null>(null);

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('roles.title')}</h1>
        <Can permission="staff.manage">
          <button
            type="button"
            className="bo-btn bo-btn--primary"
            onClick={() => setEditing('new')}
            disabled={!roles.data}
          >
            {t('roles.create')}
          </button>
        </Can>
      </div>
      {roles.isPending && <p role="status">{t('common.loading')}</p>}
      {roles.isError && <ErrorAlert error={roles.error} onRetry={() => void roles.refetch()} />}
      {roles.data && (
        <div className="bo-table">
          <div className="bo-table__scroll">
            <table className="bo-roles">
              <thead>
                <tr>
                  <th scope="col">{t('roles.name')}</th>
                  <th scope="col">{t('roles.permissions')}</th>
                  <th scope="col" className="num">
                    {t('roles.staffCount')}
                  </th>
                  <th scope="col">
                    <span className="sr-only">{t('common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {roles.data.items.map((r) => (
                  <tr key={r.code}>
                    <td>
                      <strong>{roleName(r.code, r.name)}</strong>
                      <div className="bo-muted">
                        <code>{r.code}</code> · {r.builtIn ? t('roles.builtIn') : t('roles.custom')}
                        {r.twoFactorRequired && (
                          <>
                            {' '}
                            <Badge tone="info">{t('roles.twoFactorRequired')}</Badge>
                          </>
                        )}
                      </div>
                    </td>
                    <td className="bo-wrap">
                      <dl className="bo-perm-summary">
                        {groupPermissions(r.permissions).map((g) => (
                          <div key={g.area}>
                            <dt>{t(`permissions.areas.${g.area}`, { defaultValue: g.area })}</dt>
                            <dd>
                              {g.permissions.map((p) => t(`permissions.names.${p}`, { defaultValue: p })).join(', ')}
                            </dd>
                          </div>
                        ))}
                      </dl>
                    </td>
                    <td className="num">{r.staffCount}</td>
                    <td>
                      {!r.builtIn && (
                        <Can permission="staff.manage">
                          <div className="bo-row-actions">
                            <button type="button" className="bo-btn bo-btn--small" onClick={() => setEditing(r)}>
                              {t('common.edit')}
                            </button>
                            <button
                              type="button"
                              className="bo-btn bo-btn--small bo-btn--danger-ghost"
                              onClick={() => setDeleting(r)}
                            >
                              {t('common.delete')}
                            </button>
                          </div>
                        </Can>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {editing && roles.data && (
        <RoleEditorDialog
          role={editing === 'new' ? null : editing}
          allPermissions={roles.data.permissions}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('roles.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('roles.deleteText')}
        confirmLabel={t('common.delete')}
        danger
        mutation={remove}
        args={deleting?.code ?? ''}
      />
    </div>
  );
}
