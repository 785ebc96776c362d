import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = {
  20: '\x1b[90m',
  30: '\x1b[32m',
  40: '\x1b[33m',
  50: '\x1b[31m',
  60: '\x1b[35m',
};
const OMIT = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);

const show = (v: unknown) => (typeof v === 'string' ? (/\s/.test(v) ? JSON.stringify(v) : v) : JSON.stringify(v));

/**
 * One pino JSON line as a console line: `12:34:56 INFO  GET /wps/member/info 200 3 ms`, then the other fields as
 * key=value (an error's stack on the lines after). Development only: production logs stay JSON for collectors.
 */
export function formatLogLine(line: string, colour = false): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const level = typeof o.level === 'number' ? o.level : 30;
  const time = new Date(typeof o.time === 'number' ? o.time : Date.now()).toTimeString().slice(0, 8);
  const tag = LEVELS[level] ?? String(level);
  const err = o.err as { stack?: string; message?: string } | undefined;
  const rest = Object.entries(o)
    .filter(([k, v]) => !OMIT.has(k) && k !== 'err' && v !== undefined)
    .map(([k, v]) => `${k}=${show(v)}`)
    .join(' ');
  const head = colour ? `${COLOURS[level] ?? ''}${tag}\x1b[0m` : tag;
  const text = [time, head, String(o.msg ?? ''), rest].filter(Boolean).join(' ');
  return err?.stack ? `${text}\n${err.stack}` : err?.message ? `${text} err=${show(err.message)}` : text;
}

/** A stream for pino that writes readable lines to `out` (stdout by default). */
export function readableLogStream(out: NodeJS.WritableStream = process.stdout, colour = Boolean(process.stdout.isTTY)) {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) out.write(`${formatLogLine(line, colour)}\n`);
      done();
    },
  });
}

/** Quiet paths: health probes and static files log at debug, everything else at info. */
export function requestLogLevel(url: string): 'debug' | 'info' {
  const path = url.split('?')[0] ?? '/';
  if (path === '/healthz' || path === '/readyz') return 'debug';
  if (path.startsWith('/assets/')) return 'debug';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return /\.[a-z0-9]+$/i.test(last) ? 'debug' : 'info';
}
