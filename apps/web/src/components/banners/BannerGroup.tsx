import type { BannerGroup } from '@sea/contracts';
import { useBanners } from '../../api/content.ts';
import { BannerCarousel } from './BannerCarousel.tsx';

/**
 * A banner group from the operator (the home's w_home; the login, register and forgot-password popups' groups). While
 * the home's list loads, an empty slide of the same size holds the place (no layout shift); a group with no
 * banners shows nothing.
 */
export function BannerGroup({ group = 'w_home', label }: { group?: BannerGroup; label?: string }) {
  const banners = useBanners(group);
  if (!banners.data) {
    if (group !== 'w_home') return null;
    return (
      <section className="banner" aria-busy="true">
        <div className="banner__slide banner__slide--1 banner__slide--placeholder" />
      </section>
    );
  }
  return <BannerCarousel banners={banners.data.list} label={label} />;
}
