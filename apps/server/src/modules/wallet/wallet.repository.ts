import type { Kysely, Selectable } from 'kysely';
import type { VendorsTable, WalletMode, WalletTables } from './wallet.tables.ts';

export type VendorRow = Selectable<VendorsTable>;

export function createWalletRepository(db: Kysely<WalletTables>) {
  return {
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

    /** Inserts the vendors a merchant does not have yet (existing rows are left as the operator set them). */
    async addVendors(
      merchantId: bigint,
      vendors: Array<{ code: string; name: string; walletMode: WalletMode; sort: number }>,
    ): Promise<void> {
      if (vendors.length === 0) return;
      await db
        .insertInto('vendors')
        .values(
          vendors.map((v) => ({
            merchant_id: merchantId,
            code: v.code,
            name: v.name,
            wallet_mode: v.walletMode,
            sort: v.sort,
          })),
        )
        .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
        .execute();
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
