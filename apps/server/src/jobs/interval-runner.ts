/**
 * A tiny in-process scheduler: runs `run` every `everyMs` (first run after one interval), never two runs of the
 * same job at once, errors logged and the next run still scheduled. `stop()` cancels the timer and waits for a
 * run in progress. Jobs must be idempotent and safe with several processes (each run is a conditional UPDATE),
 * so no leader election is needed.
 */
export interface IntervalJob {
  stop(): Promise<void>;
  /** Runs once now (unless a run is in progress); resolves when done. For tests and start-up catch-up. */
  runNow(): Promise<void>;
}

export interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** `run` returns what to log (null: nothing happened worth a line). */
export function startInterval(opts: {
  name: string;
  everyMs: number;
  run: () => Promise<object | null>;
  log: JobLogger;
}): IntervalJob {
  let current: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const runOnce = (): Promise<void> => {
    if (current) return current;
    current = (async () => {
      const started = Date.now();
      try {
        const result = await opts.run();
        if (result) opts.log.info({ job: opts.name, ms: Date.now() - started, ...result }, 'job ran');
      } catch (err) {
        opts.log.error({ job: opts.name, err }, 'job failed');
      } finally {
        current = null;
      }
    })();
    return current;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().then(schedule);
    }, opts.everyMs);
    timer.unref();
  };
  schedule();

  return {
    runNow: runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
