import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('./table-dealer-worker.ts', import.meta.url));

/**
 * Runs `game`'s dealer pass in another process (table-dealer-worker.ts: the whole app on `databaseUrl` at `clockMs`)
 * that is killed (SIGKILL) right after the first member's win is credited. Resolves with how it ended: 'SIGKILL', or
 * its exit code with its output when it paid nothing (the caller's expectation then fails with the reason).
 */
export async function dealerKilledWhilePaying(
  databaseUrl: string,
  clockMs: number,
  game: 'baccarat' | 'sabong',
): Promise<{ ended: NodeJS.Signals | number | null; output: string }> {
  const worker = spawn(process.execPath, ['--import', 'tsx', WORKER, databaseUrl, String(clockMs), game], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  worker.stdout!.on('data', (d) => (out += d));
  worker.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<NodeJS.Signals | number | null>((resolve) =>
    worker.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => out.includes('ready\n') && (clearInterval(timer), resolve()), 50);
    void exit.then((c) => (clearInterval(timer), reject(new Error(`worker exited ${c} before ready:\n${out}`))));
  });
  worker.stdin!.write('go\n');
  return { ended: await exit, output: out };
}
