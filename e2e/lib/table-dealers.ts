import { after } from 'node:test';

/**
 * The dealer jobs of our own table games (pg-boss in main.ts), ticked by an e2e file itself every 250 ms: `advance`
 * runs one pass (one at a time); the ticking stops after the file, once the pass in flight is done.
 * Returns the function to call from the file's `useE2E` set-up.
 */
export function tickDealers(name: string, advance: () => Promise<unknown>): () => Promise<void> {
  let timer: ReturnType<typeof setInterval> | undefined;
  let dealing = false;
  after(async () => {
    clearInterval(timer);
    while (dealing) await new Promise((r) => setTimeout(r, 50));
  });
  return async () => {
    timer = setInterval(() => {
      if (dealing) return;
      dealing = true;
      void advance()
        .catch((err: unknown) => console.error(`${name} tick failed:`, err))
        .finally(() => (dealing = false));
    }, 250);
  };
}
