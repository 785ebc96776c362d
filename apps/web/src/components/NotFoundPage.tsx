import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page-message" aria-labelledby="page-title">
      <h1 id="page-title">{t('pages.notFoundTitle')}</h1>
      <p>{t('pages.notFoundText')}</p>
      <Link className="btn btn--primary" to="/">
        {t('common.backHome')}
      </Link>
    </section>
  );
}
