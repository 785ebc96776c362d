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

/** Game lists: the "game list centres" (RNG, HOT) page 42 at a time, the others 6 (spec §7, §9). */
export const LIST_CENTRE_CATEGORIES: readonly GameCategory[] = ['RNG'];

/** Our own fast lottery: vendor SEA's games in category ELOTT, with pages of their own under /lottery. */
export const OWN_LOTTERY_PATH = '/lottery';
export const OWN_LOTTERY_VENDOR = 'SEA';
export const isOwnLotteryVendor = (category: GameCategory, vendor: string) =>
  vendor === OWN_LOTTERY_VENDOR && category === 'ELOTT';

/**
 * The page a category's entries open (top navigation, home tiles and rows): its centre; the lottery's is the lottery
 * lobby, which lists our draws and the vendors' lotteries (a game starts only from its card).
 */
export function centrePathOf(category: GameCategory): string {
  return category === 'LOTT' || category === 'ELOTT' ? OWN_LOTTERY_PATH : `/${routeOfCategory(category)}`;
}

/** The page of one of our own lottery games (/lottery/<gameCode>), else null (a vendor game: the game popup). */
export function lotteryPathOf(game: { vassalage: string; gameType: GameCategory; gameCode: string }): string | null {
  return isOwnLotteryVendor(game.gameType, game.vassalage)
    ? `${OWN_LOTTERY_PATH}/${encodeURIComponent(game.gameCode)}`
    : null;
}
