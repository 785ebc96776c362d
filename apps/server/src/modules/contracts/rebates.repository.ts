import { type Kysely, sql } from 'kysely';
import type { ContractsTables } from './contracts.tables.ts';

type Db = Kysely<ContractsTables>;

/** Manual rebate claims and the member's rebate records (contract_rebate_claims + contract_rebates). */
export function createRebatesRepository(root: Db) {
  return {
    /**
     * Serialises everything that pays a member's category rebates (claims, the daily payment) until the end of the
     * caller's transaction, so that "claimed so far" cannot change under it.
     */
    async lockMember(trx: Db, merchantId: bigint, memberId: bigint): Promise<void> {
      const key = `rebate:${merchantId}:${memberId}`;
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    },

    /** What the member claimed per category on one day. */
    async claimedOn(db: Db, merchantId: bigint, memberId: bigint, day: string): Promise<Map<string, bigint>> {
      const rows = await db
        .selectFrom('contract_rebate_claims')
        .select(['category', (eb) => eb.fn.sum<string>('amount').as('amount')])
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('day', '=', day)
        .groupBy('category')
        .execute();
      return new Map(rows.map((r) => [r.category, BigInt(r.amount)]));
    },

    insertClaim: (
      db: Db,
      row: {
        merchant_id: bigint;
        member_id: bigint;
        day: string;
        category: string;
        valid_bet: bigint;
        rate_bp: number;
        amount: bigint;
        journal_id: bigint;
      },
    ) => db.insertInto('contract_rebate_claims').values(row).execute(),

    /** Claims and daily payments of one member, newest first. */
    async records(merchantId: bigint, memberId: bigint, page: { pageNo: number; pageSize: number }) {
      const union = root
        .selectFrom('contract_rebate_claims')
        .select(['day', 'category', 'valid_bet', 'rate_bp', 'amount', 'created_at', sql<string>`'claim'`.as('kind')])
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .unionAll(
          root
            .selectFrom('contract_rebates')
            .select([
              'day',
              'category',
              'valid_bet',
              'rate_bp',
              'amount',
              'created_at',
              sql<string>`'daily'`.as('kind'),
            ])
            .where('merchant_id', '=', merchantId)
            .where('member_id', '=', memberId),
        );
      const [rows, count] = await Promise.all([
        root
          .selectFrom(union.as('r'))
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('category')
          .limit(page.pageSize)
          .offset((page.pageNo - 1) * page.pageSize)
          .execute(),
        root
          .selectFrom(union.as('r'))
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}

export type RebatesRepository = ReturnType<typeof createRebatesRepository>;
