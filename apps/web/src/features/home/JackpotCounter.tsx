import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber2 } from '../../i18n/languages.ts';

/**
 * Decorative (spec §9): starts between 5,000,000 and 20,000,000, rises by 100–500 every 3–5 s. Formatted without Intl
 * (formatNumber2), so the home's start pays no Intl set-up.
 */
const MIN = 5_000_000;
const MAX = 20_000_000;
const rand = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

export function JackpotCounter() {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState(() => rand(MIN, MAX * 0.6));
  useEffect(() => {
    let timer: number;
    const tick = () => {
      setValue((v) => (v + rand(100, 500) > MAX ? rand(MIN, MAX * 0.6) : v + rand(100, 500)));
      timer = window.setTimeout(tick, rand(3000, 5000));
    };
    timer = window.setTimeout(tick, rand(3000, 5000));
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <section className="jackpot" aria-label={t('home.jackpot')}>
      <span className="jackpot__label">{t('home.jackpot')}</span>
      <span className="jackpot__value">{formatNumber2(value, i18n.language)}</span>
    </section>
  );
}
