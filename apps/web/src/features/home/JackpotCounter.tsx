import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../i18n/languages.ts';

/** Decorative (spec §9): starts between 5,000,000 and 20,000,000, rises by 100–500 every 3–5 s. */
const MIN = 5_000_000;
const MAX = 20_000_000;
const rand = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

/** One number format per locale, made once (toLocaleString with options builds a new one at every tick). */
const formats = new Map<string, Intl.NumberFormat>();
function formatIn(locale: string): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(locale, format);
  }
  return format;
}

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
      <span className="jackpot__value">{formatIn(localeOf(i18n.language)).format(value)}</span>
    </section>
  );
}
