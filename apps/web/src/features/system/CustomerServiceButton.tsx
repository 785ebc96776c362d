import { useTranslation } from 'react-i18next';
import { useSystem } from '../../state/system.ts';

export function CustomerServiceButton() {
  const { t } = useTranslation();
  const url = useSystem((s) => s.status?.customerServiceUrl);
  if (!url) return null;
  return (
    <a className="btn btn--primary" href={url} target={url.startsWith('http') ? '_blank' : undefined} rel="noreferrer">
      {t('system.contactCs')}
    </a>
  );
}
