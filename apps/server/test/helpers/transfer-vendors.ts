import type { TestApp } from './test-app.ts';

/**
 * Transfer-wallet vendors without a wallet API of their own (sub-wallet transfers stay in our books), each with one
 * launchable game — the wallet accepts money only into a vendor with something to play. The demo seed has none
 * such (its transfer vendor DEMOT has the demo vendor's wallet API), so the wallet tests add these three.
 */
export const TRANSFER_VENDORS = [
  { code: 'SABA', name: 'SABA Sports', sort: 10, category: 'SPORTS' },
  { code: 'EVO', name: 'Evolution Live', sort: 11, category: 'LIVE' },
  { code: 'JILI', name: 'JILI Slots', sort: 12, category: 'RNG' },
] as const;

/**
 * `adapter`: 'http' (default) registers a launch adapter for it in this app; 'house' borrows our own games' adapter
 * (registered by every server process, without a wallet API) for tests whose servers run in other processes.
 */
export async function addTransferVendors(
  t: TestApp,
  merchantId: bigint,
  opts: { adapter?: 'http' | 'house' } = {},
): Promise<void> {
  const adapter = opts.adapter ?? 'http';
  // The 'http' launch adapter (a vendor's launch API): a URL carrying the session token.
  if (adapter === 'http')
    t.app.modules.games.registerProvider({
      adapter: 'http',
      launchUrl: (ctx) => `https://vendor.example/play?token=${ctx.sessionToken}&player=${ctx.playerId}`,
    });
  const db = t.database.all;
  await db
    .insertInto('vendors')
    .values(
      TRANSFER_VENDORS.map((v) => ({
        merchant_id: merchantId,
        code: v.code,
        name: v.name,
        wallet_mode: 'transfer' as const,
        adapter,
        sort: v.sort,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('games')
    .values(
      TRANSFER_VENDORS.map((v) => ({
        merchant_id: merchantId,
        vendor_code: v.code,
        game_code: `${v.code.toLowerCase()}-lobby`,
        name: `${v.name} lobby`,
        category: v.category,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
