import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  /** The exit code once the process has exited (null: killed by a signal). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

// Below Linux's ephemeral range (32768–60999): a port the kernel hands to an outgoing connection or a listen(0) of
// another test (PostgreSQL and Redis clients, app.listen) can never be taken from under a server process here.
let nextPort = 21_000 + Math.floor(Math.random() * 11_000);

/** A real server process (src/main.ts through tsx) with the given environment on its own port. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const port = nextPort++;
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until `url` answers 200, failing early when the process exits. */
export async function waitForReady(p: ServerProcess, path = '/readyz', timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void p.exited.then((c) => (exitCode = c));
  while (Date.now() < until) {
    if (exitCode !== undefined)
      throw new Error(`server on ${p.port} exited (${exitCode}):\n${p.output().slice(-3000)}`);
    try {
      if ((await fetch(`${p.url}${path}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${p.url}${path} not ready:\n${p.output().slice(-3000)}`);
}
