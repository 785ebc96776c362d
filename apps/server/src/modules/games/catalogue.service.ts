import {
  GAME_CATEGORIES,
  type GameCategory,
  type GameItem,
  type GameListQuery,
  type GameMenu,
  type GamePage,
  gameListQuery,
  HOME_ROW_SIZE,
  HOME_SPORTS_ROW_SIZE,
  type PopularRow,
  type VendorTile,
  type Winner,
} from '@sea/contracts';
import type { z } from 'zod';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { MembersModule } from '../members/index.ts';
import type { CatalogueRepository, GameRow, GameWithVendor } from './catalogue.repository.ts';
import type { PlayRepository } from './play.repository.ts';

/** How long a process may serve menus, home rows and the winners board after a change (per merchant). */
export const CATALOGUE_CACHE_MS = 10_000;
const RECENT_LIMIT = 12;

/** "abcdef" → "ab***f": enough for a player to recognise a win, not enough to find the account. */
export function maskAccount(account: string): string {
  if (account.length <= 3) return `${account[0] ?? ''}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

export const displayNameOf = (g: Pick<GameRow, 'name' | 'display_names'>, language?: string) =>
  (language && g.display_names?.[language.toLowerCase()]) || g.name;

export function presentGame(g: GameWithVendor, language?: string): GameItem {
  return {
    nodeId: String(g.id),
    gameName: g.name,
    displayName: displayNameOf(g, language),
    iconUrl: g.icon_url,
    vassalage: g.vendor_code,
    vendorName: g.vendor_name,
    lagerIcon: g.vendor_icon,
    gameType: g.category,
    gameClassify: g.classify,
    gameCode: g.game_code,
    supportPlay: g.support_play ? 0 : 1,
    isGame: true,
    hot: g.hot,
    maintenance: g.status === 'maintenance' || g.vendor_maintenance,
    minBet: g.min_bet === null ? null : String(g.min_bet),
    lines: g.lines,
  };
}

/** The player-facing catalogue: menus, home rows, lists with filters, hot games, winners, favourites, recent. */
export function createCatalogueService(deps: {
  repo: CatalogueRepository;
  play: Pick<PlayRepository, 'recentGameIds' | 'latestWins'>;
  members: Pick<MembersModule, 'accountsOf'>;
  cacheMs?: number;
}) {
  const { repo } = deps;
  const visibleCache = new TtlCache<GameWithVendor[]>(deps.cacheMs ?? CATALOGUE_CACHE_MS);
  const winnersCache = new TtlCache<Winner[]>(deps.cacheMs ?? CATALOGUE_CACHE_MS);
  const visible = (merchantId: bigint) => visibleCache.get(String(merchantId), () => repo.allVisible(merchantId));

  /** Vendor tiles of a category, in the operator's vendor order, from the visible games. */
  function tilesOf(games: GameWithVendor[], category: GameCategory, vendorOrder: Map<string, number>): VendorTile[] {
    const byVendor = new Map<string, GameWithVendor[]>();
    for (const g of games)
      if (g.category === category) byVendor.set(g.vendor_code, [...(byVendor.get(g.vendor_code) ?? []), g]);
    return [...byVendor.entries()]
      .sort(([a], [b]) => (vendorOrder.get(a) ?? 0) - (vendorOrder.get(b) ?? 0) || a.localeCompare(b))
      .map(([code, list]) => ({
        vassalage: code,
        displayName: list[0]!.vendor_name,
        lagerIcon: list[0]!.vendor_icon,
        walletMode: list[0]!.wallet_mode,
        maintenance: list[0]!.vendor_maintenance,
        gameCount: list.length,
        firstGameId: String(list[0]!.id),
      }));
  }

  /** The merchant's categories in its order (enabled ones; unconfigured ones after, in the spec's order). */
  async function categoriesOf(merchantId: bigint): Promise<GameCategory[]> {
    const settings = new Map((await repo.categorySettings(merchantId)).map((c) => [c.category, c]));
    const rank = (c: GameCategory) => settings.get(c)?.sort ?? 1_000_000 + GAME_CATEGORIES.indexOf(c);
    return GAME_CATEGORIES.filter((c) => settings.get(c)?.enabled !== false).sort((a, b) => rank(a) - rank(b));
  }

  async function vendorOrder(merchantId: bigint): Promise<Map<string, number>> {
    return new Map((await repo.listVendors(merchantId)).map((v) => [v.code, v.sort]));
  }

  return {
    /** Spec §3 category groups: every category that has visible games, with its vendors. */
    async menus(merchant: Merchant): Promise<GameMenu[]> {
      const games = await visible(merchant.id);
      const order = await vendorOrder(merchant.id);
      return (await categoriesOf(merchant.id))
        .map((gameCategory) => ({ gameCategory, vendors: tilesOf(games, gameCategory, order) }))
        .filter((m) => m.vendors.length > 0);
    },

    /** Home rows: 6 games per category (hot first), sports as 3 vendor tiles. */
    async popular(merchant: Merchant, language?: string): Promise<PopularRow[]> {
      const games = await visible(merchant.id);
      const order = await vendorOrder(merchant.id);
      const rows: PopularRow[] = [];
      for (const gameCategory of await categoriesOf(merchant.id)) {
        const inCategory = games.filter((g) => g.category === gameCategory);
        if (inCategory.length === 0) continue;
        const vendors = tilesOf(games, gameCategory, order);
        if (gameCategory === 'SPORTS') {
          rows.push({ gameCategory, games: [], vendors: vendors.slice(0, HOME_SPORTS_ROW_SIZE) });
          continue;
        }
        const ranked = [...inCategory].sort((a, b) => Number(b.hot) - Number(a.hot) || a.sort - b.sort);
        rows.push({
          gameCategory,
          games: ranked.slice(0, HOME_ROW_SIZE).map((g) => presentGame(g, language)),
          vendors,
        });
      }
      return rows;
    },

    async list(merchant: Merchant, q: z.infer<typeof gameListQuery>, favourites?: bigint[]): Promise<GamePage> {
      const { rows, total } = await repo.listGames(
        {
          merchantId: merchant.id,
          category: q.gameType,
          vendorCode: q.vassalage,
          classify: q.gameClassify,
          search: q.gameName || undefined,
          minBet: q.minBet,
          minLines: q.minLineNum,
          hot: q.hot,
          ids: favourites,
        },
        { offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
      );
      return {
        content: rows.map((g) => presentGame(g, q.language)),
        pageNum: q.pageNo,
        pageSize: q.pageSize,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
        total,
      };
    },

    async hot(merchant: Merchant, language?: string): Promise<GameItem[]> {
      return (await visible(merchant.id)).filter((g) => g.hot).map((g) => presentGame(g, language));
    },

    async vendorGameTypes(merchant: Merchant, vendorCode: string) {
      const vendor = await repo.findVendor(merchant.id, vendorCode);
      if (!vendor || vendor.status !== 'active') throw new AppError('not_found', 'Unknown vendor.');
      const games = (await visible(merchant.id)).filter((g) => g.vendor_code === vendorCode);
      return {
        vassalage: vendor.code,
        displayName: vendor.name,
        gameTypes: GAME_CATEGORIES.map((gameType) => {
          const list = games.filter((g) => g.category === gameType);
          const classifies = [...new Set(list.map((g) => g.classify).filter((c) => c !== null))];
          return { gameType, classifies, games: list.length };
        }).filter((t) => t.games > 0),
      };
    },

    /** The latest real wins (settled rounds that paid), account names masked; cached per merchant. */
    async winners(merchant: Merchant, category: GameCategory | 'ALL', limit: number, language?: string) {
      const winners = await winnersCache.get(`${merchant.id}:${category}:${language ?? ''}`, async () => {
        const rows = await deps.play.latestWins(merchant.id, category === 'ALL' ? null : category, 20);
        const accounts = await deps.members.accountsOf(
          merchant.id,
          rows.map((r) => r.member_id),
        );
        return rows.map((r) => ({
          customerName: maskAccount(accounts.get(r.member_id) ?? 'player'),
          winAmount: String(r.payout),
          gameName: displayNameOf(r, language),
          iconUrl: r.icon_url,
          gameType: r.category,
          at: (r.settled_at ?? new Date()).toISOString(),
        }));
      });
      return { currency: merchant.currency, exponent: merchant.currencyExponent, winners: winners.slice(0, limit) };
    },

    favouriteIds: async (memberId: bigint) => ({ favGameIds: (await repo.favouriteIds(memberId)).map(String) }),

    async favourites(
      merchant: Merchant,
      memberId: bigint,
      page: { pageNo: number; pageSize: number },
      language?: string,
    ) {
      return this.list(merchant, gameListQuery.parse({ ...page, language }), await repo.favouriteIds(memberId));
    },

    async addFavourite(merchant: Merchant, memberId: bigint, gameId: bigint): Promise<void> {
      const game = await repo.findGame(merchant.id, gameId);
      if (!game || game.status === 'disabled') throw new AppError('not_found', 'No such game.');
      await repo.addFavourite(merchant.id, memberId, gameId);
    },

    removeFavourite: (memberId: bigint, gameId: bigint) => repo.removeFavourite(memberId, gameId),

    async recent(merchant: Merchant, memberId: bigint, language?: string): Promise<GameItem[]> {
      const ids = await deps.play.recentGameIds(memberId, RECENT_LIMIT);
      const games = new Map((await visible(merchant.id)).map((g) => [g.id, g]));
      return ids.flatMap((id) => {
        const g = games.get(id);
        return g ? [presentGame(g, language)] : [];
      });
    },

    /** After an operator changes the catalogue: menus and rows are rebuilt at once in this process. */
    invalidate(): void {
      visibleCache.clear();
      winnersCache.clear();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
export type { GameListQuery };
