import { z } from 'zod';

/**
 * Server-side sorting of back-office lists: `sort=<column>:<asc|desc>` from an allow-list per list (anything else
 * is a 400), kept in the URL by the list kit (apps/web/src/admin/components/table).
 */
export type SortValue<C extends string> = `${C}:${'asc' | 'desc'}`;

export function sortParam<const C extends string>(columns: readonly [C, ...C[]]) {
  const values = columns.flatMap((c) => [`${c}:asc`, `${c}:desc`]) as [SortValue<C>, ...SortValue<C>[]];
  return z.enum(values).optional();
}

/** `amount:desc` → { column: 'amount', desc: true }; the list's default when absent. */
export function parseSort<C extends string>(
  sort: SortValue<C> | undefined,
  fallback: SortValue<C>,
): { column: C; desc: boolean } {
  const [column, dir] = (sort ?? fallback).split(':') as [C, 'asc' | 'desc'];
  return { column, desc: dir === 'desc' };
}

export const DEPOSIT_SORTS = ['createdAt', 'amount', 'status'] as const;
export const WITHDRAWAL_SORTS = ['createdAt', 'updatedAt', 'amount', 'status'] as const;
export const ADJUSTMENT_SORTS = ['createdAt', 'amount', 'status'] as const;
