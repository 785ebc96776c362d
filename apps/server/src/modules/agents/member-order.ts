/**
 * The P&L per member lists a team's members by their valid bet over a period (most first, then member id). The
 * order needs every member's period sum, so it is computed once and then kept up to date: each write of the cells
 * bumps the merchant's version and records which members it touched (agent_rollup_changes), and an order made at
 * an older version is brought forward by re-reading only those members' sums and merging them in.
 */

/** A team's member order for one period, as of one version of the merchant's cells. */
export interface MemberOrder {
  version: bigint;
  /** Member ids, most valid bet first, then lowest id. */
  ids: Float64Array;
  /** Each member's period valid bet (minor units), parallel to `ids`. */
  vbs: Float64Array;
}

/** Orders by (merchant, agent, period); each holds the newest version seen. */
export interface MemberOrderCache {
  get(key: string): MemberOrder | undefined;
  set(key: string, order: MemberOrder): void;
}

/** A MemberOrderCache holding at most `maxIds` member ids over all its orders (least recently set dropped first). */
export function memberOrderCache(maxIds = 2_000_000): MemberOrderCache {
  const orders = new Map<string, MemberOrder>();
  let held = 0;
  return {
    get: (key) => orders.get(key),
    set(key, order) {
      if (order.ids.length > maxIds) return;
      const had = orders.get(key);
      // A request reading an older snapshot must not replace a newer order.
      if (had && had.version > order.version) return;
      if (had) {
        orders.delete(key);
        held -= had.ids.length;
      }
      orders.set(key, order);
      held += order.ids.length;
      for (const [k, o] of orders) {
        if (held <= maxIds) break;
        orders.delete(k);
        held -= o.ids.length;
      }
    },
  };
}

const before = (vbA: number, idA: number, vbB: number, idB: number) => vbA > vbB || (vbA === vbB && idA < idB);

/** An order from `id:vb` pairs joined by commas, already in order (as the cold query aggregates them). */
export function orderFromPairs(version: bigint, pairs: string | null): MemberOrder {
  const parts = pairs ? pairs.split(',') : [];
  const ids = new Float64Array(parts.length);
  const vbs = new Float64Array(parts.length);
  parts.forEach((p, i) => {
    const at = p.indexOf(':');
    ids[i] = Number(p.slice(0, at));
    vbs[i] = Number(p.slice(at + 1));
  });
  return { version, ids, vbs };
}

/**
 * The order at `version`: `changed` names every member whose cells changed since `order.version`, with its period
 * valid bet now, or null when it has no activity in the period (or is not in the team).
 */
export function mergeOrder(order: MemberOrder, changed: Map<number, number | null>, version: bigint): MemberOrder {
  const added = [...changed].flatMap(([id, vb]) => (vb === null ? [] : [{ id, vb }]));
  added.sort((a, b) => (before(a.vb, a.id, b.vb, b.id) ? -1 : 1));
  let keptCount = 0;
  for (const id of order.ids) if (!changed.has(id)) keptCount++;
  const ids = new Float64Array(keptCount + added.length);
  const vbs = new Float64Array(keptCount + added.length);
  let i = 0;
  let a = 0;
  let out = 0;
  const n = order.ids.length;
  while (i < n || a < added.length) {
    while (i < n && changed.has(order.ids[i]!)) i++;
    const takeOld = i < n && (a >= added.length || before(order.vbs[i]!, order.ids[i]!, added[a]!.vb, added[a]!.id));
    if (takeOld) {
      ids[out] = order.ids[i]!;
      vbs[out++] = order.vbs[i++]!;
    } else if (a < added.length) {
      ids[out] = added[a]!.id;
      vbs[out++] = added[a++]!.vb;
    }
  }
  return { version, ids, vbs };
}
