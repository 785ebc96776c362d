// BENCH_PROFILE=1: time every SQL statement the process sends (pg's Client.query, patched in the bench process only;
// pg_stat_statements is not loaded on the shared server). Statements are grouped by their text with literals and
// unnest arrays cut, so a profile says which statement kinds take the drain's time.
import { performance } from 'node:perf_hooks';
import pg from 'pg';

interface Stat {
  calls: number;
  ms: number;
  rows: number;
}
const stats = new Map<string, Stat>();
let on = false;

const shapeOf = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '?')
    .replace(/\(\?(, \?)+\)/g, '(?…)')
    .replace(/(, \(\?…\))+/g, ', …')
    .slice(0, 140);

export function installStatementProfile(): void {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    const text = typeof q === 'string' ? q : ((q as { text?: string } | undefined)?.text ?? '');
    const out = original.apply(this, args);
    if (!on || !(out instanceof Promise)) return out;
    const started = performance.now();
    return out.then((res: { rowCount?: number | null }) => {
      const k = shapeOf(text);
      const s = stats.get(k) ?? { calls: 0, ms: 0, rows: 0 };
      s.calls++;
      s.ms += performance.now() - started;
      s.rows += res?.rowCount ?? 0;
      stats.set(k, s);
      return res;
    });
  };
}

export const profileOn = (v: boolean) => void (on = v);

/** The top statements by total time: calls, ms, share, rows. */
export function statementReport(top = 25) {
  const total = [...stats.values()].reduce((a, s) => a + s.ms, 0);
  return [...stats.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, top)
    .map(([sql, s]) => ({
      ms: Math.round(s.ms),
      share: `${((100 * s.ms) / total).toFixed(1)} %`,
      calls: s.calls,
      msPerCall: Number((s.ms / s.calls).toFixed(2)),
      rows: s.rows,
      sql,
    }));
}
