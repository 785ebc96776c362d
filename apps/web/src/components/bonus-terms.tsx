import type { RewardBonusTerms, RewardPayAs } from '@sea/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import '../i18n/areas/rewards.ts';

/** A bonus reward's wagering terms in one line ("Bonus money: wager 2× within 7 days · converts at most …"). */
export function bonusTermsText(t: TFunction, b: RewardBonusTerms, money: (v: string) => string): string {
  return [
    t('rewards.bonusTerms', { multiplier: b.multiplier, days: b.expiryDays }),
    ...(b.maxConversion !== null ? [t('rewards.bonusMaxConversion', { amount: money(b.maxConversion) })] : []),
    ...(b.maxStake !== null ? [t('rewards.bonusMaxStake', { amount: money(b.maxStake) })] : []),
  ].join(' · ');
}

/**
 * How a programme's reward pays, beside its amount (missions, leaderboard prizes, VIP level-up, referral, raffles):
 * bonus money with its wagering terms; nothing for cash.
 */
export function PayAsNote({
  payment,
  money,
  as: Tag = 'p',
}: {
  payment: { payAs: RewardPayAs; bonusTerms: RewardBonusTerms | null };
  money: (v: string) => string;
  as?: 'p' | 'span';
}) {
  const { t } = useTranslation();
  if (payment.payAs !== 'bonus' || !payment.bonusTerms) return null;
  return (
    <Tag className="field__hint pay-as" data-testid="pay-as">
      {bonusTermsText(t, payment.bonusTerms, money)}
    </Tag>
  );
}
