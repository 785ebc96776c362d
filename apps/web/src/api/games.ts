import type {
  BetRecordPage,
  GameCategory,
  GameClassify,
  GameItem,
  GameMenu,
  GamePage,
  LaunchResult,
  PopularRow,
  RoundStatus,
} from '@sea/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../state/session.ts';
import { apiGet, apiRequest } from './client.ts';
import { memberKey, useMemberQuery } from './member-query.ts';

/** Every catalogue query starts with this key (public data; the language is part of each key). */
export const GAMES_KEY = ['games'] as const;
const CATALOGUE_STALE_MS = 60_000;

/** What a game list asks for (spec §7 game list: gameType, vassalage, gameClassify, gameName, pageNo, pageSize). */
export interface GameListFilter {
  gameType?: GameCategory;
  vassalage?: string;
  gameClassify?: GameClassify;
  gameName?: string;
  hot?: boolean;
  pageNo: number;
  pageSize: number;
}

export const fetchGameMenus = () => apiGet<GameMenu[]>('/lgw/games/game_menus');
export const fetchPopular = (language: string) => apiGet<PopularRow[]>('/lgw/games/popular', { language });
export const fetchHotGames = (language: string) => apiGet<GameItem[]>('/lgw/games/hot', { language });
export const fetchGameList = (f: GameListFilter, language: string) =>
  apiGet<GamePage>('/lgw/games/list', {
    gameType: f.gameType,
    vassalage: f.vassalage,
    gameClassify: f.gameClassify,
    gameName: f.gameName?.trim() || undefined,
    hot: f.hot === undefined ? undefined : String(f.hot),
    pageNo: String(f.pageNo),
    pageSize: String(f.pageSize),
    language,
  });

/** The language the catalogue answers in (display names), following the site's language. */
export function useLanguage(): string {
  return useTranslation().i18n.language || 'en';
}

/** Categories with their vendor tiles (top navigation drop-downs, centre vendor filters). */
export const useGameMenus = () =>
  useQuery({ queryKey: [...GAMES_KEY, 'menus'], queryFn: fetchGameMenus, staleTime: CATALOGUE_STALE_MS });

export function usePopularGames() {
  const language = useLanguage();
  return useQuery({
    queryKey: [...GAMES_KEY, 'popular', language],
    queryFn: () => fetchPopular(language),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** Hot games (cached, spec §9). */
export function useHotGames() {
  const language = useLanguage();
  return useQuery({
    queryKey: [...GAMES_KEY, 'hot', language],
    queryFn: () => fetchHotGames(language),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** One page of a game list; the previous page stays on screen while the next loads. */
export function useGameList(f: GameListFilter, enabled = true) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...GAMES_KEY, 'list', language, f],
    queryFn: () => fetchGameList(f, language),
    staleTime: CATALOGUE_STALE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

// ---- Favourites (login required) ----

const FAVOURITES_KEY = ['favourites'] as const;
type FavouriteIds = { favGameIds: string[] };
const favouriteBody = (g: Pick<GameItem, 'nodeId' | 'vassalage' | 'gameType'>) => ({
  nodeId: g.nodeId,
  vendor: g.vassalage,
  gameType: g.gameType,
});

/** The member's favourite game ids (empty while logged out). */
export function useFavouriteIds() {
  const q = useMemberQuery([...FAVOURITES_KEY, 'ids'], [], () => apiGet<FavouriteIds>('/wps/game/favourites/ids'));
  return q.data?.favGameIds ?? [];
}

export function useFavouriteGames(pageNo: number, pageSize: number, enabled = true) {
  const language = useLanguage();
  return useMemberQuery(
    [...FAVOURITES_KEY, 'list'],
    [language, pageNo, pageSize],
    () => apiGet<GamePage>('/wps/game/favourites', { pageNo: String(pageNo), pageSize: String(pageSize) }),
    { paged: true, enabled },
  );
}

/**
 * Add or remove a favourite; the ids in the cache follow the server's answer. `pending` is the state asked for while
 * the call runs (the heart shows it at once); a refused call leaves the ids as they were. Plain state, not
 * TanStack's mutation: every game card has one, and the mutation code stays off the first page.
 */
export function useToggleFavourite() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const [pending, setPending] = useState<boolean | undefined>(undefined);
  const toggle = useCallback(
    (game: Pick<GameItem, 'nodeId' | 'vassalage' | 'gameType'>, on: boolean) => {
      setPending(on);
      apiRequest<FavouriteIds>(on ? 'POST' : 'DELETE', '/wps/game/favourites', { body: favouriteBody(game) })
        .then((ids) => {
          client.setQueryData(memberKey([...FAVOURITES_KEY, 'ids'], token), ids);
          void client.invalidateQueries({ queryKey: [...FAVOURITES_KEY, 'list'] });
        })
        .catch(() => undefined)
        .finally(() => setPending(undefined));
    },
    [client, token],
  );
  return { pending, toggle };
}

/** Games the member launched lately. */
export function useRecentGames(enabled = true) {
  const language = useLanguage();
  return useMemberQuery(
    [...GAMES_KEY, 'recent'],
    [language],
    () => apiGet<GameItem[]>('/wps/game/recent', { language }),
    { enabled },
  );
}

// ---- Launch ----

export interface LaunchRequest {
  nodeId: string;
  freePlay: boolean;
  device: 'desktop' | 'mobile';
  language: string;
  /** Transfer-wallet vendors: major units to bring from the main wallet ('0': nothing). */
  transferAmount?: string;
}

/** POST /wps/game/launchGame: the URL the game popup opens. */
export const launchGame = (req: LaunchRequest) =>
  apiRequest<LaunchResult>('POST', '/wps/game/launchGame', { body: req });

// ---- Bet records (member centre personalHistoryCopy) ----

export interface BetRecordFilter {
  gameType?: GameCategory;
  vassalage?: string;
  status?: RoundStatus;
  from?: string;
  to?: string;
  pageNo: number;
  pageSize: number;
}

export const fetchBetRecords = (f: BetRecordFilter) =>
  apiGet<BetRecordPage>('/wps/game/bets', {
    gameType: f.gameType,
    vassalage: f.vassalage,
    status: f.status,
    from: f.from,
    to: f.to,
    pageNo: String(f.pageNo),
    pageSize: String(f.pageSize),
  });

/** The member's own rounds for a filter (refetched after the game popup closes: the rounds it played show). */
export const useBetRecords = (f: BetRecordFilter, enabled = true) =>
  useMemberQuery(['betRecords'], [f], () => fetchBetRecords(f), { enabled, paged: true });
