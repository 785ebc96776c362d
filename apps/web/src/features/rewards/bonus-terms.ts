import type { RewardBonusTerms } from '@sea/contracts';
import type { TFunction } from 'i18next';

/** A bonus reward's wagering terms in one line ("Bonus money: wager 2× within 7 days · converts at most …"). */
export function bonusTermsText(t: TFunction, b: RewardBonusTerms, money: (v: string) => string): string {
  return [
    t('rewards.bonusTerms', { multiplier: b.multiplier, days: b.expiryDays }),
    ...(b.maxConversion !== null ? [t('rewards.bonusMaxConversion', { amount: money(b.maxConversion) })] : []),
    ...(b.maxStake !== null ? [t('rewards.bonusMaxStake', { amount: money(b.maxStake) })] : []),
  ].join(' · ');
}
