// A/B of two builds of the player site, run alternately in the same minutes (a shared host's load moves a lot):
//   BENCH_AB_A=<dist folder, e.g. main's build> BENCH_AB_B=<dist folder; default apps/web/dist> npm run bench:web-ab
// Each round runs, for A then B (B then A on odd rounds): one Lighthouse run (mobile preset, as bench:web) and one
// Chromium trace of the home's start-up under a fixed 4× CPU throttle (bench/web-trace.ts). BENCH_RUNS rounds
// (default 5); prints each run with benchmarkIndex and the load average, then the medians of both.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { lighthouseRun, median, type Run } from './web-lighthouse.ts';
import { traceHome, type TraceRun } from './web-trace.ts';

const rounds = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_LIGHTHOUSE=0: traces only (a round takes seconds instead of a minute: more rounds in a quiet moment). */
const withLighthouse = process.env.BENCH_LIGHTHOUSE !== '0';
const dists = {
  A: process.env.BENCH_AB_A,
  B: process.env.BENCH_AB_B ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)),
};
if (!dists.A) throw new Error('BENCH_AB_A=<dist folder of the baseline build> is required');

/** A server of one build in a child process (bench/web-serve.ts); resolves with its URL and a stop function. */
function serve(dist: string): Promise<{ baseUrl: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./web-serve.ts', import.meta.url))],
    {
      env: { ...process.env, E2E_WEB_DIST: dist },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server of ${dist} exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const { baseUrl } = JSON.parse(line) as { baseUrl: string };
      resolve({ baseUrl, stop: () => child.stdin!.end() });
    });
  });
}

const load = () => loadavg()[0]!.toFixed(1);
const fmt = (n: number) => String(Math.round(n));
const servers = { A: await serve(dists.A), B: await serve(dists.B) };
const results: Record<'A' | 'B', { lh: Run[]; tr: TraceRun[]; loads: number[] }> = {
  A: { lh: [], tr: [], loads: [] },
  B: { lh: [], tr: [], loads: [] },
};
try {
  for (let i = 0; i < rounds; i++) {
    for (const side of i % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
      const url = `${servers[side].baseUrl}/`;
      const tr = await traceHome(url);
      const lh = withLighthouse ? await lighthouseRun(url, `${side}-`) : null;
      results[side].tr.push(tr);
      results[side].loads.push(loadavg()[0]!);
      if (lh) results[side].lh.push(lh);
      const kinds = Object.entries(tr.byKind)
        .filter(([, v]) => v >= 5)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${fmt(v)}`)
        .join(', ');
      console.log(
        `round ${i + 1} ${side}: ` +
          (!withLighthouse
            ? ''
            : lh
              ? `Lighthouse ${lh.score.toFixed(2)}, TBT ${fmt(lh.tbtMs)} ms, LCP ${(lh.lcpMs / 1000).toFixed(2)} s, benchmarkIndex ${fmt(lh.benchmarkIndex)}`
              : 'Lighthouse run failed') +
          `; trace (4× CPU): main-thread CPU ${fmt(tr.mainCpuMs)} ms, blocking ${fmt(tr.blockingCpuMs)} ms, longest task ${fmt(tr.longestTaskMs)} ms; load ${load()}`,
      );
      console.log(`   by kind (CPU ms): ${kinds}`);
    }
  }
} finally {
  servers.A.stop();
  servers.B.stop();
}

for (const side of ['A', 'B'] as const) {
  const { lh, tr, loads } = results[side];
  const m = (xs: number[]) => (xs.length ? fmt(median(xs)) : '—');
  console.log(
    `\n${side} (${dists[side]}): medians of ${lh.length} Lighthouse runs: score ${lh.length ? median(lh.map((r) => r.score)).toFixed(2) : '—'}, ` +
      `TBT ${m(lh.map((r) => r.tbtMs))} ms, LCP ${m(lh.map((r) => r.lcpMs))} ms, benchmarkIndex ${m(lh.map((r) => r.benchmarkIndex))}; ` +
      `of ${tr.length} traces: main-thread CPU ${m(tr.map((r) => r.mainCpuMs))} ms, blocking ${m(tr.map((r) => r.blockingCpuMs))} ms, ` +
      `longest task ${m(tr.map((r) => r.longestTaskMs))} ms; least main-thread CPU ${tr.length ? fmt(Math.min(...tr.map((r) => r.mainCpuMs))) : '—'} ms (the run the load disturbed least); load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  );
  const kinds = new Map<string, number[]>();
  for (const r of tr) for (const [k, v] of Object.entries(r.byKind)) kinds.set(k, [...(kinds.get(k) ?? []), v]);
  for (const [k, vs] of [...kinds].sort((a, b) => median(b[1]) - median(a[1])).slice(0, 14))
    console.log(`   ${k}: ${m(vs)} ms`);
}
process.exit(0);
