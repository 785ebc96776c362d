import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_FILE } from '../src/app.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'sea-proc-'));

function startServer(
  port: number,
  extraEnv: Record<string, string> = {},
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitForReady(url: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready`);
}

async function waitForOutput(out: () => string, text: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!out().includes(text) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}

/** The listening socket's accept queue on `port` (ss's Send-Q), or undefined where ss (iproute2) is missing. */
function listenBacklog(port: number): number | undefined {
  try {
    const row = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' }).trim();
    return Number(row.split(/\s+/)[2]);
  } catch {
    return undefined;
  }
}
const somaxconn = () => Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(Boolean(process.env.DATABASE_URL))('server process on the embedded database', () => {
  it('starts with demo data, refuses a second process on the same data folder, and shuts down cleanly', async () => {
    const port = 20_000 + Math.floor(Math.random() * 12_000); // below the ephemeral range (helpers/server-process.ts)
    const first = startServer(port);
    try {
      await waitForReady(`http://127.0.0.1:${port}/readyz`);
      const status = (await (await fetch(`http://127.0.0.1:${port}/wps/system/status`)).json()) as {
        value: { merchantCode: string };
      };
      expect(status.value.merchantCode).toBe('demo');

      // The one-time password banner comes after the start-up lines, and is kept in an owner-only file.
      await waitForOutput(first.output, 'one-time password:');
      // The request line is written once the answer has gone out: wait for it.
      await waitForOutput(first.output, 'GET /wps/system/status');
      const out = first.output();
      expect(out.indexOf('Serving on')).toBeGreaterThan(-1);
      expect(out.indexOf('one-time password:')).toBeGreaterThan(out.indexOf('Serving on'));
      const file = join(dataDir, ADMIN_PASSWORD_FILE);
      expect(out).toContain(`also in ${file}`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // Readable console lines in development, and no line per health probe at the info level.
      expect(out).not.toContain('"level":');
      expect(out).toMatch(/\d\d:\d\d:\d\d INFO {2}GET \/wps\/system\/status status=200/);
      expect(out).not.toContain('GET /readyz');

      const second = startServer(port + 1);
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/is in use by another server process \(pid \d+\)/);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    } finally {
      first.child.kill('SIGKILL');
    }
    // The lock was released: a new process can take the folder (and finds its data already there).
    const third = startServer(port + 2);
    try {
      await waitForReady(`http://127.0.0.1:${port + 2}/readyz`);
      // It listens with an accept queue of LISTEN_BACKLOG (4096, capped by the kernel), not Node's 511: a burst of new
      // connections past 511 has its SYNs dropped and waits 1 s, 3 s … (bench/README, chat across two processes).
      const backlog = listenBacklog(port + 2);
      if (backlog !== undefined) expect(backlog).toBe(Math.min(4096, somaxconn()));
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    } finally {
      third.child.kill('SIGKILL');
    }
    // In production the demo's sandbox payment method (no real money moves) makes the start refuse, saying why.
    const prod = startServer(port + 3, { NODE_ENV: 'production' });
    expect(await prod.exited).toBe(1);
    expect(prod.output()).toMatch(/Refusing to start with NODE_ENV=production: merchant #\d+ method SANDBOX/);
  }, 240_000);
});
