import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec: with more than one banner it loops, autoplays every 5 s with a 1 s transition, clickable dots. */
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_TRANSITION_MS = 1000;
/** A horizontal swipe longer than this (px) moves one slide. */
const SWIPE_PX = 40;
const SLIDES = [1, 2, 3] as const;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The home banner: a track of full-width slides moved by a CSS transform (no carousel library on the first page).
 * Looping forwards goes on to a copy of the first slide, then jumps back to the real one without animation.
 */
export function BannerCarousel() {
  const { t } = useTranslation();
  const count = SLIDES.length;
  const loop = count > 1;
  // 0..count; `count` is the copy of the first slide, shown only while wrapping round.
  const [position, setPosition] = useState(0);
  const [animated, setAnimated] = useState(true);
  const swipeFrom = useRef<number | null>(null);
  const selected = position % count;

  const goTo = (i: number) => {
    setAnimated(true);
    setPosition(i);
  };
  const next = () => goTo(position >= count - 1 ? count : position + 1);
  const previous = () => {
    if (position > 0) return goTo(position - 1);
    // From the first slide back to the last: jump to the copy of the first (identical), then slide back.
    setAnimated(false);
    setPosition(count);
    requestAnimationFrame(() => requestAnimationFrame(() => goTo(count - 1)));
  };

  // Autoplay: the next slide 5 s after the last move, whatever caused it (a dot, a swipe or the timer).
  useEffect(() => {
    if (!loop) return;
    const id = window.setTimeout(() => {
      setAnimated(true);
      setPosition((p) => (p >= count - 1 ? count : p + 1));
    }, BANNER_AUTOPLAY_MS);
    return () => window.clearTimeout(id);
  }, [loop, count, position]);

  // On the copy of the first slide once its transition is over: back to the real first slide, unanimated.
  useEffect(() => {
    if (position !== count) return;
    const id = window.setTimeout(() => {
      setAnimated(false);
      setPosition(0);
    }, BANNER_TRANSITION_MS);
    return () => window.clearTimeout(id);
  }, [position, count]);

  const onPointerDown = (e: PointerEvent) => {
    swipeFrom.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (swipeFrom.current === null || !loop) return;
    const dx = e.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (dx <= -SWIPE_PX) next();
    else if (dx >= SWIPE_PX) previous();
  };

  const slide = (n: number, i: number, copy = false) => (
    <div
      key={copy ? 'copy' : n}
      className={`banner__slide banner__slide--${n}`}
      {...(copy
        ? { 'aria-hidden': true }
        : {
            role: 'group',
            'aria-roledescription': 'slide',
            'aria-label': t('home.slide', { n: i + 1, total: count }),
          })}
    >
      <h2>{t(`home.banner${n}Title`)}</h2>
      <p>{t(`home.banner${n}Text`)}</p>
    </div>
  );

  return (
    <section className="banner" aria-roledescription="carousel" aria-label={t('home.banners')}>
      <div
        className="banner__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeFrom.current = null)}
      >
        <div
          className="banner__track"
          style={{
            transform: `translateX(-${position * 100}%)`,
            transition: animated && !prefersReducedMotion() ? `transform ${BANNER_TRANSITION_MS}ms ease` : 'none',
          }}
        >
          {SLIDES.map((n, i) => slide(n, i))}
          {loop && slide(SLIDES[0], 0, true)}
        </div>
      </div>
      {loop && (
        <div className="banner__dots">
          {SLIDES.map((n, i) => (
            <button
              key={n}
              type="button"
              aria-label={t('home.slide', { n: i + 1, total: count })}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
