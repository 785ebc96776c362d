// Profiler preloaded into the chat bench's server processes (bench/chat.ts with BENCH_PROFILE=1, through NODE_OPTIONS
// --import): where a chat post's time goes under load. Per POST /wps/chat/…/messages: the time from the request's
// arrival to the chat service's first mark (merchant, session check, body parsing), each stage the service marks on
// the `sea:chat:post` diagnostics channel (apps/server/src/lib/stage-trace.ts), and the reply; beside them the event
// loop's delay, the pg pool's wait for a connection and each query's round trip by statement shape. Written as JSON
// to CHAT_PROFILE_OUT.<pid> when the process exits.
import diagnosticsChannel from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

const out = process.env.CHAT_PROFILE_OUT;
const series = new Map();
const add = (name, ms) => {
  let xs = series.get(name);
  if (!xs) series.set(name, (xs = []));
  xs.push(ms);
};

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

// Connections: each accepted socket's time to its first request (a new connection per POST pays the handshake and
// the client's first write here), and how many requests each socket carried.
const accepted = new WeakMap();
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === 'connection') {
    const socket = args[0];
    accepted.set(socket, { at: performance.now(), requests: 0 });
    add('conn: accepted', 0);
    socket.once('close', () => add('conn: requests per connection', accepted.get(socket)?.requests ?? 0));
  } else if (event === 'request') {
    const c = accepted.get(args[0].socket);
    if (c && c.requests++ === 0) add('conn: accept → first request', performance.now() - c.at);
  }
  return emit.call(this, event, ...args);
};

// Garbage collection: every pause, and the long ones (≥ 50 ms) on the wall clock to line up with the bench's stalls.
const gcKinds = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak callbacks', 16: 'major' };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    add(`gc: ${gcKinds[e.detail?.kind] ?? 'other'} pause`, e.duration);
  }
}).observe({ entryTypes: ['gc'] });
// Event-loop stalls on the wall clock: a 20 ms timer late by ≥ 200 ms.
const stalls = [];
let tick = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - tick - 20 >= 200) stalls.push([Math.round(performance.timeOrigin + tick), Math.round(now - tick - 20)]);
  tick = now;
}, 20).unref();

// The request's arrival (the HTTP parser's) and its reply's end.
const arrived = new WeakMap();
const traced = new WeakMap();
const slow = [];
diagnosticsChannel.subscribe('http.server.request.start', ({ request }) => arrived.set(request, performance.now()));
diagnosticsChannel.subscribe('sea:chat:post', ({ key, marks }) => traced.set(key, marks));
diagnosticsChannel.subscribe('http.server.response.finish', ({ request }) => {
  const start = arrived.get(request);
  const marks = traced.get(request);
  if (start === undefined || !marks) return;
  const now = performance.now();
  let last = start;
  for (const [stage, at] of marks) {
    add(`post: ${stage}`, at - last);
    last = at;
  }
  add('post: reply sent', now - last);
  add('post: total (server)', now - start);
  if (now - start >= 300) slow.push([Math.round(performance.timeOrigin + start), Math.round(now - start)]);
});

// pg: the pool's wait for a client, and each query's round trip (sent → result in this process) by its shape.
const require = createRequire(new URL('../apps/server/src/db/database.ts', import.meta.url));
const pg = require('pg');
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (cb) {
  if (cb) return connect.call(this, cb);
  const t = performance.now();
  return connect.call(this).then((client) => {
    add('pg: pool wait', performance.now() - t);
    return client;
  });
};
const shapeOf = (text) => {
  const s = String(text).replace(/\s+/g, ' ').toLowerCase();
  const m = /^(select|insert into|update|delete from|begin|commit|rollback)\b(?:.*?\bfrom)?\s*"?([a-z_]*)"?/.exec(s);
  return m ? `${m[1]} ${m[2] ?? ''}`.trim() : s.slice(0, 30);
};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, cb) {
  const result = query.call(this, config, values, cb);
  if (!result || typeof result.then !== 'function') return result;
  const t = performance.now();
  const text = typeof config === 'string' ? config : config?.text;
  return result.then((r) => {
    add(`pg: ${shapeOf(text)}`, performance.now() - t);
    return r;
  });
};

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
process.on('exit', () => {
  if (!out) return;
  const stats = {};
  for (const [name, xs] of series) {
    xs.sort((a, b) => a - b);
    stats[name] = {
      n: xs.length,
      p50: pct(xs, 50),
      p99: pct(xs, 99),
      max: xs.at(-1),
      sum: xs.reduce((a, b) => a + b, 0),
    };
  }
  stats['event loop delay'] = {
    n: loop.count,
    p50: loop.percentile(50) / 1e6,
    p99: loop.percentile(99) / 1e6,
    max: loop.max / 1e6,
    sum: 0,
  };
  stats['process cpu'] = {
    n: 1,
    p50: 0,
    p99: 0,
    max: 0,
    sum: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  };
  stats['event-loop stalls ≥ 200 ms (wall ms, ms)'] = { n: stalls.length, p50: 0, p99: 0, max: 0, sum: 0, at: stalls };
  stats['posts ≥ 300 ms in the server (wall ms, ms)'] = { n: slow.length, p50: 0, p99: 0, max: 0, sum: 0, at: slow };
  writeFileSync(`${out}.${process.pid}`, JSON.stringify(stats));
});
