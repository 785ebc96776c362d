import type { GameCategory } from '@sea/contracts';

/** Game centre routes (spec route table); `elott` also serves LOTT. */
export const CENTRE_ROUTES = ['fish', 'pvp', 'live', 'sports', 'esports', 'cockfight', 'elott', 'rng'] as const;
export type CentreRoute = (typeof CENTRE_ROUTES)[number];

/** The categories a centre route lists, the first one that has games being shown. */
export const CATEGORIES_OF_ROUTE: Record<CentreRoute, GameCategory[]> = {
  fish: ['FISH'],
  pvp: ['PVP'],
  live: ['LIVE'],
  sports: ['SPORTS'],
  esports: ['ESPORTS'],
  cockfight: ['COCKFIGHT'],
  elott: ['ELOTT', 'LOTT'],
  rng: ['RNG'],
};

/** The centre of a category (vendor tiles' "more", home row links). */
export function routeOfCategory(category: GameCategory): CentreRoute {
  return category === 'LOTT' ? 'elott' : (category.toLowerCase() as CentreRoute);
}

/** The nav.<key> label of a category (LOTT and ELOTT are both "Lottery"). */
export function navKeyOfCategory(category: GameCategory): string {
  return category === 'LOTT' || category === 'ELOTT' ? 'lottery' : category.toLowerCase();
}

/** Spec §2: clicking these nav entries launches the first vendor game directly instead of navigating. */
export const LAUNCH_FIRST_GAME: readonly GameCategory[] = ['LOTT', 'ELOTT', 'ESPORTS'];

/** Game lists: the "game list centres" (RNG, HOT) page 42 at a time, the others 6 (spec §7, §9). */
export const LIST_CENTRE_CATEGORIES: readonly GameCategory[] = ['RNG'];

/** Our own fast lottery games (vendor SEA, category ELOTT) have a page of their own: its path, else null. */
export function lotteryPathOf(game: { vassalage: string; gameType: GameCategory; gameCode: string }): string | null {
  return game.vassalage === 'SEA' && game.gameType === 'ELOTT' ? `/lottery/${encodeURIComponent(game.gameCode)}` : null;
}
