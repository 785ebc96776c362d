// HTTP benchmark of the system endpoints on the embedded database, against /healthz as the baseline
// measured in the same run (this machine is noisy: compare ratios, not absolute figures across runs).
//   npm run bench:http            (defaults: 10 s per endpoint, 32 connections)
import { createRequire } from 'node:module';
import { startE2EServer } from '../e2e/lib/server.ts';

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<Result>;

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const targets = [
  '/healthz',
  '/wps/system/status?host=localhost',
  '/wps/system/whitelabel',
  '/wps/system/helpCenter?lang=en',
];

const server = await startE2EServer({ requireWeb: false });
try {
  const rows: string[] = [];
  let baseline = 0;
  for (const path of targets) {
    const r = await autocannon({ url: `${server.baseUrl}${path}`, duration, connections });
    if (path === '/healthz') baseline = r.requests.average;
    rows.push(
      `| ${path} | ${Math.round(r.requests.average)} | ${(r.requests.average / baseline).toFixed(2)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`,
    );
  }
  console.log(`\nHTTP, ${connections} connections, ${duration} s each, embedded PGlite, one process\n`);
  console.log('| path | req/s | vs /healthz | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
} finally {
  await server.close();
}
