import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MemberOrder, memberOrderCache, mergeOrder, orderFromPairs } from './member-order.ts';

/** The order a full recount gives: most valid bet first, then lowest id. */
function recount(version: bigint, sums: Map<number, number>): MemberOrder {
  const pairs = [...sums].sort(([ia, va], [ib, vb]) => vb - va || ia - ib).map(([id, vb]) => `${id}:${vb}`);
  return orderFromPairs(version, pairs.length ? pairs.join(',') : null);
}

const plain = (o: MemberOrder) => ({ version: o.version, ids: [...o.ids], vbs: [...o.vbs] });

describe('member order', () => {
  it('reads the cold query pairs in their order', () => {
    expect(plain(orderFromPairs(3n, '7:500,2:100,9:100'))).toEqual({
      version: 3n,
      ids: [7, 2, 9],
      vbs: [500, 100, 100],
    });
    expect(plain(orderFromPairs(0n, null))).toEqual({ version: 0n, ids: [], vbs: [] });
  });

  it('merges changed members: moved, new, gone, ties by id', () => {
    const order = orderFromPairs(1n, '1:900,2:500,3:500,4:100');
    const changed = new Map<number, number | null>([
      [4, 700], // moved up
      [2, null], // no activity any more
      [5, 500], // new, ties with 3: id 3 first
      [8, null], // not in the order, still nothing
    ]);
    expect(plain(mergeOrder(order, changed, 4n))).toEqual({
      version: 4n,
      ids: [1, 4, 3, 5],
      vbs: [900, 700, 500, 500],
    });
  });

  it('equals a recount after any changes (property)', () => {
    const sumsArb = fc.dictionary(fc.integer({ min: 1, max: 60 }).map(String), fc.integer({ min: 0, max: 20 }), {
      maxKeys: 40,
    });
    const changesArb = fc.dictionary(
      fc.integer({ min: 1, max: 60 }).map(String),
      fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
      { maxKeys: 30 },
    );
    fc.assert(
      fc.property(sumsArb, changesArb, (start, changes) => {
        const before = new Map(Object.entries(start).map(([k, v]) => [Number(k), v * 100]));
        const changed = new Map(Object.entries(changes).map(([k, v]) => [Number(k), v === null ? null : v * 100]));
        const after = new Map(before);
        for (const [id, vb] of changed) {
          if (vb === null) after.delete(id);
          else after.set(id, vb);
        }
        expect(plain(mergeOrder(recount(1n, before), changed, 2n))).toEqual(plain(recount(2n, after)));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the newest version and drops the oldest orders past its bound', () => {
    const cache = memberOrderCache(5);
    cache.set('a', orderFromPairs(2n, '1:1,2:1,3:1'));
    cache.set('a', orderFromPairs(1n, '1:1')); // an older snapshot's order does not replace a newer one
    expect(cache.get('a')?.version).toBe(2n);
    cache.set('b', orderFromPairs(1n, '4:1,5:1'));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', orderFromPairs(1n, '6:1'));
    expect(cache.get('a')).toBeUndefined(); // 6 ids held: the oldest order goes
    expect(cache.get('b')?.ids.length).toBe(2);
    cache.set('b', orderFromPairs(2n, '4:1,5:1,7:1'));
    expect(cache.get('b')?.version).toBe(2n);
    expect(cache.get('c')).toBeDefined();
  });
});
