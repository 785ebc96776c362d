import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFound({ noAccess }: { noAccess?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="bo-page bo-empty-page">
      <h1>{noAccess ? t('shell.noAccessTitle') : t('shell.notFoundTitle')}</h1>
      <p>{noAccess ? t('shell.noAccess') : t('shell.notFound')}</p>
      {!noAccess && <Link to="/">{t('shell.home')}</Link>}
    </div>
  );
}
