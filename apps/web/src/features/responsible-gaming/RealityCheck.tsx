import { formatMoney } from '@sea/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../api/auth.ts';
import { RG_KEY, useRgStatus } from '../../api/responsible-gaming.ts';
import { Modal } from '../../components/Modal.tsx';
import { useSession } from '../../state/session.ts';
import '../../i18n/areas/rg.ts';

const MINUTE = 60_000;

/**
 * The reality check (PA 814a.1(e), UKGC RTS 13C / 2E): every N minutes of the session (the member's choice, 60 by
 * default) a dialog with the time played, the net result and the stakes since login — continue or log out. The
 * timer runs from the session start the server keeps; the figures are read fresh when it opens.
 */
export function RealityCheck() {
  const { t } = useTranslation();
  const isLogin = useSession((s) => s.isLogin);
  const clear = useSession((s) => s.clear);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const status = useRgStatus({ enabled: isLogin }).data;
  const [open, setOpen] = useState(false);
  const [shownAt, setShownAt] = useState(0);
  const started = status?.session.startedAt ? Date.parse(status.session.startedAt) : null;
  const every = (status?.realityCheckMinutes ?? 60) * MINUTE;

  useEffect(() => {
    if (!isLogin || started === null || open) return;
    const elapsed = Date.now() - started;
    const next = Math.max(Math.floor(elapsed / every) + 1, Math.floor((shownAt - started) / every) + 1) * every;
    const timer = setTimeout(() => {
      setShownAt(Date.now());
      void qc.invalidateQueries({ queryKey: RG_KEY });
      setOpen(true);
    }, next - elapsed);
    return () => clearTimeout(timer);
  }, [isLogin, started, every, open, shownAt, qc]);

  if (!isLogin || !status || started === null) return null;
  const minutes = Math.floor((Math.max(shownAt, Date.now()) - started) / MINUTE);
  const money = (v: string) => formatMoney(v, status.exponent);

  async function signOut() {
    setOpen(false);
    await logout().catch(() => undefined);
    clear();
    qc.clear();
    navigate('/');
  }

  return (
    <Modal open={open} onClose={() => setOpen(false)} title={t('rg.realityTitle')}>
      <div className="rg-check__stats" role="status">
        <p>{t('rg.realityText', { minutes })}</p>
        <p>{t('rg.realityNet', { net: money(status.session.net) })}</p>
        <p>{t('rg.realityWagered', { wagered: money(status.session.wagered) })}</p>
      </div>
      <div className="rg-check__actions">
        <button type="button" className="btn btn--primary" onClick={() => setOpen(false)}>
          {t('rg.continue')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => void signOut()}>
          {t('rg.logOut')}
        </button>
      </div>
    </Modal>
  );
}
