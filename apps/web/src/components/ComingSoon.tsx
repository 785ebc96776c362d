import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A page of the route table that is not built yet: a real, translated state, never a blank screen. */
export function ComingSoon({ titleKey, title, note }: { titleKey?: string; title?: string; note?: string }) {
  const { t } = useTranslation();
  const heading = title ?? (titleKey ? t(titleKey) : '');
  return (
    <section className="coming-soon" aria-labelledby="page-title">
      <h1 id="page-title">{heading}</h1>
      {note ? (
        <p role="alert">{note}</p>
      ) : (
        <>
          <p className="coming-soon__tag">{t('common.comingSoon')}</p>
          <p>{t('common.comingSoonText', { title: heading })}</p>
        </>
      )}
      <Link className="btn btn--primary" to="/">
        {t('common.backHome')}
      </Link>
    </section>
  );
}
