import type { Banner } from '@sea/contracts';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec: with more than one banner it loops, autoplays every 5 s with a 1 s transition, clickable dots. */
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_TRANSITION_MS = 1000;
/** A horizontal swipe longer than this (px) moves one slide. */
const SWIPE_PX = 40;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A banner's link: a site path through the router, an http(s) URL in a new tab, or none. */
function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  const { link } = banner;
  if (!link) return <>{children}</>;
  if (/^https?:\/\//i.test(link))
    return (
      <a className="banner__link" href={link} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  return (
    <Link className="banner__link" to={link}>
      {children}
    </Link>
  );
}

/**
 * The operator's banners of one group (w_home on the home page; w_login, w_register, w_forget in their popups): a
 * track of full-width slides moved by a CSS transform (no carousel library on the first page). Looping forwards
 * goes on to a copy of the first slide, then jumps back to the real one without animation. Autoplay pauses while
 * the pointer is over it or focus is inside it; ←/→ move between slides. Only the first image loads eagerly.
 */
export function BannerCarousel({ banners, label }: { banners: Banner[]; label?: string }) {
  const { t } = useTranslation();
  const count = banners.length;
  const loop = count > 1;
  // 0..count; `count` is the copy of the first slide, shown only while wrapping round.
  const [position, setPosition] = useState(0);
  const [animated, setAnimated] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const swipeFrom = useRef<number | null>(null);
  const selected = count ? position % count : 0;
  const paused = hovered || focused;

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
    if (!loop || paused) return;
    const id = window.setTimeout(() => {
      setAnimated(true);
      setPosition((p) => (p >= count - 1 ? count : p + 1));
    }, BANNER_AUTOPLAY_MS);
    return () => window.clearTimeout(id);
  }, [loop, count, position, paused]);

  // On the copy of the first slide once its transition is over: back to the real first slide, unanimated.
  useEffect(() => {
    if (position !== count || count === 0) return;
    const id = window.setTimeout(() => {
      setAnimated(false);
      setPosition(0);
    }, BANNER_TRANSITION_MS);
    return () => window.clearTimeout(id);
  }, [position, count]);

  // The list changed under us (an operator's edit, a language switch): start again from the first slide.
  useEffect(() => {
    if (position > count) setPosition(0);
  }, [count, position]);

  if (count === 0) return null;

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
  const onKeyDown = (e: KeyboardEvent) => {
    if (!loop) return;
    if (e.key === 'ArrowRight') next();
    else if (e.key === 'ArrowLeft') previous();
    else return;
    e.preventDefault();
  };

  const slide = (b: Banner, i: number, copy = false) => (
    <div
      key={copy ? 'copy' : b.id}
      className="banner__slide banner__slide--image"
      {...(copy
        ? { 'aria-hidden': true, inert: true }
        : {
            role: 'group',
            'aria-roledescription': 'slide',
            'aria-label': t('home.slide', { n: i + 1, total: count }),
            // Off-screen slides' links are out of the tab order.
            ...(i !== selected && { inert: true }),
          })}
    >
      <BannerLink banner={b}>
        <img
          className="banner__image"
          src={b.url}
          alt={b.title ? '' : t('home.banners')}
          loading={i === 0 && !copy ? 'eager' : 'lazy'}
          {...(i === 0 && !copy && { fetchPriority: 'high' as const })}
          decoding="async"
        />
        {(b.title || b.text) && (
          <span className="banner__caption">
            {b.title && <span className="banner__title">{b.title}</span>}
            {b.text && <span className="banner__text">{b.text}</span>}
          </span>
        )}
      </BannerLink>
    </div>
  );

  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label={label ?? t('home.banners')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div
        className="banner__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeFrom.current = null)}
      >
        <div
          className="banner__track"
          aria-live={paused ? 'polite' : 'off'}
          style={{
            transform: `translateX(-${position * 100}%)`,
            transition: animated && !prefersReducedMotion() ? `transform ${BANNER_TRANSITION_MS}ms ease` : 'none',
          }}
        >
          {banners.map((b, i) => slide(b, i))}
          {loop && slide(banners[0]!, 0, true)}
        </div>
      </div>
      {loop && (
        <div className="banner__dots">
          {banners.map((b, i) => (
            <button
              key={b.id}
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
