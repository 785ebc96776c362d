import type { BannerGroup, BannerList, NoticeList, NoticeType } from '@sea/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client.ts';
import { useLanguage } from './games.ts';

/** Every content query starts with this key. */
export const CONTENT_KEY = ['content'] as const;
/** The operator's banners and notices change rarely; a page left open picks a change up within a minute. */
const CONTENT_STALE_MS = 60_000;

/**
 * The home's banners the server wrote into index.html (a JSON data block, http/spa.ts) with their language, read
 * once: the first render of the home has them, so the carousel shows at once instead of an empty box first.
 */
let embedded: { language: string; list: BannerList['list']; at: number } | null | undefined;
function embeddedHomeBanners() {
  if (embedded !== undefined) return embedded;
  embedded = null;
  const el = typeof document === 'undefined' ? null : document.getElementById('boot-banners');
  if (!el) return embedded;
  el.remove();
  try {
    const v = JSON.parse(el.textContent ?? '') as { language?: unknown; list?: unknown };
    if (typeof v.language === 'string' && Array.isArray(v.list))
      embedded = { language: v.language, list: v.list as BannerList['list'], at: Date.now() };
  } catch {
    // unreadable: the query asks the API as usual
  }
  return embedded;
}

/** A banner group's current banners in the visitor's language (public: visitors too). */
export const useBanners = (groupName: BannerGroup) => {
  const language = useLanguage();
  const boot = groupName === 'w_home' ? embeddedHomeBanners() : null;
  const initial = boot && boot.language === language ? boot : undefined;
  return useQuery({
    queryKey: [...CONTENT_KEY, 'banners', groupName, language],
    queryFn: () => apiGet<BannerList>('/wps/relay/MCSFE_banners', { groupName, language }),
    staleTime: CONTENT_STALE_MS,
    ...(initial && { initialData: { list: initial.list }, initialDataUpdatedAt: initial.at }),
  });
};

/** Current notices of the given types (spec §7: types B,PL,PU,PR,H; platform W). */
export const useNotices = (types: NoticeType[], enabled = true) => {
  const language = useLanguage();
  const key = types.join(',');
  return useQuery({
    queryKey: [...CONTENT_KEY, 'notices', key, language],
    queryFn: () => apiGet<NoticeList>('/wps/relay/MCSFE_notices', { types: key, platform: 'W', language }),
    staleTime: CONTENT_STALE_MS,
    enabled,
  });
};
