import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePromotion, usePromotions } from '../../api/promotions.ts';
import { BonusJoin } from '../../components/promotions/BonusJoin.tsx';
import { PromotionCard, PromotionImage, usePromotionPeriod } from '../../components/promotions/PromotionCard.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import './promotions.css';
import '../../i18n/areas/promos.ts';

/**
 * /promotions: the merchant's current promotions as cards (image, title, period) in the operator's order;
 * /promotions#{id} (spec §2) opens that promotion's detail, its HTML sanitised, with a way back to the list.
 */
export default function PromotionsPage() {
  const { hash } = useLocation();
  const id = /^#\d{1,18}$/.test(hash) ? hash.slice(1) : null;
  return id ? <PromotionDetail id={id} /> : <PromotionList />;
}

function PromotionList() {
  const { t } = useTranslation();
  const query = usePromotions();
  return (
    <section className="promos" aria-labelledby="page-title">
      <header className="promos__head">
        <h1 id="page-title">{t('pages.promotions')}</h1>
        <p className="promos__intro">{t('promos.promotions.intro')}</p>
        <Link className="btn btn--primary promos__join" to="/join">
          {t('promos.promotions.join')}
        </Link>
      </header>
      <QueryState
        query={query}
        isEmpty={(d) => d.list.length === 0}
        empty={<span className="empty-panel">{t('promos.promotions.empty')}</span>}
      >
        {(d) => (
          <ul className="promo-grid" aria-labelledby="page-title">
            {d.list.map((p) => (
              <li key={p.id}>
                <PromotionCard promotion={p} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function PromotionDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = usePromotion(id);
  const period = usePromotionPeriod();
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = query.data !== undefined;
  // The detail is the whole page: shown from its top (under the sticky header, not scrolled to the card's place),
  // the focus on its title (a screen reader hears where it landed).
  useEffect(() => {
    if (!loaded) return;
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, [loaded, id]);
  const back = (
    <Link className="btn btn--ghost promos__back" to="/promotions">
      ‹ {t('promos.promotions.back')}
    </Link>
  );
  return (
    <section className="promos" aria-labelledby="page-title">
      {back}
      <QueryState query={query} errorTitle={t('pages.promotions')}>
        {(p) => (
          <article className="promo-detail">
            <PromotionImage promotion={p} />
            <div className="promo-detail__body">
              {p.category && <span className="promo-card__tag">{p.category}</span>}
              <h1 id="page-title" ref={heading} tabIndex={-1}>
                {p.title}
              </h1>
              <p className="promo-card__period">{period(p)}</p>
              <SafeHtml html={p.content} className="promo-detail__content" />
              <BonusJoin promotionId={p.id} />
            </div>
          </article>
        )}
      </QueryState>
    </section>
  );
}
