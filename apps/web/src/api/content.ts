import type { BannerGroup, BannerList, NoticeList, NoticeType } from '@sea/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client.ts';
import { useLanguage } from './games.ts';

/** Every content query starts with this key. */
export const CONTENT_KEY = ['content'] as const;
/** The operator's banners and notices change rarely; a page left open picks a change up within a minute. */
const CONTENT_STALE_MS = 60_000;

/** A banner group's current banners in the visitor's language (public: visitors too). */
export const useBanners = (groupName: BannerGroup) => {
  const language = useLanguage();
  return useQuery({
    queryKey: [...CONTENT_KEY, 'banners', groupName, language],
    queryFn: () => apiGet<BannerList>('/wps/relay/MCSFE_banners', { groupName, language }),
    staleTime: CONTENT_STALE_MS,
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
