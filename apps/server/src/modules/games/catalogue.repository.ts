import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type {
  GameCategoryCode,
  GameClassifyCode,
  GamesTable,
  GamesTables,
  VendorsTable,
  WalletMode,
} from './games.tables.ts';

export type VendorRow = Selectable<VendorsTable>;
export type GameRow = Selectable<GamesTable>;
/** A game with what its card shows of its vendor. */
export type GameWithVendor = GameRow & {
  vendor_name: string;
  vendor_icon: string | null;
  vendor_status: 'active' | 'disabled';
  vendor_maintenance: boolean;
  wallet_mode: WalletMode;
};

export interface GameFilter {
  merchantId: bigint;
  category?: GameCategoryCode;
  vendorCode?: string;
  classify?: GameClassifyCode;
  search?: string;
  minBet?: bigint;
  minLines?: number;
  hot?: boolean;
  /** Only these ids (favourites). */
  ids?: bigint[];
}

/** `%text%` for ILIKE, with the wildcard characters of the search text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL of the catalogue: vendors (the provider registry), games, favourites. */
export function createCatalogueRepository(db: Kysely<GamesTables>) {
  const withVendor = () =>
    db
      .selectFrom('games as g')
      .innerJoin('vendors as v', (j) =>
        j.onRef('v.merchant_id', '=', 'g.merchant_id').onRef('v.code', '=', 'g.vendor_code'),
      )
      .selectAll('g')
      .select([
        'v.name as vendor_name',
        'v.icon_url as vendor_icon',
        'v.status as vendor_status',
        'v.maintenance as vendor_maintenance',
        'v.wallet_mode',
      ]);

  /** Games a player may see: not disabled, from an active vendor. */
  const visible = (f: GameFilter) => {
    let q = withVendor()
      .where('g.merchant_id', '=', f.merchantId)
      .where('g.status', '<>', 'disabled')
      .where('v.status', '=', 'active');
    if (f.category) q = q.where('g.category', '=', f.category);
    if (f.vendorCode) q = q.where('g.vendor_code', '=', f.vendorCode);
    if (f.classify) q = q.where('g.classify', '=', f.classify);
    if (f.hot !== undefined) q = q.where('g.hot', '=', f.hot);
    if (f.minBet !== undefined) q = q.where('g.min_bet', '>=', f.minBet);
    if (f.minLines !== undefined) q = q.where('g.lines', '>=', f.minLines);
    if (f.ids) q = f.ids.length ? q.where('g.id', 'in', f.ids) : q.where(sql<boolean>`false`);
    if (f.search) {
      const pattern = containsPattern(f.search);
      q = q.where((eb) =>
        eb.or([
          eb('g.name', 'ilike', pattern),
          eb(sql<string>`g.display_names::text`, 'ilike', pattern),
          eb('g.game_code', 'ilike', pattern),
        ]),
      );
    }
    return q;
  };

  return {
    // ---- vendors ----
    listVendors: (merchantId: bigint) =>
      db
        .selectFrom('vendors')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('sort')
        .orderBy('code')
        .execute(),

    findVendor: (merchantId: bigint, code: string) =>
      db
        .selectFrom('vendors')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .executeTakeFirst(),

    /** Inserts the vendors a merchant does not have yet (existing rows stay as the operator set them). */
    async addVendors(rows: Insertable<VendorsTable>[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('vendors')
        .values(rows)
        .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
        .execute();
    },

    async updateVendor(
      merchantId: bigint,
      code: string,
      set: Partial<
        Pick<
          VendorRow,
          'name' | 'status' | 'sort' | 'maintenance' | 'icon_url' | 'launch_url' | 'launch_funding' | 'replace_sessions'
        >
      >,
    ): Promise<VendorRow | undefined> {
      return db
        .updateTable('vendors')
        .set(set)
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .returningAll()
        .executeTakeFirst();
    },

    /** Compare-and-set of a vendor's wallet mode: undefined when it was no longer `from`. */
    setWalletMode: (merchantId: bigint, code: string, from: WalletMode, to: WalletMode) =>
      db
        .updateTable('vendors')
        .set({ wallet_mode: to })
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .where('wallet_mode', '=', from)
        .returningAll()
        .executeTakeFirst(),

    async setWalletSecret(merchantId: bigint, code: string, secret: string): Promise<void> {
      await db
        .updateTable('vendors')
        .set({ wallet_secret: secret })
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .execute();
    },

    /** The vendor's wallet key, created once if it has none (concurrent callers agree: the first write wins). */
    async walletSecret(merchantId: bigint, code: string, candidate: string): Promise<string | undefined> {
      await db
        .updateTable('vendors')
        .set({ wallet_secret: candidate })
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .where('wallet_secret', 'is', null)
        .execute();
      return (
        (
          await db
            .selectFrom('vendors')
            .select('wallet_secret')
            .where('merchant_id', '=', merchantId)
            .where('code', '=', code)
            .executeTakeFirst()
        )?.wallet_secret ?? undefined
      );
    },

    // ---- categories ----
    categorySettings: (merchantId: bigint) =>
      db.selectFrom('game_categories').selectAll().where('merchant_id', '=', merchantId).execute(),

    async saveCategory(merchantId: bigint, category: GameCategoryCode, set: { sort?: number; enabled?: boolean }) {
      await db
        .insertInto('game_categories')
        .values({ merchant_id: merchantId, category, ...set })
        .onConflict((oc) => oc.columns(['merchant_id', 'category']).doUpdateSet(set))
        .execute();
    },

    // ---- games ----
    async addGames(rows: Insertable<GamesTable>[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('games')
        .values(rows)
        .onConflict((oc) => oc.columns(['merchant_id', 'vendor_code', 'game_code']).doNothing())
        .execute();
    },

    /**
     * A seeded game's icon moved on (our own fast lottery had the demo vendor's picture): rows still on the old icon
     * take the new one; an icon an operator set stays.
     */
    async moveSeedIcon(merchantId: bigint, vendorCode: string, gameCode: string, from: string, to: string) {
      await db
        .updateTable('games')
        .set({ icon_url: to })
        .where('merchant_id', '=', merchantId)
        .where('vendor_code', '=', vendorCode)
        .where('game_code', '=', gameCode)
        .where('icon_url', '=', from)
        .execute();
    },

    /** Every game of the merchant (disabled ones too), for the back office. */
    /** Whether the vendor has a game a player could open (active, or in maintenance for now; not disabled). */
    async hasPlayableGame(merchantId: bigint, vendorCode: string): Promise<boolean> {
      const row = await db
        .selectFrom('games')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('vendor_code', '=', vendorCode)
        .where('status', '<>', 'disabled')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async adminGames(
      merchantId: bigint,
      f: {
        vendorCode?: string;
        category?: GameCategoryCode;
        status?: GameRow['status'];
        hot?: boolean;
        /** Part of the name or the game code, case-insensitive (LIKE wildcards taken literally). */
        name?: string;
      },
      page: { offset: number; limit: number },
    ) {
      let q = db.selectFrom('games').where('merchant_id', '=', merchantId);
      if (f.vendorCode) q = q.where('vendor_code', '=', f.vendorCode);
      if (f.category) q = q.where('category', '=', f.category);
      if (f.status) q = q.where('status', '=', f.status);
      if (f.hot !== undefined) q = q.where('hot', '=', f.hot);
      if (f.name) {
        const pattern = containsPattern(f.name);
        q = q.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('game_code', 'ilike', pattern)]));
      }
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('category').orderBy('sort').orderBy('id').limit(page.limit).offset(page.offset).execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Inserts one game; undefined when (vendor, game code) exists. */
    insertGame: (row: Insertable<GamesTable>) =>
      db
        .insertInto('games')
        .values(row)
        .onConflict((oc) => oc.columns(['merchant_id', 'vendor_code', 'game_code']).doNothing())
        .returningAll()
        .executeTakeFirst(),

    /**
     * Updates the fields a vendor's catalogue owns (names, category, lines, minimum bet); operator choices stay.
     * An operator's maximum bet below the vendor's new minimum is raised to that minimum (the limits never cross).
     */
    async syncGame(
      merchantId: bigint,
      vendorCode: string,
      gameCode: string,
      set: Pick<GameRow, 'name' | 'category' | 'classify' | 'lines' | 'min_bet' | 'support_play'> & {
        display_names: string;
      },
    ): Promise<void> {
      await db
        .updateTable('games')
        .set({
          ...set,
          display_names: sql`display_names || ${set.display_names}::jsonb`,
          max_bet: sql`greatest(max_bet, ${set.min_bet}::bigint)`,
          updated_at: new Date(),
        })
        .where('merchant_id', '=', merchantId)
        .where('vendor_code', '=', vendorCode)
        .where('game_code', '=', gameCode)
        .execute();
    },

    async updateGame(
      merchantId: bigint,
      id: bigint,
      set: Partial<
        Pick<
          GameRow,
          | 'name'
          | 'icon_url'
          | 'support_play'
          | 'hot'
          | 'sort'
          | 'status'
          | 'min_bet'
          | 'max_bet'
          | 'lines'
          | 'category'
          | 'classify'
        >
      > & { display_names?: string },
    ): Promise<GameRow | undefined> {
      return db
        .updateTable('games')
        .set({ ...set, updated_at: new Date() })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Names of some games of a merchant (bet records of other modules' answers). */
    gameNames: (merchantId: bigint, ids: bigint[]) =>
      ids.length
        ? db
            .selectFrom('games')
            .select(['id', 'vendor_code', 'name', 'display_names'])
            .where('merchant_id', '=', merchantId)
            .where('id', 'in', ids)
            .execute()
        : Promise.resolve([]),

    findGame: (merchantId: bigint, id: bigint): Promise<GameWithVendor | undefined> =>
      withVendor().where('g.merchant_id', '=', merchantId).where('g.id', '=', id).executeTakeFirst(),

    findGameByCode: (merchantId: bigint, vendorCode: string, gameCode: string) =>
      db
        .selectFrom('games')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('vendor_code', '=', vendorCode)
        .where('game_code', '=', gameCode)
        .executeTakeFirst(),

    gamesByIds: (merchantId: bigint, ids: bigint[]): Promise<GameRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('games').selectAll().where('merchant_id', '=', merchantId).where('id', 'in', ids).execute(),

    /** One page of visible games, in the operator's order. */
    async listGames(f: GameFilter, page: { offset: number; limit: number }) {
      const [rows, count] = await Promise.all([
        visible(f).orderBy('g.sort').orderBy('g.id').limit(page.limit).offset(page.offset).execute(),
        visible(f)
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Every visible game of a merchant with counts per vendor and category (menus, home rows). */
    allVisible: (merchantId: bigint) => visible({ merchantId }).orderBy('g.sort').orderBy('g.id').execute(),

    // ---- favourites ----
    favouriteIds: async (memberId: bigint): Promise<bigint[]> =>
      (
        await db
          .selectFrom('game_favourites')
          .select('game_id')
          .where('member_id', '=', memberId)
          .orderBy('created_at', 'desc')
          .execute()
      ).map((r) => r.game_id),

    async addFavourite(merchantId: bigint, memberId: bigint, gameId: bigint): Promise<void> {
      await db
        .insertInto('game_favourites')
        .values({ merchant_id: merchantId, member_id: memberId, game_id: gameId })
        .onConflict((oc) => oc.columns(['member_id', 'game_id']).doNothing())
        .execute();
    },

    async removeFavourite(memberId: bigint, gameId: bigint): Promise<void> {
      await db.deleteFrom('game_favourites').where('member_id', '=', memberId).where('game_id', '=', gameId).execute();
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
