import { z } from 'zod';
import { isoDate } from './history.ts';
import { GAME_CATEGORIES, GAME_LIST_PAGE_SIZE, RNG_CLASSIFIES, WINNER_BOARD_LIMIT } from './game-constants.ts';
import { amountString, minorInput, minorQuery, minorString } from './money.ts';

/**
 * The game platform (spec §2 game cards, vendor tiles, game centres, game popup; §3 Game, category group,
 * Winner, favourites; §7 game calls; §9 constants). Money out is minor units as strings.
 */

export {
  GAME_CATEGORIES,
  GAME_LIST_PAGE_SIZE,
  GAME_PAGE_SIZE,
  HOME_ROW_SIZE,
  HOME_SPORTS_ROW_SIZE,
  NAV_DROPDOWN_TILES,
  RNG_CLASSIFIES,
  WINNER_BOARD_LIMIT,
} from './game-constants.ts';

/** A PATCH body must change something: an empty one (or one of unknown fields only, stripped) is refused. */
const atLeastOneField = (patch: object) => Object.keys(patch).length > 0;
const NO_FIELD = { message: 'Name at least one field to change.' };

export const gameCategory = z.enum(GAME_CATEGORIES);
export type GameCategory = z.infer<typeof gameCategory>;

export const gameClassify = z.enum(RNG_CLASSIFIES);
export type GameClassify = z.infer<typeof gameClassify>;

export const vendorCodeParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{2,20}$/)
  .transform((v) => v.toUpperCase());

/** A game as the site shows it (spec §3 Game). */
export const gameItem = z.object({
  /** The game's id (spec nodeId). */
  nodeId: z.string(),
  /** Internal name (spec gameName / nodeName). */
  gameName: z.string(),
  /** Name in the request's language. */
  displayName: z.string(),
  /** Card image (spec showIcon / iconUrl); null → the site's default image. */
  iconUrl: z.string().nullable(),
  /** Vendor code (spec vassalage). */
  vassalage: z.string(),
  vendorName: z.string(),
  /** Vendor logo (spec lagerIcon). */
  lagerIcon: z.string().nullable(),
  gameType: gameCategory,
  gameClassify: gameClassify.nullable(),
  gameCode: z.string(),
  /** 0: a free trial is offered (spec supportPlay). */
  supportPlay: z.union([z.literal(0), z.literal(1)]),
  isGame: z.boolean(),
  hot: z.boolean(),
  /** The game or its vendor is in maintenance: the card shows a badge and launch is refused. */
  maintenance: z.boolean(),
  /** Smallest stake in minor units (slot filter "minimum bet"), null when the vendor does not say. */
  minBet: minorString.nullable(),
  /** Pay lines (slot filter "lines"), null when not a line game. */
  lines: z.number().int().nullable(),
});
export type GameItem = z.infer<typeof gameItem>;

/** A vendor tile (spec: launches the vendor; nav drop-downs). */
export const vendorTile = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  lagerIcon: z.string().nullable(),
  walletMode: z.enum(['seamless', 'transfer']),
  maintenance: z.boolean(),
  /** Active games of this vendor in the category. */
  gameCount: z.number().int(),
  /** The game a tile click launches (the vendor's first game in the category), null when none. */
  firstGameId: z.string().nullable(),
});
export type VendorTile = z.infer<typeof vendorTile>;

/** GET /lgw/games/game_menus: one group per category that has vendors (spec §3 category group). */
export const gameMenu = z.object({
  gameCategory: gameCategory,
  vendors: z.array(vendorTile),
});
export const gameMenus = z.array(gameMenu);
export type GameMenu = z.infer<typeof gameMenu>;

/** GET /lgw/games/popular: the home rows (6 games; sports: 3 vendor tiles). */
export const popularRow = z.object({
  gameCategory: gameCategory,
  games: z.array(gameItem),
  vendors: z.array(vendorTile),
});
export const popularGames = z.array(popularRow);
export type PopularRow = z.infer<typeof popularRow>;

/** GET /lgw/games/list (spec: game list with every filter). */
export const gameListQuery = z.object({
  gameType: gameCategory.optional(),
  vassalage: vendorCodeParam.optional(),
  gameClassify: gameClassify.optional(),
  /** Search in names. */
  gameName: z.string().trim().max(50).optional(),
  /** Minimum bet at least this (minor units). */
  minBet: minorQuery.optional(),
  /** At least this many lines. */
  minLineNum: z.coerce.number().int().min(1).max(1000).optional(),
  hot: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(GAME_LIST_PAGE_SIZE),
  language: z.string().trim().max(10).optional(),
});
export type GameListQuery = z.input<typeof gameListQuery>;

export const gamePage = z.object({
  content: z.array(gameItem),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type GamePage = z.infer<typeof gamePage>;

/** GET /lgw/games/vendor_game_types?vassalage=: what a vendor offers. */
export const vendorGameTypesQuery = z.object({ vassalage: vendorCodeParam });
export const vendorGameTypes = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameTypes: z.array(z.object({ gameType: gameCategory, classifies: z.array(gameClassify), games: z.number().int() })),
});

/** GET /lgw/games/winners (spec Winner; limit 20, names masked). */
export const winnersQuery = z.object({
  gameCategory: z.union([z.literal('ALL'), gameCategory]).default('ALL'),
  limitNum: z.coerce.number().int().min(1).max(WINNER_BOARD_LIMIT).default(WINNER_BOARD_LIMIT),
  language: z.string().trim().max(10).optional(),
});
export const winner = z.object({
  /** Masked account ("ab***9"). */
  customerName: z.string(),
  winAmount: minorString,
  gameName: z.string(),
  iconUrl: z.string().nullable(),
  gameType: gameCategory,
  at: z.string(),
});
export const winnerBoard = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  winners: z.array(winner),
});
export type Winner = z.infer<typeof winner>;

/** Favourite add/remove payload (spec §3: nodeId, vendor, gameType). */
export const favouriteRequest = z.object({
  nodeId: z.string().regex(/^\d{1,18}$/),
  vendor: z.string().max(20).optional(),
  gameType: z.string().max(20).optional(),
});
export const favouriteIds = z.object({ favGameIds: z.array(z.string()) });
export const favouritePageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(GAME_LIST_PAGE_SIZE),
});

/** POST /wps/game/launchGame */
export const launchRequest = z.object({
  nodeId: z.string().regex(/^\d{1,18}$/),
  /** A free trial (spec supportPlay 0, flag FREEPLAY3): play money, nothing moves in the wallet. */
  freePlay: z.boolean().default(false),
  device: z.enum(['desktop', 'mobile']).default('desktop'),
  language: z.string().trim().max(10).optional(),
  /**
   * Transfer-wallet vendors: the amount (major units) to move from the main wallet to the game ("0": nothing,
   * play with what the game wallet holds); absent, the vendor's setting decides (the whole available main
   * balance, or nothing). Ignored for seamless vendors and free trials.
   */
  transferAmount: amountString.optional(),
});
export const launchResult = z.object({
  /** What the game popup loads in its iframe. */
  url: z.string(),
  gameName: z.string(),
  displayName: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  walletMode: z.enum(['seamless', 'transfer']),
  freePlay: z.boolean(),
});
export type LaunchResult = z.infer<typeof launchResult>;

/** Bet records (member centre personalHistoryCopy; header "Betting record"). */
export const ROUND_STATUSES = ['open', 'settled', 'rolled_back'] as const;
export const roundStatus = z.enum(ROUND_STATUSES);
export type RoundStatus = z.infer<typeof roundStatus>;

export const betRecordQuery = z.object({
  gameType: gameCategory.optional(),
  vassalage: vendorCodeParam.optional(),
  status: roundStatus.optional(),
  /** Inclusive local dates in the merchant time zone. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type BetRecordQuery = z.input<typeof betRecordQuery>;

export const betRecord = z.object({
  /** Our round id. */
  id: z.string(),
  /** The vendor's round reference. */
  roundRef: z.string(),
  gameName: z.string(),
  gameType: gameCategory,
  vassalage: z.string(),
  vendorName: z.string(),
  stake: minorString,
  payout: minorString,
  /** payout − stake. */
  net: minorString,
  status: roundStatus,
  /** Short words a person can read ("3 koi on line 7", "Banker wins"), from the vendor or our engine. */
  summary: z.string().nullable(),
  startedAt: z.string(),
  settledAt: z.string().nullable(),
  /** In-house games: the round can be verified on the fairness page. */
  verifiable: z.boolean(),
});
export type BetRecord = z.infer<typeof betRecord>;

export const betRecordPage = z.object({
  items: z.array(betRecord),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** Sums over every matching round (not just this page). */
  totals: z.object({ stake: minorString, payout: minorString, net: minorString }),
  currency: z.string(),
  exponent: z.number().int(),
  timezone: z.string(),
});
export type BetRecordPage = z.infer<typeof betRecordPage>;

// ---- Back office: the catalogue (operators manage vendors and games) ----

export const adminVendor = z.object({
  code: z.string(),
  name: z.string(),
  walletMode: z.enum(['seamless', 'transfer']),
  adapter: z.enum(['none', 'house', 'demo', 'http']),
  status: z.enum(['active', 'disabled']),
  maintenance: z.boolean(),
  sort: z.number().int(),
  iconUrl: z.string().nullable(),
  launchUrl: z.string().nullable(),
  /** Whether a wallet key exists (the key itself is shown once, when rotated). */
  hasWalletSecret: z.boolean(),
  /** Transfer vendors: what a launch moves there when the player names no amount (whole main balance, or nothing). */
  launchFunding: z.enum(['all', 'none']),
  /** A real-money launch ends the player's earlier sessions at this vendor (false: every launch is its own session). */
  replaceSessions: z.boolean(),
});
export type AdminVendor = z.infer<typeof adminVendor>;

const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https:\/\/|\/)[^\s<>"']*$/, 'An https:// URL or a path on this site');

export const adminVendorPatch = z
  .object({
    name: z.string().trim().min(1).max(100),
    status: z.enum(['active', 'disabled']),
    maintenance: z.boolean(),
    sort: z.number().int().min(-1_000_000).max(1_000_000),
    iconUrl: httpsUrl.nullable(),
    launchUrl: httpsUrl.nullable(),
    launchFunding: z.enum(['all', 'none']),
    replaceSessions: z.boolean(),
  })
  .partial()
  .refine(atLeastOneField, NO_FIELD);

/** POST /admin/api/games/vendors/:code/wallet-mode */
export const adminVendorWalletMode = z.object({ walletMode: z.enum(['seamless', 'transfer']) });
export type AdminVendorWalletMode = z.infer<typeof adminVendorWalletMode>;

export const adminWalletSecret = z.object({ vendor: z.string(), secret: z.string() });

export const adminGame = z.object({
  id: z.string(),
  vendorCode: z.string(),
  gameCode: z.string(),
  name: z.string(),
  displayNames: z.record(z.string(), z.string()),
  category: gameCategory,
  classify: gameClassify.nullable(),
  iconUrl: z.string().nullable(),
  supportPlay: z.boolean(),
  hot: z.boolean(),
  sort: z.number().int(),
  status: z.enum(['active', 'maintenance', 'disabled']),
  minBet: minorString.nullable(),
  /** Largest stake a vendor may bet (minor units); null: no upper limit. */
  maxBet: minorString.nullable(),
  lines: z.number().int().nullable(),
});
export type AdminGame = z.infer<typeof adminGame>;

const gameFields = {
  name: z.string().trim().min(1).max(100),
  displayNames: z.record(z.string().regex(/^[a-z]{2,5}$/), z.string().trim().min(1).max(100)),
  category: gameCategory,
  classify: gameClassify.nullable(),
  iconUrl: httpsUrl.nullable(),
  supportPlay: z.boolean(),
  hot: z.boolean(),
  sort: z.number().int().min(-1_000_000).max(1_000_000),
  status: z.enum(['active', 'maintenance', 'disabled']),
  minBet: minorInput.nullable(),
  maxBet: minorInput.nullable(),
  lines: z.number().int().min(1).max(1000).nullable(),
};

export const adminGameCreate = z.object({
  vendorCode: vendorCodeParam,
  gameCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/),
  ...gameFields,
  displayNames: gameFields.displayNames.default({}),
  classify: gameFields.classify.default(null),
  iconUrl: gameFields.iconUrl.default(null),
  supportPlay: gameFields.supportPlay.default(false),
  hot: gameFields.hot.default(false),
  sort: gameFields.sort.default(0),
  status: gameFields.status.default('active'),
  minBet: gameFields.minBet.default(null),
  maxBet: gameFields.maxBet.default(null),
  lines: gameFields.lines.default(null),
});
export const adminGamePatch = z.object(gameFields).partial().refine(atLeastOneField, NO_FIELD);
export const adminGameQuery = z.object({
  vendorCode: vendorCodeParam.optional(),
  category: gameCategory.optional(),
  status: gameFields.status.optional(),
  /** 'true': hot games only; 'false': the others. */
  hot: z.enum(['true', 'false']).optional(),
  /** Part of the game's name or code (case-insensitive). */
  name: z.string().trim().max(100).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const adminGamePage = z.object({
  items: z.array(adminGame),
  total: z.number().int(),
  /** The merchant's currency: bet limits are minor units of it. */
  currency: z.string(),
  exponent: z.number().int(),
});

export const adminCategory = z.object({ category: gameCategory, sort: z.number().int(), enabled: z.boolean() });
export const adminCategoryPatch = z
  .object({ sort: z.number().int().min(-1_000_000).max(1_000_000), enabled: z.boolean() })
  .partial()
  .refine(atLeastOneField, NO_FIELD);
export const adminSyncResult = z.object({ vendor: z.string(), added: z.number().int(), updated: z.number().int() });
