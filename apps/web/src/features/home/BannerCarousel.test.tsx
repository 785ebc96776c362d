import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_AUTOPLAY_MS, BANNER_TRANSITION_MS, BannerCarousel } from './BannerCarousel.tsx';

const dots = () => screen.getAllByRole('button', { name: /^Slide \d of 3$/ });
const current = () => dots().findIndex((d) => d.getAttribute('aria-current') === 'true') + 1;
const track = () => document.querySelector<HTMLElement>('.banner__track')!;
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('home banner carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('autoplays every 5 s with a 1 s transition and loops from the last slide to the first', () => {
    render(<BannerCarousel />);
    expect(screen.getAllByRole('group')).toHaveLength(3);
    expect(current()).toBe(1);
    expect(track().style.transition).toBe(`transform ${BANNER_TRANSITION_MS}ms ease`);
    wait(BANNER_AUTOPLAY_MS - 1);
    expect(current()).toBe(1);
    wait(1);
    expect(current()).toBe(2);
    expect(track().style.transform).toBe('translateX(-100%)');
    wait(BANNER_AUTOPLAY_MS);
    expect(current()).toBe(3);
    // Forwards onto the copy of slide 1 (so the loop keeps sliding the same way), then back to the real one.
    wait(BANNER_AUTOPLAY_MS);
    expect(current()).toBe(1);
    expect(track().style.transform).toBe('translateX(-300%)');
    wait(BANNER_TRANSITION_MS);
    expect(track().style.transform).toBe('translateX(-0%)');
    expect(track().style.transition).toBe('none');
    wait(BANNER_AUTOPLAY_MS);
    expect(current()).toBe(2);
  });

  it('moves to a slide by its dot and by a swipe; the autoplay restarts from there', () => {
    render(<BannerCarousel />);
    fireEvent.click(dots()[2]!);
    expect(current()).toBe(3);
    wait(BANNER_AUTOPLAY_MS - 1000);
    const viewport = document.querySelector('.banner__viewport')!;
    fireEvent.pointerDown(viewport, { clientX: 200 });
    fireEvent.pointerUp(viewport, { clientX: 260 });
    expect(current()).toBe(2);
    wait(BANNER_AUTOPLAY_MS - 1);
    expect(current()).toBe(2);
    fireEvent.pointerDown(viewport, { clientX: 200 });
    fireEvent.pointerUp(viewport, { clientX: 190 }); // too short: not a swipe
    expect(current()).toBe(2);
    fireEvent.pointerDown(viewport, { clientX: 200 });
    fireEvent.pointerUp(viewport, { clientX: 100 });
    expect(current()).toBe(3);
  });
});
