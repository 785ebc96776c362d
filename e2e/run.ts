// `npm run test:e2e [-- files…]`: makes the run's database template once (migrated + seeded, lib/server.ts
// buildE2ETemplate), then runs the test files with node's test runner, one process per file, each server starting
// from a copy of it. E2E_CONCURRENCY: files at a time (default 1). Exit code: the runner's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildE2ETemplate } from './lib/server.ts';

const files = process.argv.slice(2);
const all = readdirSync('e2e/tests')
  .filter((f) => f.endsWith('.test.ts'))
  .sort()
  .map((f) => join('e2e/tests', f));
const dir = mkdtempSync(join(tmpdir(), 'sea-e2e-template-'));
let status = 1;
try {
  const started = Date.now();
  // Without a template (it failed to build: said here) each file's server migrates and seeds its own, as before.
  const template = await buildE2ETemplate(dir).then(
    () => {
      console.log(`# e2e database template (migrated + seeded) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return { E2E_TEMPLATE_DIR: dir };
    },
    (err: unknown) => {
      console.log(`# e2e database template failed, each file seeds its own: ${String(err)}`);
      return {};
    },
  );
  const r = spawnSync(
    process.execPath,
    ['--test', `--test-concurrency=${process.env.E2E_CONCURRENCY ?? '1'}`, ...(files.length ? files : all)],
    { stdio: 'inherit', env: { ...process.env, ...template } },
  );
  status = r.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
