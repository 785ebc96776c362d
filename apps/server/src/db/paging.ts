import { type SelectQueryBuilder, sql } from 'kysely';

/** A page of a list as repositories take it: rows to skip and rows to return. */
export interface Page {
  offset: number;
  limit: number;
}

/**
 * One page of a single table's rows matched by `base`, newest first (`created_at`, then `id`, both descending),
 * and how many rows match in all. The two queries run side by side.
 */
export async function newestFirstPage<DB, TB extends keyof DB, O>(base: SelectQueryBuilder<DB, TB, O>, page: Page) {
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql`created_at`, 'desc')
      .orderBy(sql`id`, 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    // (a generic builder's selection type does not resolve `n`; it is the one column selected here)
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow() as Promise<unknown> as Promise<{ n: string }>,
  ]);
  return { rows, total: Number(count.n) };
}
