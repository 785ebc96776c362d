import { Menu } from '@base-ui/react/menu';
import type { RoleInfo, StaffMember } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetStaffPassword, useResetStaffTwoFactor, useSetStaffEnabled } from '../../api/staff.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { SecretOnce } from '../../components/SecretOnce.tsx';
import { StaffFormDialog } from './StaffFormDialog.tsx';

type Open = 'edit' | 'reset-password' | 'toggle' | 'reset-2fa' | null;

/** The row menu of a staff member: edit, reset password (one-time password shown once), reset 2FA, disable / enable. */
export function StaffActions({ staff, roles }: { staff: StaffMember; roles: readonly RoleInfo[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const reset = useResetStaffPassword();
  const toggle = useSetStaffEnabled();
  const reset2fa = useResetStaffTwoFactor();
  const close = () => setOpen(null);
  const enabling = staff.status === 'disabled';

  return (
    <>
      <Menu.Root>
        <Menu.Trigger className="bo-btn bo-btn--small" aria-label={t('staff.actionsFor', { username: staff.username })}>
          {t('common.actions')} ▾
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Positioner className="bo-menu__positioner" align="end" sideOffset={4}>
            <Menu.Popup className="bo-menu">
              <Menu.Item className="bo-menu__item" onClick={() => setOpen('edit')}>
                {t('staff.edit')}
              </Menu.Item>
              <Menu.Item className="bo-menu__item" onClick={() => setOpen('reset-password')}>
                {t('staff.resetPassword')}
              </Menu.Item>
              <Menu.Item
                className="bo-menu__item"
                onClick={() => setOpen('reset-2fa')}
                disabled={!staff.twoFactorEnabled}
              >
                {t('staff.resetTwoFactor')}
              </Menu.Item>
              <Menu.Item className="bo-menu__item bo-menu__item--danger" onClick={() => setOpen('toggle')}>
                {enabling ? t('staff.enable') : t('staff.disable')}
              </Menu.Item>
            </Menu.Popup>
          </Menu.Positioner>
        </Menu.Portal>
      </Menu.Root>
      {open === 'edit' && <StaffFormDialog roles={roles} staff={staff} onClose={close} />}
      {open === 'reset-password' && (
        <AppDialog
          open
          onClose={() => {
            reset.reset();
            close();
          }}
          title={t('staff.resetPasswordTitle', { username: staff.username })}
          footer={
            reset.data ? (
              <button
                type="button"
                className="bo-btn bo-btn--primary"
                onClick={() => {
                  reset.reset();
                  close();
                }}
              >
                {t('common.done')}
              </button>
            ) : (
              <>
                <button type="button" className="bo-btn bo-btn--ghost" onClick={close}>
                  {t('common.cancel')}
                </button>
                <button
                  type="button"
                  className="bo-btn bo-btn--danger"
                  disabled={reset.isPending}
                  onClick={() => reset.mutate(staff.id)}
                >
                  {t('staff.resetPassword')}
                </button>
              </>
            )
          }
        >
          {reset.data ? (
            <SecretOnce label={t('staff.oneTimePassword')} secret={reset.data.oneTimePassword} />
          ) : (
            <p>{t('staff.resetPasswordText')}</p>
          )}
          {reset.isError && <ErrorAlert error={reset.error} />}
        </AppDialog>
      )}
      <ConfirmDialog
        open={open === 'toggle'}
        onClose={close}
        title={
          enabling
            ? t('staff.enableTitle', { username: staff.username })
            : t('staff.disableTitle', { username: staff.username })
        }
        text={enabling ? t('staff.enableText') : t('staff.disableText')}
        confirmLabel={enabling ? t('staff.enable') : t('staff.disable')}
        danger={!enabling}
        mutation={toggle}
        args={{ id: staff.id, enabled: enabling }}
      />
      <ConfirmDialog
        open={open === 'reset-2fa'}
        onClose={close}
        title={t('staff.resetTwoFactorTitle', { username: staff.username })}
        text={t('staff.resetTwoFactorText')}
        confirmLabel={t('staff.resetTwoFactor')}
        danger
        mutation={reset2fa}
        args={staff.id}
      />
    </>
  );
}
