import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec: with more than one banner it loops, autoplays every 5 s with a 1 s transition, clickable dots. */
export const BANNER_AUTOPLAY_MS = 5000;
const SLIDES = [1, 2, 3] as const;

export function BannerCarousel() {
  const { t } = useTranslation();
  const loop = SLIDES.length > 1;
  // embla's duration is not in ms: 40 measured in Chromium is 90 % of the slide in 0.67 s, 99 % in 1.27 s (≈ the spec's 1 s).
  const [ref, api] = useEmblaCarousel(
    { loop, duration: 40 },
    loop ? [Autoplay({ delay: BANNER_AUTOPLAY_MS, stopOnInteraction: false })] : [],
  );
  const [selected, setSelected] = useState(0);
  const onSelect = useCallback(() => setSelected(api?.selectedScrollSnap() ?? 0), [api]);
  useEffect(() => {
    api?.on('select', onSelect);
    return () => {
      api?.off('select', onSelect);
    };
  }, [api, onSelect]);
  return (
    <section className="banner" aria-roledescription="carousel" aria-label={t('home.banners')}>
      <div className="banner__viewport" ref={ref}>
        <div className="banner__track">
          {SLIDES.map((n, i) => (
            <div
              key={n}
              className={`banner__slide banner__slide--${n}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.slide', { n: i + 1, total: SLIDES.length })}
            >
              <h2>{t(`home.banner${n}Title`)}</h2>
              <p>{t(`home.banner${n}Text`)}</p>
            </div>
          ))}
        </div>
      </div>
      <div className="banner__dots">
        {SLIDES.map((n, i) => (
          <button
            key={n}
            type="button"
            aria-label={t('home.slide', { n: i + 1, total: SLIDES.length })}
            aria-current={i === selected ? 'true' : undefined}
            onClick={() => api?.scrollTo(i)}
          />
        ))}
      </div>
    </section>
  );
}
