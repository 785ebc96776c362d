// Player site speed: the home page in Lighthouse 12 (Debian chromium, mobile preset = throttled 4G + slow CPU),
// median of 3 runs, plus the JavaScript the home page loads by network idle (bytes on the wire, as served).
//   npm run build && npm run bench:web      (BENCH_RUNS=3; BENCH_WRITE=1 records the figures in bench/README.md)
import { readFileSync, writeFileSync } from 'node:fs';
import { kb, lighthouseRun, median, type Run } from './web-lighthouse.ts';
import { homeScripts } from '../e2e/lib/home-scripts.ts';
import { startE2EServer } from '../e2e/lib/server.ts';

const runs = Number(process.env.BENCH_RUNS ?? 3);

/** Lighthouse `runs` times on the home page; the median row (written to README.md with BENCH_WRITE=1). */
async function lighthouseMedian(url: string, files: number, total: number, totalGzip: number, csp: number) {
  const results: Run[] = [];
  // A failed run is retried (up to twice the runs asked for): the median is of successful runs only.
  for (let i = 0; results.length < runs && i < runs * 2; i++) {
    const r = await lighthouseRun(url);
    if (!r) continue;
    console.log(
      `lighthouse run ${results.length + 1}: performance ${r.score.toFixed(2)}, LCP ${(r.lcpMs / 1000).toFixed(2)} s, FCP ${(r.fcpMs / 1000).toFixed(2)} s, TBT ${Math.round(r.tbtMs)} ms, JS ${kb(r.scriptBytes)}, benchmarkIndex ${Math.round(r.benchmarkIndex)}; LCP element: ${r.lcpElement}`,
    );
    results.push(r);
  }
  if (results.length === 0) throw new Error('every Lighthouse run failed');
  const row = {
    score: median(results.map((r) => r.score)),
    lcp: median(results.map((r) => r.lcpMs)),
    fcp: median(results.map((r) => r.fcpMs)),
    tbt: median(results.map((r) => r.tbtMs)),
    js: median(results.map((r) => r.scriptBytes)),
    benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
  };
  const line =
    `| ${new Date().toISOString().slice(0, 10)} | ${row.score.toFixed(2)} | ${(row.lcp / 1000).toFixed(2)} s | ` +
    `${(row.fcp / 1000).toFixed(2)} s | ${Math.round(row.tbt)} ms | ${kb(row.js)} | ${kb(total)} br, ${kb(totalGzip)} gzip (${files} files) | ${csp} | ${Math.round(row.benchmarkIndex)} |`;
  console.log(`\nmedian of ${runs}:\n${line}`);
  if (process.env.BENCH_WRITE) {
    const readme = new URL('./README.md', import.meta.url);
    const text = readFileSync(readme, 'utf8');
    const marker = '<!-- bench:web rows -->';
    if (text.includes(marker)) writeFileSync(readme, text.replace(marker, `${line}\n${marker}`));
  }
}

const server = await startE2EServer({ lotteryTicker: false });
try {
  const { scripts, cspViolations } = await homeScripts(server.baseUrl);
  const total = scripts.reduce((s, x) => s + x.bytes, 0);
  const totalGzip = scripts.reduce((s, x) => s + x.gzip, 0);
  console.log(
    `home page JS by network idle: ${scripts.length} files, ${kb(total)} on the wire, ${kb(totalGzip)} with gzip`,
  );
  for (const s of scripts) console.log(`  ${s.url}  ${kb(s.bytes)}  ${s.encoding}  (gzip ${kb(s.gzip)})`);
  console.log(`CSP violations: ${cspViolations.length}`);
  // BENCH_RUNS=0: the JavaScript listing only.
  if (runs > 0) await lighthouseMedian(`${server.baseUrl}/`, scripts.length, total, totalGzip, cspViolations.length);
} finally {
  await server.close();
}
