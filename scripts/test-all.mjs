// `npm test`: the whole suite, in the order CI needs it. Prints a closing "N passed, N failed" line.
//   lint → typecheck → unit + integration on PGlite → integration on PostgreSQL → build → e2e in Chromium
// PostgreSQL: TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres. When it cannot be
// reached the PostgreSQL step fails under CI=true and is reported as skipped otherwise.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
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

function vitest(name, workspace, extraEnv = {}) {
  const out = join(tmp, `${name.replace(/\W+/g, '_')}.json`);
  run(name, `npx vitest run --root ${workspace} --reporter=default --reporter=json --outputFile.json=${out}`, extraEnv);
  vitestCounts(out, name);
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

run('lint', 'npm run lint');
run('typecheck', 'npm run typecheck');
vitest('contracts unit tests', 'packages/contracts');
vitest('games unit tests', 'packages/games');
vitest('server tests on PGlite', 'apps/server', { DATABASE_URL: '' });
if (await postgresReachable()) {
  vitest('server tests on PostgreSQL', 'apps/server', { DATABASE_URL: pgUrl });
} else if (process.env.CI) {
  failures.push(`PostgreSQL not reachable at ${pgUrl}`);
} else {
  console.log(`\n=== server tests on PostgreSQL: SKIPPED (${pgUrl} not reachable; set TEST_DATABASE_URL) ===`);
}
vitest('web unit tests', 'apps/web');
if (run('build', 'npm run build')) {
  const out = join(tmp, 'e2e.txt');
  run('e2e in Chromium', `npm run test:e2e 2>&1 | tee ${out}; exit \${PIPESTATUS[0]}`);
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
