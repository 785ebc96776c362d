import { Menu } from '@base-ui/react/menu';
import type { AdminVendor } from '@sea/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRotateWalletSecret, useSetWalletMode, useSyncVendor, useUpdateVendor } from '../../api/games.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { SecretOnce } from '../../components/SecretOnce.tsx';
import { VendorEditDialog } from './VendorEditDialog.tsx';

type Open = 'maintenance' | 'status' | 'edit' | 'rotate' | 'sync' | 'walletMode' | null;

/** A vendor's row menu: maintenance on/off, disable/enable, edit, wallet key rotation (shown once), catalogue sync. */
export function VendorActions({ vendor: v }: { vendor: AdminVendor }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const update = useUpdateVendor();
  const rotate = useRotateWalletSecret();
  const sync = useSyncVendor();
  const walletMode = useSetWalletMode();
  const otherMode: AdminVendor['walletMode'] = v.walletMode === 'seamless' ? 'transfer' : 'seamless';
  const close = () => setOpen(null);
  const enabling = v.status === 'disabled';
  return (
    <>
      <Menu.Root>
        <Menu.Trigger className="bo-btn bo-btn--small" aria-label={t('games.vendors.actionsFor', { name: v.name })}>
          {t('common.actions')} ▾
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Positioner className="bo-menu__positioner" align="end" sideOffset={4}>
            <Menu.Popup className="bo-menu">
              <Menu.Item className="bo-menu__item" onClick={() => setOpen('maintenance')}>
                {v.maintenance ? t('games.vendors.endMaintenance') : t('games.vendors.startMaintenance')}
              </Menu.Item>
              <Menu.Item className="bo-menu__item" onClick={() => setOpen('edit')}>
                {t('games.vendors.edit')}
              </Menu.Item>
              <Menu.Item className="bo-menu__item" onClick={() => setOpen('sync')} disabled={v.adapter === 'none'}>
                {t('games.vendors.sync')}
              </Menu.Item>
              <Menu.Item
                className="bo-menu__item"
                onClick={() => setOpen('rotate')}
                disabled={v.walletMode !== 'seamless'}
              >
                {t('games.vendors.rotate')}
              </Menu.Item>
              <Menu.Item
                className="bo-menu__item"
                onClick={() => setOpen('walletMode')}
                disabled={v.adapter === 'none'}
              >
                {t(`more.walletMode.to.${otherMode}`)}
              </Menu.Item>
              <Menu.Item className="bo-menu__item bo-menu__item--danger" onClick={() => setOpen('status')}>
                {enabling ? t('games.vendors.enable') : t('games.vendors.disable')}
              </Menu.Item>
            </Menu.Popup>
          </Menu.Positioner>
        </Menu.Portal>
      </Menu.Root>
      <ConfirmDialog
        open={open === 'maintenance'}
        onClose={close}
        title={t(v.maintenance ? 'games.vendors.endMaintenanceTitle' : 'games.vendors.startMaintenanceTitle', {
          name: v.name,
        })}
        text={t(v.maintenance ? 'games.vendors.endMaintenanceText' : 'games.vendors.startMaintenanceText')}
        confirmLabel={v.maintenance ? t('games.vendors.endMaintenance') : t('games.vendors.startMaintenance')}
        mutation={update}
        args={{ code: v.code, patch: { maintenance: !v.maintenance } }}
      />
      <ConfirmDialog
        open={open === 'status'}
        onClose={close}
        title={t(enabling ? 'games.vendors.enableTitle' : 'games.vendors.disableTitle', { name: v.name })}
        text={t(enabling ? 'games.vendors.enableText' : 'games.vendors.disableText')}
        confirmLabel={enabling ? t('games.vendors.enable') : t('games.vendors.disable')}
        danger={!enabling}
        mutation={update}
        args={{ code: v.code, patch: { status: enabling ? 'active' : 'disabled' } }}
      />
      <ConfirmDialog
        open={open === 'walletMode'}
        onClose={close}
        title={t('more.walletMode.title', { name: v.name, mode: t(`more.walletMode.names.${otherMode}`) })}
        text={t(`more.walletMode.text.${otherMode}`)}
        confirmLabel={t(`more.walletMode.to.${otherMode}`)}
        danger
        mutation={walletMode}
        args={{ code: v.code, walletMode: otherMode }}
      />
      {open === 'edit' && <VendorEditDialog vendor={v} onClose={close} />}
      {open === 'rotate' && (
        <OnceDialog
          title={t('games.vendors.rotateTitle', { name: v.name })}
          text={t('games.vendors.rotateText')}
          action={t('games.vendors.rotate')}
          mutation={rotate}
          args={v.code}
          onClose={close}
          danger
          done={(r) => <SecretOnce label={t('games.vendors.newKey', { code: r.vendor })} secret={r.secret} />}
        />
      )}
      {open === 'sync' && (
        <OnceDialog
          title={t('games.vendors.syncTitle', { name: v.name })}
          text={t('games.vendors.syncText')}
          action={t('games.vendors.sync')}
          mutation={sync}
          args={v.code}
          onClose={close}
          done={(r) => (
            <p role="status" className="bo-alert bo-alert--success">
              {t('games.vendors.synced', { added: r.added, updated: r.updated })}
            </p>
          )}
        />
      )}
    </>
  );
}

/** An action whose answer is shown in the dialog once it is done (a new key, a sync's counts). */
function OnceDialog<A, R>(props: {
  title: string;
  text: string;
  action: string;
  mutation: UseMutationResult<R, Error, A>;
  args: A;
  onClose: () => void;
  danger?: boolean;
  done: (result: R) => ReactNode;
}) {
  const { t } = useTranslation();
  const { mutation } = props;
  const close = () => {
    mutation.reset();
    props.onClose();
  };
  return (
    <AppDialog
      open
      onClose={close}
      title={props.title}
      footer={
        mutation.data ? (
          <button type="button" className="bo-btn bo-btn--primary" onClick={close}>
            {t('common.done')}
          </button>
        ) : (
          <>
            <button type="button" className="bo-btn bo-btn--ghost" onClick={close}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className={props.danger ? 'bo-btn bo-btn--danger' : 'bo-btn bo-btn--primary'}
              disabled={mutation.isPending}
              onClick={() => mutation.mutate(props.args)}
            >
              {props.action}
            </button>
          </>
        )
      }
    >
      {mutation.data ? props.done(mutation.data) : <p>{props.text}</p>}
      {mutation.isError && <ErrorAlert error={mutation.error} />}
    </AppDialog>
  );
}
