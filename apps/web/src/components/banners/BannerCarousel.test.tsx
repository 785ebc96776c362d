import type { Banner } from '@sea/contracts';
import { act, fireEvent, render as rtlRender, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_AUTOPLAY_MS, BANNER_TRANSITION_MS, BannerCarousel } from './BannerCarousel.tsx';

const banner = (n: number, over: Partial<Banner> = {}): Banner => ({
  id: String(n),
  url: `/media/${String(n).repeat(64)}.png`,
  groupName: 'w_home',
  linkageType: 'none',
  link: null,
  title: `Banner ${n}`,
  text: `Line ${n}`,
  ...over,
});
const THREE = [
  banner(1, { linkageType: 'game', link: '/lottery' }),
  banner(2, { linkageType: 'url', link: 'https://example.com/x' }),
  banner(3, { title: '', text: '' }),
];
const render = (ui: ReactElement) => rtlRender(<MemoryRouter>{ui}</MemoryRouter>);

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
    render(<BannerCarousel banners={THREE} />);
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
    render(<BannerCarousel banners={THREE} />);
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

  it('shows the images (the first eager, the rest lazy), captions and links by linkage type', () => {
    render(<BannerCarousel banners={THREE} />);
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('.banner__slide img'));
    // three slides and the loop's copy of the first
    expect(images.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy', 'lazy']);
    expect(images[0]!.getAttribute('src')).toBe(THREE[0]!.url);
    expect(screen.getAllByRole('group')[0]!.textContent).toBe('Banner 1Line 1');
    const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('.banner__slide:not([aria-hidden]) a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/lottery', 'https://example.com/x']);
    expect(links[1]!.target).toBe('_blank');
    expect(links[1]!.rel).toBe('noopener noreferrer');
    // a banner without a title has a described image
    expect(images[2]!.alt).toBe('Featured');
  });

  it('pauses while hovered or focused, moves with the arrow keys', () => {
    render(<BannerCarousel banners={THREE} />);
    const carousel = screen.getByRole('region', { name: 'Featured' });
    fireEvent.mouseEnter(carousel);
    wait(BANNER_AUTOPLAY_MS * 2);
    expect(current()).toBe(1);
    fireEvent.mouseLeave(carousel);
    wait(BANNER_AUTOPLAY_MS);
    expect(current()).toBe(2);
    act(() => dots()[0]!.focus());
    expect(current()).toBe(2);
    wait(BANNER_AUTOPLAY_MS * 2);
    expect(current()).toBe(2);
    fireEvent.keyDown(dots()[0]!, { key: 'ArrowRight' });
    expect(current()).toBe(3);
    fireEvent.keyDown(dots()[0]!, { key: 'ArrowLeft' });
    expect(current()).toBe(2);
    act(() => dots()[0]!.blur());
    wait(BANNER_AUTOPLAY_MS);
    expect(current()).toBe(3);
  });

  it('one banner: no loop, no dots, no autoplay; none: nothing', () => {
    const { unmount } = render(<BannerCarousel banners={[THREE[0]!]} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(document.querySelectorAll('.banner__slide')).toHaveLength(1);
    unmount();
    render(<BannerCarousel banners={[]} />);
    expect(document.querySelector('.banner')).toBeNull();
  });
});
