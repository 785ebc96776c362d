/**
 * The game platform's constants without zod (spec §1, §9): the web's first page imports this module alone
 * (`@sea/contracts/game-constants`), so the schemas and zod stay out of its JavaScript. games.ts re-exports them.
 */

/** Game categories (spec §1, §9). HOT is a list of games flagged hot, not a category of its own. */
export const GAME_CATEGORIES = [
  'LOTT',
  'ELOTT',
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'FISH',
  'PVP',
  'RNG',
  'COCKFIGHT',
] as const;

/** RNG sub-categories (spec §9): scratch, video poker, jackpot, table games, arcade, bingo. */
export const RNG_CLASSIFIES = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;

/** Home rows show 6 games (3 vendor tiles for sports); the header drop-down at most 11 tiles (spec §9). */
export const HOME_ROW_SIZE = 6;
export const HOME_SPORTS_ROW_SIZE = 3;
export const NAV_DROPDOWN_TILES = 11;
export const WINNER_BOARD_LIMIT = 20;
/** Game lists: 6 per page in a centre's first view, 42 in the asynchronous list (spec §7). */
export const GAME_PAGE_SIZE = 6;
export const GAME_LIST_PAGE_SIZE = 42;
