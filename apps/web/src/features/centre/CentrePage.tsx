import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMemberInfo } from '../../api/auth.ts';
import { ComingSoon } from '../../components/ComingSoon.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { Splash } from '../../components/Splash.tsx';
import { CENTRE_PAGES, type CentreArea } from './centre-pages.ts';

/**
 * Member centre (/member/:page) and agent centre (/agent/:page, /agentHome): a menu of the spec's pages
 * beside the current one. Without a page, the first page shows; an unknown page is a 404. `pages` are the built
 * pages by name, from the app's page registry (features never import each other); the others show "coming soon".
 */
export function CentrePage({
  area,
  pages: built = {},
}: {
  area: CentreArea;
  pages?: Partial<Record<string, ComponentType>>;
}) {
  const { t } = useTranslation();
  const { page } = useParams();
  const pages = CENTRE_PAGES[area];
  const current = page ?? pages[0];
  const me = useMemberInfo().data;
  if (!pages.includes(current)) return <NotFoundPage />;
  const Page = built[current];
  // The server refuses agent data to non-agents; the site says so instead of showing empty agent pages.
  if (area === 'agent' && me && !me.isAgent)
    return <ComingSoon title={t(`centre.${area}.title`)} note={t('errors.non_agent_login')} />;
  return (
    <div className="centre">
      <nav className="centre__menu" aria-labelledby="centre-title">
        <h2 id="centre-title" className="centre__title">
          {t(`centre.${area}.title`)}
        </h2>
        <ul>
          {pages.map((p) => (
            <li key={p}>
              <Link to={`/${area}/${p}`} aria-current={p === current ? 'page' : undefined}>
                {t(`centre.${area}.${p}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="centre__content">
        {Page ? (
          <Suspense fallback={<Splash />}>
            <Page />
          </Suspense>
        ) : (
          <ComingSoon title={t(`centre.${area}.${current}`)} />
        )}
      </div>
    </div>
  );
}
