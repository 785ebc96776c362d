import type { PromotionItem } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay, localDate } from '../../lib/date-time.ts';
import { useSystemStatus } from '../../state/system.ts';
import './promotion-card.css';

/** A promotion's period as the site shows days (DD/MM/YYYY, merchant time zone); open-ended: "From …". */
export function usePromotionPeriod(): (p: Pick<PromotionItem, 'startsAt' | 'endsAt'>) => string {
  const { t } = useTranslation();
  const { timezone } = useSystemStatus();
  const day = (ms: number) => formatDay(localDate(new Date(ms), timezone));
  return (p) =>
    p.endsAt === null
      ? t('promos.promotions.from', { from: day(p.startsAt) })
      : t('promos.promotions.period', { from: day(p.startsAt), to: day(p.endsAt) });
}

/** The promotion's image, or a plain panel with its category when it has none. */
export function PromotionImage({ promotion }: { promotion: Pick<PromotionItem, 'imageUrl' | 'category'> }) {
  return promotion.imageUrl ? (
    <img className="promo-card__image" src={promotion.imageUrl} alt="" loading="lazy" decoding="async" />
  ) : (
    <span className="promo-card__image promo-card__image--none" aria-hidden="true">
      {promotion.category ?? '%'}
    </span>
  );
}

/**
 * One promotion as a card (image, category, title, period), the whole card one link to its detail
 * (/promotions#{id}). `headingLevel` keeps the page's outline (h2 on /promotions, h3 in the home's block).
 */
export function PromotionCard({ promotion, headingLevel = 2 }: { promotion: PromotionItem; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const period = usePromotionPeriod();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="promo-card">
      <PromotionImage promotion={promotion} />
      <div className="promo-card__body">
        {promotion.category && <span className="promo-card__tag">{promotion.category}</span>}
        <Heading className="promo-card__title">
          <Link
            to={`/promotions#${promotion.id}`}
            className="promo-card__link"
            aria-label={t('promos.promotions.moreAbout', { title: promotion.title })}
          >
            {promotion.title}
          </Link>
        </Heading>
        <p className="promo-card__period">{period(promotion)}</p>
        <span className="promo-card__more" aria-hidden="true">
          {t('promos.promotions.more')} ›
        </span>
      </div>
    </article>
  );
}
