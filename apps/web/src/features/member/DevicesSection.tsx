import type { MemberDevice } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevices, useRemoveDevice } from '../../api/security.ts';
import { useDateTime } from '../../components/DateTime.tsx';
import { errorText } from '../../components/error-text.ts';
import { Modal } from '../../components/Modal.tsx';
import { QueryState } from '../../components/QueryState.tsx';

/**
 * Security centre › remembered devices: logins from them need no new-device check; removing one makes its next
 * login checked again (and ends its other sessions).
 */
export function DevicesSection() {
  const { t } = useTranslation();
  const devices = useDevices();
  const remove = useRemoveDevice();
  const when = useDateTime();
  const [asking, setAsking] = useState<MemberDevice | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function confirm() {
    if (!asking) return;
    setStatus(null);
    try {
      await remove.mutateAsync(asking.id);
      setStatus({ ok: true, text: t('member.devices.removed') });
    } catch (err) {
      setStatus({ ok: false, text: errorText(t, err) });
    }
    setAsking(null);
  }

  return (
    <section className="devices" aria-labelledby="devices-title">
      <h2 id="devices-title">{t('member.devices.title')}</h2>
      <p className="field__hint">{t('member.devices.hint')}</p>
      {status && (
        <p className={status.ok ? 'form__done' : 'form__error'} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </p>
      )}
      <QueryState query={devices} isEmpty={(list) => list.length === 0} empty={t('member.devices.empty')}>
        {(list) => (
          <ul className="devices__list">
            {list.map((d) => (
              <li key={d.id} className="devices__item">
                <div className="devices__text">
                  <p className="devices__label">
                    {d.label}
                    {d.current && <span className="devices__current">{t('member.devices.current')}</span>}
                  </p>
                  <p className="field__hint">
                    {t('member.devices.ip', { ip: d.ip })} ·{' '}
                    {t('member.devices.lastSeen', { time: when(d.lastSeenAt) })}
                  </p>
                  <p className="field__hint">{t('member.devices.firstSeen', { time: when(d.firstSeenAt) })}</p>
                </div>
                <button
                  type="button"
                  className="btn btn--ghost"
                  aria-label={t('member.devices.removeLabel', { label: d.label })}
                  onClick={() => setAsking(d)}
                >
                  {t('member.devices.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <Modal open={asking !== null} onClose={() => setAsking(null)} title={t('member.devices.title')}>
        <p>{t('member.devices.confirm', { label: asking?.label ?? '' })}</p>
        <div className="form__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setAsking(null)}>
            {t('auth.cancel')}
          </button>
          <button type="button" className="btn btn--primary" onClick={confirm} disabled={remove.isPending}>
            {t('auth.confirm')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
