import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePromotions } from '../../api/promotions.ts';
import { PromotionCard } from '../../components/promotions/PromotionCard.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import '../../i18n/areas/promos.ts';

/** How many promotions the home shows (the rest are one click away on /promotions). */
const HOME_PROMOTIONS = 3;

/** The home's promotions block: the first current promotions as on /promotions (its own chunk, loaded near view). */
export default function HomePromotions() {
  const { t } = useTranslation();
  const query = usePromotions();
  return (
    <QueryState query={query} isEmpty={(d) => d.list.length === 0} empty={t('promos.promotions.empty')}>
      {(d) => (
        <>
          <ul className="promo-grid" aria-labelledby="home-promotions">
            {d.list.slice(0, HOME_PROMOTIONS).map((p) => (
              <li key={p.id}>
                <PromotionCard promotion={p} headingLevel={3} />
              </li>
            ))}
          </ul>
          {d.list.length > 0 && (
            <Link to="/promotions" className="btn btn--ghost home__more">
              {t('promos.promotions.seeAll')} ›
            </Link>
          )}
        </>
      )}
    </QueryState>
  );
}
