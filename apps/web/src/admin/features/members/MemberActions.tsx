import type { MemberDetail } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useEndSessions,
  useLockMember,
  useReopenMember,
  useResetMemberPassword,
  useUnlockMember,
} from '../../api/members.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../../components/permissions.tsx';
import { SecretOnce } from '../../components/SecretOnce.tsx';
import { AdjustmentRequestDialog } from '../../components/AdjustmentRequestDialog.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { MoveMemberDialog } from './MoveMemberDialog.tsx';

type Open = 'lock' | 'unlock' | 'reopen' | 'reset' | 'end' | 'move' | 'adjust' | null;

/**
 * The actions on a member, each shown only to a role allowed it (members.manage; adjustments.request for an
 * adjustment): lock with a reason / unlock, reopen a closed account with a reason, reset the password (the one-time password shown once), end sessions,
 * move under another agent, request an adjustment. The server checks the same and audits each one.
 */
export function MemberActions({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const account = detail.profile.account;
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const lock = useLockMember(account);
  const unlock = useUnlockMember(account);
  const reopen = useReopenMember(account);
  const endSessions = useEndSessions(account, (r) => setNotice(t('members.sessionsEnded', { count: r.sessionsEnded })));
  const locked = detail.status.status === 'locked';
  const manage = can('members.manage');
  const close = () => setOpen(null);
  const act = (o: Open) => () => {
    setNotice(null);
    setOpen(o);
  };

  if (!manage && !can('adjustments.request')) return null;
  return (
    <div className="bo-member__actions">
      {manage && (
        <>
          {/* A closed account is reopened (with a reason), never locked or unlocked (the server refuses both); once
              its personal data are erased it can never be reopened (the server refuses that too), so staff are told. */}
          {detail.status.status === 'closed' && detail.status.anonymisedAt ? (
            <p className="bo-muted" role="note" data-testid="reopen-blocked">
              {t('members.reopenAnonymised')}
            </p>
          ) : detail.status.status === 'closed' ? (
            <button type="button" className="bo-btn bo-btn--primary" onClick={act('reopen')}>
              {t('members.reopen')}
            </button>
          ) : locked ? (
            <button type="button" className="bo-btn bo-btn--primary" onClick={act('unlock')}>
              {t('members.unlock')}
            </button>
          ) : (
            <button type="button" className="bo-btn bo-btn--danger-ghost" onClick={act('lock')}>
              {t('members.lock')}
            </button>
          )}
          <button type="button" className="bo-btn bo-btn--ghost" onClick={act('reset')}>
            {t('members.resetPassword')}
          </button>
          <button type="button" className="bo-btn bo-btn--ghost" onClick={act('end')}>
            {t('members.endSessions')}
          </button>
          <button type="button" className="bo-btn bo-btn--ghost" onClick={act('move')}>
            {t('members.move')}
          </button>
        </>
      )}
      {can('adjustments.request') && (
        <button type="button" className="bo-btn bo-btn--ghost" onClick={act('adjust')}>
          {t('members.adjustment')}
        </button>
      )}
      {notice && (
        <p className="bo-alert bo-alert--success bo-member__notice" role="status">
          {notice}
        </p>
      )}

      {open === 'lock' && (
        <ReasonDialog
          title={t('members.lockTitle', { account })}
          summary={t('members.lockHelp')}
          confirmLabel={t('members.lock')}
          onSubmit={async (reason) => {
            const r = await lock.mutateAsync(reason);
            setNotice(t('members.sessionsEnded', { count: r.sessionsEnded }));
          }}
          onClose={close}
        />
      )}
      {open === 'reopen' && (
        <ReasonDialog
          title={t('members.reopenTitle', { account })}
          summary={t('members.reopenHelp')}
          confirmLabel={t('members.reopen')}
          tone="primary"
          onSubmit={async (reason) => {
            await reopen.mutateAsync(reason);
            setNotice(t('members.reopened', { account }));
          }}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open === 'unlock'}
        onClose={close}
        title={t('members.unlockTitle', { account })}
        text={t('members.unlockText', { account })}
        confirmLabel={t('members.unlock')}
        mutation={unlock}
        args={undefined}
      />
      <ConfirmDialog
        open={open === 'end'}
        onClose={close}
        title={t('members.endSessionsTitle', { account })}
        text={t('members.endSessionsText', { account })}
        confirmLabel={t('members.endSessions')}
        danger
        mutation={endSessions}
        args={undefined}
      />
      {open === 'reset' && <ResetPasswordDialog account={account} onClose={close} />}
      {open === 'move' && (
        <MoveMemberDialog
          account={account}
          onClose={close}
          onMoved={(agent) => setNotice(t('members.moved', { agent }))}
        />
      )}
      {open === 'adjust' && <AdjustmentRequestDialog memberAccount={account} onClose={close} />}
    </div>
  );
}

/** Reset: asked first, then the one-time password shown once (never again, not even on this page). */
function ResetPasswordDialog({ account, onClose }: { account: string; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetMemberPassword(account);
  const done = reset.data;
  return (
    <AppDialog
      open
      onClose={onClose}
      title={done ? t('members.resetDone') : t('members.resetTitle', { account })}
      footer={
        done ? (
          <button type="button" className="bo-btn bo-btn--primary" onClick={onClose}>
            {t('common.done')}
          </button>
        ) : (
          <>
            <button type="button" className="bo-btn bo-btn--ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="bo-btn bo-btn--danger"
              disabled={reset.isPending}
              onClick={() => reset.mutate()}
            >
              {t('members.resetPassword')}
            </button>
          </>
        )
      }
    >
      {done ? (
        <>
          <SecretOnce label={t('members.oneTimePassword')} secret={done.oneTimePassword} />
          <p>{t('members.sessionsEnded', { count: done.sessionsEnded })}</p>
        </>
      ) : (
        <p>{t('members.resetText')}</p>
      )}
      {reset.isError && <ErrorAlert error={reset.error} />}
    </AppDialog>
  );
}
