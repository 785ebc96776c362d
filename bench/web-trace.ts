// The home page's start-up on the main thread, from a Chromium trace under a fixed CPU throttle (4×, as Lighthouse's
// mobile preset): less noisy than Lighthouse's TBT on a shared host, since thread CPU time leaves out the time the
// thread waited for a core. Used by bench/web-ab.ts.
import { launchBrowser } from '../e2e/lib/browser.ts';

export interface TraceRun {
  /** CPU time of the renderer's main thread, navigation start → network idle (ms, throttled). */
  mainCpuMs: number;
  /** Wall time of the same tasks (ms). */
  mainWallMs: number;
  /** Σ max(0, task − 50 ms) over the tasks after the first contentful paint, with the task's CPU time: TBT's rule. */
  blockingCpuMs: number;
  longestTaskMs: number;
  /** CPU ms by kind: script evaluation per file, other script (event handlers, timers, React's scheduler), style, layout, paint… */
  byKind: Record<string, number>;
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string } };
}

const KINDS: [RegExp, string][] = [
  [/^(EvaluateScript|v8\.evaluateModule|v8\.compile|v8\.compileModule|v8\.produceModuleCache)$/, 'script evaluation'],
  [
    /^(FunctionCall|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|v8\.callFunction|FireIdleCallback)$/,
    'script (callbacks)',
  ],
  [/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/, 'style'],
  [/^Layout$/, 'layout'],
  [/^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|Decode Image|ImageDecodeTask)$/, 'paint'],
  [/^ParseHTML$/, 'parse HTML'],
  [/^(MinorGC|MajorGC|V8\.GC.*|BlinkGC.*)$/, 'GC'],
];

/** One load of `url` at 390 × 844 in a fresh context, CPU throttled 4×, traced until network idle and 1 s after. */
export async function traceHome(url: string): Promise<TraceRun> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'],
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const buf = await browser.stopTracing();
    return summarise(
      (JSON.parse(buf.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents,
      new URL(url).origin,
    );
  } finally {
    await browser.close();
  }
}

function summarise(events: TraceEvent[], origin: string): TraceRun {
  // The renderer's main thread of the page: the CrRendererMain thread with the most events naming the page's origin
  // (the browser's own pages, e.g. a new tab's, run in other renderers).
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busiest = mains
    .map((m) => ({
      m,
      n: events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.args?.data?.url?.startsWith(origin)).length,
    }))
    .sort((a, b) => b.n - a.n)[0];
  if (!busiest || busiest.n === 0) throw new Error('no renderer main thread of the page in the trace');
  const onMain = events.filter((e) => e.pid === busiest.m.pid && e.tid === busiest.m.tid);
  const tasks = onMain.filter((e) => e.ph === 'X' && e.name === 'RunTask' && (e.dur ?? 0) > 0);
  const fcp = onMain.find((e) => e.name === 'firstContentfulPaint')?.ts ?? tasks[0]?.ts ?? 0;
  const cpu = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
  const byKind: Record<string, number> = {};
  // Self time by kind: each event's CPU time minus its children's (events nest inside the task by ts/dur).
  const inner = onMain
    .filter((e) => e.ph === 'X' && e.name !== 'RunTask' && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: { end: number; kind: string | null; self: number }[] = [];
  const flush = (upTo: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= upTo) {
      const top = stack.pop()!;
      if (top.kind) byKind[top.kind] = (byKind[top.kind] ?? 0) + top.self;
    }
  };
  for (const e of inner) {
    flush(e.ts);
    const kindOf = KINDS.find(([re]) => re.test(e.name))?.[1] ?? null;
    const url = e.args?.data?.url;
    const kind =
      kindOf === 'script evaluation' && url ? `script evaluation ${new URL(url, 'http://x').pathname}` : kindOf;
    // Self time: a kinded event's CPU time leaves its nearest kinded ancestor (a forced layout inside a script call
    // counts as layout, not as script).
    const owner = [...stack].reverse().find((x) => x.kind !== null);
    if (owner && kind) owner.self -= cpu(e);
    stack.push({ end: e.ts + (e.dur ?? 0), kind, self: kind ? cpu(e) : 0 });
  }
  flush(Number.POSITIVE_INFINITY);
  const total = tasks.reduce((s, t) => s + cpu(t), 0);
  byKind['other (browser tasks)'] = total - Object.values(byKind).reduce((s, v) => s + v, 0);
  return {
    mainCpuMs: total,
    mainWallMs: tasks.reduce((s, t) => s + (t.dur ?? 0) / 1000, 0),
    blockingCpuMs: tasks.filter((t) => t.ts >= fcp).reduce((s, t) => s + Math.max(0, cpu(t) - 50), 0),
    longestTaskMs: Math.max(0, ...tasks.map(cpu)),
    byKind,
  };
}
