/**
 * Database outages: which errors mean "the database cannot be reached right now" (answered 503 with
 * Retry-After, never 500), and a watch that logs one warning when an outage starts and one line when the
 * database answers again, probing it meanwhile.
 */

/** SQLSTATE classes and codes of a lost or refused connection (server shutdown, terminated backend, …). */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']);
const MESSAGES =
  /Connection terminated|connection error|Client has encountered a connection error|timeout exceeded when trying to connect|not currently accepting connections|Client was closed and is not queryable|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code))) return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

const QUIET_MS = 5_000;

export interface OutageLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface OutageWatch {
  /** True when `err` is a lost database; the first one of an outage logs the warning and starts the probe. */
  report(err: unknown): boolean;
  readonly down: boolean;
  stop(): void;
}

export function createOutageWatch(opts: {
  ping: () => Promise<void>;
  log: OutageLogger;
  /** How often the database is probed during an outage (ms). */
  probeMs?: number;
}): OutageWatch {
  let since: number | undefined;
  let lastEnd = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const probe = () => {
    timer = setTimeout(() => {
      opts.ping().then(
        () => {
          opts.log.info({ downMs: Date.now() - (since ?? Date.now()) }, 'database reachable again');
          since = undefined;
          timer = undefined;
          lastEnd = Date.now();
        },
        () => {
          if (!stopped) probe();
        },
      );
    }, opts.probeMs ?? 250);
    timer.unref();
  };
  return {
    report(err) {
      if (!isDatabaseUnavailable(err)) return false;
      if (since === undefined && !stopped) {
        since = Date.now();
        probe();
        // Stragglers of an outage that just ended (requests that were in flight) are part of it: no new warning.
        if (since - lastEnd < QUIET_MS) return true;
        opts.log.warn(
          { err: { message: (err as Error).message, code: (err as { code?: string }).code } },
          'database unavailable: answering 503 until it is back',
        );
      }
      return true;
    },
    get down() {
      return since !== undefined;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
