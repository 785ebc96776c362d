import type { FastifyInstance } from 'fastify';
import { type IntervalJob, startInterval } from './interval-runner.ts';

/** Every scheduled job of the server process; main.ts starts them after listen and stops them on shutdown. */
export function startJobs(
  app: FastifyInstance,
  opts: { withdrawalReceiptEveryMs?: number } = {},
): { stop(): Promise<void> } {
  const jobs: IntervalJob[] = [
    // No receipt confirmation within the merchant's window counts as received (spec: withdrawal receipt).
    startInterval({
      name: 'withdrawal-auto-confirm',
      everyMs: opts.withdrawalReceiptEveryMs ?? 60_000,
      run: async () => {
        const { confirmed } = await app.services.withdrawals.withdrawals.autoConfirmDue();
        return confirmed.length ? { autoConfirmed: confirmed.map(String) } : null;
      },
      log: app.log,
    }),
  ];
  return {
    async stop() {
      await Promise.all(jobs.map((j) => j.stop()));
    },
  };
}
