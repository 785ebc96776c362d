import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../../api/system.ts';
import { useUi } from '../../state/ui.ts';

/** The header's Register button; only when direct registration is on (spec §2). */
export function RegisterButton() {
  const { t } = useTranslation();
  const on = useWhitelabel().data?.DIRECTREG3 !== false;
  const open = useUi((s) => s.open);
  if (!on) return null;
  return (
    <button type="button" className="btn btn--primary" onClick={() => open('register')}>
      {t('header.register')}
    </button>
  );
}
