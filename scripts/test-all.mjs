// `npm test`: the whole suite, in the order CI needs it. Prints a closing "N passed, N failed" line.
//   lint ‖ typecheck → unit + integration on PGlite → integration on PostgreSQL → web → build → e2e in Chromium
// (‖: at the same time — each is single-threaded; their logs are printed one after the other once both are done.)
// PostgreSQL: TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres. When it cannot be
// reached the PostgreSQL step fails under CI=true and is reported as skipped otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const tmp = mkdtempSync(join(tmpdir(), 'sea-tests-'));
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(name, cmd, env = {}) {
  console.log(`\n=== ${name} ===\n$ ${cmd}`);
  const started = Date.now();
  const r = spawnSync(cmd, { shell: '/bin/bash', stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(
    `=== ${name}: ${ok ? 'ok' : `FAILED (exit ${r.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (!ok) failures.push(name);
  return ok;
}

/**
 * Runs steps at the same time, each into its own log (`log`, else one in the temp folder); then prints each log and its
 * result line, in order, and calls each step's `after(ok)`.
 */
async function runTogether(steps) {
  const started = Date.now();
  const results = await Promise.all(
    steps.map((step) => {
      const log = step.log ?? join(tmp, `${step.name.replace(/\W+/g, '_')}.log`);
      const fd = openSync(log, 'w');
      return new Promise((resolve) => {
        const child = spawn(step.cmd, {
          shell: '/bin/bash',
          stdio: ['ignore', fd, fd],
          env: { ...process.env, ...step.env },
        });
        child.on('close', (status) => resolve({ step, log, status, seconds: (Date.now() - started) / 1000 }));
      });
    }),
  );
  for (const { step, log, status, seconds } of results) {
    console.log(`\n=== ${step.name} ===\n$ ${step.cmd}`);
    process.stdout.write(readFileSync(log, 'utf8'));
    const ok = status === 0;
    console.log(`=== ${step.name}: ${ok ? 'ok' : `FAILED (exit ${status})`} in ${seconds.toFixed(1)} s`);
    if (!ok) failures.push(step.name);
    step.after?.(ok);
  }
}

function firstLine(text) {
  return String(text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join(' | ')
    .slice(0, 400);
}

function vitestCounts(file, name) {
  try {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests;
    totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
    if (j.numTotalTests === 0) failures.push(`${name}: no tests ran`);
    // Name every failed test in the summary: CI keeps only the tail of the output.
    for (const file of j.testResults ?? []) {
      const where = file.name.replace(`${process.cwd()}/`, '');
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) {
        failures.push(`${name}: ${where}: ${firstLine(file.message)}`);
      }
      for (const a of file.assertionResults ?? []) {
        if (a.status !== 'failed') continue;
        failures.push(`${name}: ${where} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
      }
    }
  } catch {
    failures.push(`${name}: no test report`);
  }
}

/** A vitest run as a step of runTogether: its JSON report is read (counts, failures named) once it is over. */
function vitestStep(name, workspace, env = {}) {
  const base = join(tmp, name.replace(/\W+/g, '_'));
  return {
    name,
    env,
    log: `${base}.txt`,
    cmd: `npx vitest run --root ${workspace} --reporter=default --reporter=json --outputFile.json=${base}.json`,
    after(ok) {
      const before = failures.length;
      vitestCounts(`${base}.json`, name);
      // Every test passed yet vitest failed: an error outside any test (CI keeps only the tail, so name it here).
      if (!ok && failures.length === before) {
        // eslint-disable-next-line no-control-regex -- the colour codes of the console output
        const text = readFileSync(`${base}.txt`, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
        const at = text.search(/Unhandled (Error|Rejection)|Error:/);
        failures.push(`${name}: no test failed; ${at < 0 ? 'see its output' : firstLine(text.slice(at))}`);
      }
    },
  };
}

function vitest(name, workspace, extraEnv = {}) {
  const step = vitestStep(name, workspace, extraEnv);
  const ok = run(name, `${step.cmd} 2>&1 | tee ${step.log}; exit \${PIPESTATUS[0]}`, extraEnv);
  // (run() named the step already when it failed; after() expects that)
  step.after(ok);
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

await runTogether([
  { name: 'lint', cmd: 'npm run lint' },
  { name: 'typecheck', cmd: 'npm run typecheck' },
]);
await runTogether([
  vitestStep('contracts unit tests', 'packages/contracts'),
  vitestStep('games unit tests', 'packages/games'),
]);
// One after the other by default: overlapped on 2 cores (TEST_OVERLAP=1) the run was no shorter and the two-process
// tests ran out of time (2026-11-28). Each run's output as it comes.
const pgliteRun = vitestStep('server tests on PGlite', 'apps/server', { DATABASE_URL: '' });
const pgRun =
  (await postgresReachable()) && vitestStep('server tests on PostgreSQL', 'apps/server', { DATABASE_URL: pgUrl });
if (!pgRun && process.env.CI) failures.push(`PostgreSQL not reachable at ${pgUrl}`);
else if (!pgRun)
  console.log(`\n=== server tests on PostgreSQL: SKIPPED (${pgUrl} not reachable; set TEST_DATABASE_URL) ===`);
if (!process.env.TEST_OVERLAP) {
  vitest(pgliteRun.name, 'apps/server', pgliteRun.env);
  if (pgRun) vitest(pgRun.name, 'apps/server', pgRun.env);
} else {
  await runTogether(pgRun ? [pgliteRun, pgRun] : [pgliteRun]);
}
vitest('web unit tests', 'apps/web');
if (run('build', 'npm run build')) {
  const out = join(tmp, 'e2e.txt');
  // Two files at a time: an e2e file mostly waits (draws, rounds, pushes), so two share the 2 cores well.
  run('e2e in Chromium', `npm run test:e2e 2>&1 | tee ${out}; exit \${PIPESTATUS[0]}`, {
    E2E_CONCURRENCY: process.env.E2E_CONCURRENCY ?? '2',
  });
  const text = readFileSync(out, 'utf8');
  const count = (label) => Number(text.match(new RegExp(`^(?:ℹ|#) ${label} (\\d+)`, 'm'))?.[1] ?? 0);
  totals.passed += count('pass');
  totals.failed += count('fail');
  totals.skipped += count('skipped');
  if (count('pass') + count('fail') === 0) failures.push('e2e: no tests ran');
  for (const m of text.matchAll(/^not ok \d+ - (.*)$/gm)) failures.push(`e2e: ${m[1]}`);
}

console.log('\n=== summary ===');
for (const f of failures) console.log(`FAILED: ${f}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length === 0 && totals.failed === 0 ? 0 : 1);
