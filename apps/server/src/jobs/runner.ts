import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import { jobQueueDb } from '../db/job-queue-db.ts';
import { isDatabaseUnavailable } from '../db/outage.ts';
import { InFlight } from './in-flight.ts';

/**
 * A job a module schedules: `run` is called once per period of `everySeconds` across all server processes
 * (pg-boss: the period's job is created once, whoever offers it first, and one worker takes it). It must be
 * idempotent (a retry after a crash runs it again) and returns what is worth logging (null: nothing happened).
 */
export interface ScheduledJob {
  name: string;
  everySeconds: number;
  /** `periodStart`: the start of the period this run is for (the time of a manual run). */
  run(ctx: { periodStart: Date }): Promise<object | null>;
}

export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRunner {
  /** Queues one extra run of `name` now (outside its periods) and waits until this process has run it. */
  runNow(name: string): Promise<void>;
  /**
   * Stops offering and fetching, lets what is under way finish (a fetch, a job's handler and its completion), up to
   * the runner's `stopTimeoutMs`; once it resolves no query of the runner's is left, so the pool may be closed.
   */
  stop(): Promise<void>;
}

/** How long stop() waits at the most for the work under way (then it warns and returns). */
export const JOB_STOP_TIMEOUT_MS = 10_000;

/** Failed runs are retried this many times (backing off) before the job lands in `<name>.dead`. */
export const JOB_RETRY_LIMIT = 3;

/**
 * Creating a queue attaches a partition to pg-boss's job table: processes starting together may deadlock or
 * collide there. Creation is idempotent (an existing queue is left alone), so it is simply tried again.
 */
async function retryOnRace(create: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 10 || !['40P01', '40001', '23505', '42P07'].includes(code ?? '')) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
    }
  }
}

/**
 * Starts pg-boss and every job: each process offers the current period's job every `pollSeconds` (the first
 * offer per period creates it; the database's unique index refuses the others), and works the queues.
 * Failures are retried with backoff, then parked in a dead-letter queue; a run that outlives its expiry is
 * failed and retried.
 */
export async function startJobRunner(opts: {
  database: Database;
  jobs: ScheduledJob[];
  log: JobLogger;
  /** How often this process offers each job and polls for work (seconds, ≥ 0.5). */
  pollSeconds?: number;
  /** stop()'s bound (ms, ≥ 1000), JOB_STOP_TIMEOUT_MS by default. */
  stopTimeoutMs?: number;
}): Promise<JobRunner> {
  const poll = opts.pollSeconds ?? 2;
  // Every query pg-boss makes and every handler it runs is counted, so stop() can wait for the last of them.
  const inFlight = new InFlight();
  const queue = jobQueueDb(opts.database);
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => inFlight.track(queue.executeSql(text, values)) },
    schema: 'pgboss',
    schedule: false, // periods are ours (below): pg-boss's cron works per minute at best
    supervise: true,
    migrate: true,
  });
  // A database outage is reported once a minute at most (pg-boss polls every few seconds), other errors each time.
  let lastOutageLog = 0;
  const report = (err: unknown, obj: object, msg: string, level: 'warn' | 'error' = 'error') => {
    if (!isDatabaseUnavailable(err)) return opts.log[level]({ ...obj, err }, msg);
    if (Date.now() - lastOutageLog < 60_000) return;
    lastOutageLog = Date.now();
    opts.log.warn({ ...obj, err: { message: (err as Error).message } }, `${msg}: database unavailable`);
  };
  boss.on('error', (err: Error) => report(err, {}, 'job runner error'));
  try {
    const stopTimeoutMs = Math.max(1_000, opts.stopTimeoutMs ?? JOB_STOP_TIMEOUT_MS);
    return await startWork(boss, { ...opts, inFlight, stopTimeoutMs }, poll, report);
  } catch (err) {
    // A start cut short (the database went away meanwhile) leaves nothing running: the caller may try again.
    await boss.stop({ graceful: false, wait: true, close: false, timeout: 1_000 }).catch(() => undefined);
    throw err;
  }
}

type Report = (err: unknown, obj: object, msg: string, level?: 'warn' | 'error') => void;

async function startWork(
  boss: PgBoss,
  opts: { jobs: ScheduledJob[]; log: JobLogger; inFlight: InFlight; stopTimeoutMs: number },
  poll: number,
  report: Report,
): Promise<JobRunner> {
  await boss.start();

  const offer = (job: ScheduledJob) =>
    boss.send(job.name, {}, { singletonKey: job.name, singletonSeconds: job.everySeconds });
  const waiting = new Map<string, Array<() => void>>();

  for (const job of opts.jobs) {
    const dead = `${job.name}.dead`;
    await retryOnRace(() => boss.createQueue(dead));
    await retryOnRace(() =>
      boss.createQueue(job.name, {
        name: job.name,
        retryLimit: JOB_RETRY_LIMIT,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: Math.max(60, job.everySeconds * 2),
        deadLetter: dead,
      }),
    );
    await boss.work(job.name, { pollingIntervalSeconds: poll, includeMetadata: true }, async (batch) =>
      opts.inFlight.run(async () => {
        for (const item of batch) {
          const started = Date.now();
          try {
            const result = await job.run({ periodStart: item.singletonOn ?? new Date() });
            if (result) opts.log.info({ job: job.name, ms: Date.now() - started, ...result }, 'job ran');
          } catch (err) {
            opts.log.error({ job: job.name, id: item.id, err }, 'job failed (retried, then dead-lettered)');
            throw err;
          } finally {
            for (const done of waiting.get(job.name)?.splice(0) ?? []) done();
          }
        }
      }),
    );
  }

  let stopped = false;
  const tick = async () => {
    for (const job of opts.jobs) {
      if (stopped) return;
      await offer(job).catch((err: unknown) => report(err, { job: job.name }, 'could not schedule job', 'warn'));
    }
  };
  await tick();
  const timer = setInterval(() => void tick(), poll * 1000);
  timer.unref();

  return {
    async runNow(name) {
      const job = opts.jobs.find((j) => j.name === name);
      if (!job) throw new Error(`no job ${name}`);
      const ran = new Promise<void>((resolve) => waiting.set(name, [...(waiting.get(name) ?? []), resolve]));
      await boss.send(job.name, { manual: true });
      await ran;
    },
    async stop() {
      const deadline = Date.now() + opts.stopTimeoutMs;
      stopped = true;
      clearInterval(timer);
      // pg-boss waits for the handlers it counts as active, but not for a fetch under way (nor the handler of what
      // it brings back, nor a job's completion), nor does it know our offers: all are counted queries or handlers,
      // waited for here within the same bound.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: Math.max(1_000, deadline - Date.now()) });
      if (!(await opts.inFlight.idle(deadline))) {
        opts.log.warn(
          { underWay: opts.inFlight.count, ms: opts.stopTimeoutMs },
          'job runner stopped with work under way',
        );
      }
    },
  };
}
