import { type BonusClaim, formatMoney } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBonusOffer, useBonusSummary, useJoinBonus } from '../../api/bonus.ts';
import { useSession } from '../../state/session.ts';
import { errorText } from '../error-text.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import '../../i18n/areas/bonus.ts';

/**
 * A promotion's bonus (bonus money) on its detail: the terms and a Join button (a deposit bonus must be joined
 * before the qualifying deposit); once joined, the claim's status. Nothing when the promotion pays no bonus.
 */
export function BonusJoin({
  promotionId,
  currency,
  exponent,
}: {
  promotionId: string;
  currency?: string;
  exponent?: number;
}) {
  const { t } = useTranslation();
  const isLogin = useSession((s) => s.isLogin);
  const offer = useBonusOffer(promotionId).data?.offer;
  const summary = useBonusSummary();
  const join = useJoinBonus();
  if (!offer) return null;
  const cur = currency ?? summary.data?.currency ?? '';
  const exp = exponent ?? summary.data?.exponent ?? 2;
  const money = (v: string | null) => (v === null ? '—' : `${cur} ${formatMoney(v, exp)}`.trim());
  const d = summary.data;
  const all: BonusClaim[] = d ? [...(d.active ? [d.active] : []), ...d.queued, ...d.waiting, ...d.history] : [];
  const claim = all.find((c) => c.promotionId === promotionId);
  const terms =
    offer.kind === 'signup'
      ? t('bonus.termsFixed', {
          amount: money(offer.fixedAmount),
          multiplier: offer.multiplier,
          days: offer.expiryDays,
        })
      : t('bonus.terms', {
          percent: offer.percentBp / 100,
          max: money(offer.maxBonus),
          min: money(offer.minDeposit),
          multiplier: offer.multiplier,
          days: offer.expiryDays,
        });
  return (
    <div className="promo-bonus" aria-live="polite">
      <p className="promo-bonus__terms">{terms}</p>
      {!isLogin ? (
        <Link className="btn btn--primary" to="/login">
          {t('bonus.joinLogin')}
        </Link>
      ) : claim ? (
        <p className="promo-bonus__status">
          {t('bonus.joined')} <StatusBadge tone="paid">{t(`bonus.status.${claim.status}`)}</StatusBadge>
        </p>
      ) : (
        <button
          type="button"
          className="btn btn--primary"
          disabled={join.isPending || summary.data === undefined}
          onClick={() => join.mutate(promotionId)}
        >
          {t('bonus.join')}
        </button>
      )}
      {join.isSuccess && (
        <p role="status" className="promo-bonus__done">
          {join.data.status === 'active' ? t('bonus.joinSignup') : t('bonus.joinDone')}
        </p>
      )}
      {join.isError && (
        <p role="alert" className="form__error">
          {errorText(t, join.error)}
        </p>
      )}
    </div>
  );
}
