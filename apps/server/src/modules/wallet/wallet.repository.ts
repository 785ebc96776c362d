import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { VendorsTable, WalletMode } from './wallet.tables.ts';

export type VendorRow = Selectable<VendorsTable>;

/** A member as a hierarchy transfer needs it: never more than the account name and status. */
export interface MemberNode {
  id: bigint;
  account: string;
  status: 'active' | 'disabled';
}

export interface DownlineRow {
  account: string;
  nickname: string | null;
  type: number;
  depth: number;
}

/** A tree deeper than this is a data error (or a cycle): the walk stops there. */
const MAX_DEPTH = 64;

/**
 * The agent's downline tree (every member below it, any depth), within one merchant. Only the rows of this
 * tree are ever read, so an account outside it is never touched.
 */
function downlineTree(merchantId: bigint, agentId: bigint): RawBuilder<unknown> {
  return sql`with recursive tree (id, depth) as (
      select id, 1 from members where merchant_id = ${merchantId} and upline_id = ${agentId}
      union all
      select c.id, t.depth + 1 from members c join tree t on c.upline_id = t.id
      where c.merchant_id = ${merchantId} and t.depth < ${MAX_DEPTH}
    )`;
}

/** `%text%` for LIKE, with the wildcard characters of the search text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createWalletRepository(db: Kysely<DB>) {
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

    /** The member's own upline id (null when it has none). */
    async uplineIdOf(merchantId: bigint, memberId: bigint): Promise<bigint | null> {
      const row = await db
        .selectFrom('members')
        .select('upline_id')
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .executeTakeFirst();
      return row?.upline_id ?? null;
    },

    findNode: (merchantId: bigint, memberId: bigint): Promise<MemberNode | undefined> =>
      db
        .selectFrom('members')
        .select(['id', 'account', 'status'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .executeTakeFirst(),

    /** The member with this account if, and only if, it is in the agent's downline tree. */
    async findInDownline(
      merchantId: bigint,
      agentId: bigint,
      account: string,
    ): Promise<(MemberNode & { depth: number }) | undefined> {
      const { rows } = await sql<MemberNode & { depth: number }>`${downlineTree(merchantId, agentId)}
        select m.id, m.account, m.status, t.depth from tree t join members m on m.id = t.id
        where m.account = ${account.toLowerCase()} limit 1`.execute(db);
      return rows[0];
    },

    /** One page of the agent's downline tree, nearest levels first, optionally filtered by account. */
    async listDownlines(
      merchantId: bigint,
      agentId: bigint,
      opts: { search?: string; offset: number; limit: number },
    ): Promise<{ rows: DownlineRow[]; total: number }> {
      const filter = opts.search
        ? sql`where m.account like ${containsPattern(opts.search.toLowerCase())} escape '\\'`
        : sql``;
      const from = sql`from tree t join members m on m.id = t.id ${filter}`;
      const [page, count] = await Promise.all([
        sql<DownlineRow>`${downlineTree(merchantId, agentId)}
          select m.account, m.nickname, m.type, t.depth ${from} order by t.depth, m.account limit ${opts.limit} offset ${opts.offset}`.execute(
          db,
        ),
        sql<{ total: bigint }>`${downlineTree(merchantId, agentId)} select count(*) as total ${from}`.execute(db),
      ]);
      return { rows: page.rows, total: Number(count.rows[0]?.total ?? 0) };
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
