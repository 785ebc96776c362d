// The slot's reels in Chromium on a phone-sized page: frames per second while the reels spin, with the CPU slowed
// down as Lighthouse's mobile preset does (4×, "mid-range phone"; the slowdown applies to the page's main thread),
// and without slowdown as the baseline of the same run. Two counts from the spin's start until the slot is idle again:
// the frames the compositor presented (Chromium's frame reporter in a trace: the reels move on the compositor, so
// these are the frames the player sees them move in) and the page's own frames (a requestAnimationFrame loop: the
// cells the reels show are swapped there).
//   npm run build && npm run bench:frames     BENCH_SPINS (8 per setting), BENCH_DPR (2)
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/lib/browser.ts';
import { startE2EServer } from '../e2e/lib/server.ts';
import { memberMain, systemAccount } from '../apps/server/src/modules/ledger/index.ts';

const SPINS = Number(process.env.BENCH_SPINS ?? 8);
const DPR = Number(process.env.BENCH_DPR ?? 2);
const PASSWORD = 'frames bench pw 1';

interface Spin {
  ms: number;
  frames: number;
  intervals: number[];
}

/** Self time of the renderer main thread's trace events per spin, by name (the ten largest). */
function mainThreadByEvent(json: string, spins: number): string {
  type Ev = { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { name?: string } };
  const events = (JSON.parse(json) as { traceEvents: Ev[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return 'no renderer main thread in the trace';
  const complete = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: Ev[] = [];
  for (const e of complete) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur!);
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
    stack.push(e);
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.BENCH_TRACE_TOP ?? 12))
    .map(([name, us]) => `  ${name}: ${(us / 1000 / spins).toFixed(0)} ms per spin`)
    .join('\n');
}

/**
 * Frames the compositor presented and dropped while the reels spun (between the page's bench-spin-start and
 * bench-spin-end marks), from Chromium's PipelineReporter events: one frame sequence per display frame, presented
 * if any of its reporters says so.
 */
function presentedFrames(json: string): { fps: number; droppedPct: number; partialPct: number } {
  type Ev = {
    name: string;
    ph: string;
    ts: number;
    args?: { frame_reporter?: { frame_sequence: number; state: string } };
  };
  const events = (JSON.parse(json) as { traceEvents: Ev[] }).traceEvents;
  const starts = events.filter((e) => e.name === 'bench-spin-start').map((e) => e.ts);
  const ends = events.filter((e) => e.name === 'bench-spin-end').map((e) => e.ts);
  const windows = starts.map((s) => [s, ends.find((e) => e > s) ?? s] as const);
  const inWindow = (ts: number) => windows.some(([a, b]) => ts >= a && ts <= b);
  // Per frame: 2 presented with the page's update, 1 presented without it (compositor-only), 0 dropped.
  const frames = new Map<number, number>();
  for (const e of events) {
    const r = e.args?.frame_reporter;
    if (e.name !== 'PipelineReporter' || e.ph !== 'b' || !r || !inWindow(e.ts)) continue;
    const state = r.state === 'STATE_PRESENTED_ALL' ? 2 : r.state === 'STATE_PRESENTED_PARTIAL' ? 1 : 0;
    frames.set(r.frame_sequence, Math.max(frames.get(r.frame_sequence) ?? 0, state));
  }
  const all = [...frames.values()];
  const presented = all.filter((x) => x > 0).length;
  const seconds = windows.reduce((a, [s, e]) => a + (e - s), 0) / 1e6;
  const pct = (n: number) => (all.length ? (n / all.length) * 100 : 0);
  return {
    fps: presented / seconds,
    droppedPct: pct(all.length - presented),
    partialPct: pct(all.filter((x) => x === 1).length),
  };
}

const server = await startE2EServer();
const browser = await launchBrowser();
try {
  const demo = (await server.app.modules.merchants.findByCode('demo'))!;
  const account = `frames${randomBytes(3).toString('hex')}`;
  const member = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
  await server.app.modules.ledger.postOrThrow({
    merchantId: demo.id,
    currency: demo.currency,
    scope: 'bench_funding',
    key: `fund:${member.id}`,
    kind: 'adjustment',
    memberId: member.id,
    legs: [
      {
        debit: systemAccount('adjustments', member.id),
        credit: memberMain(member.id),
        amount: 10_000_000n,
        code: 'adjustment',
      },
    ],
  });
  // Log in on a desktop-sized page (the phone header shows a button, not the form), then play on the phone page
  // with that session.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const login = await desktop.newPage();
  await login.goto(`${server.baseUrl}/`);
  const header = login.getByRole('banner');
  await header.getByLabel('Username').fill(account);
  await header.getByLabel('Password').fill(PASSWORD);
  await header.getByRole('button', { name: 'Log in' }).click();
  await login.waitForFunction(`!!sessionStorage.getItem('token')`);
  const token = (await login.evaluate(`sessionStorage.getItem('token')`)) as string;
  await desktop.close();
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: DPR,
    isMobile: true,
    hasTouch: true,
    bypassCSP: true, // the bench's own page scripts are strings (tsx), evaluated in the page
  });
  await context.addInitScript(`sessionStorage.setItem('token', ${JSON.stringify(token)})`);
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/`);
  const url = (await page.evaluate(`(async () => {
    const headers = { 'content-type': 'application/json', authorization: 'Bearer ' + sessionStorage.getItem('token') };
    const list = await (await fetch('/lgw/games/list?vassalage=SEA&pageSize=42', { headers })).json();
    const game = list.value.content.find((g) => g.gameCode === 'slot-lucky-dragon');
    const res = await (await fetch('/wps/game/launchGame', { method: 'POST', headers, body: JSON.stringify({ nodeId: game.nodeId }) })).json();
    return res.value.url;
  })()`)) as string;
  await page.goto(`${server.baseUrl}${url}`);
  await page.locator('.slot[data-state="idle"]').waitFor();
  // BENCH_CSS: extra CSS on the game page, to find out what a frame costs (e.g. an animation switched off).
  if (process.env.BENCH_CSS) await page.addStyleTag({ content: process.env.BENCH_CSS });
  const cdp = await context.newCDPSession(page);

  async function spinOnce(p: Page): Promise<Spin> {
    await p.locator('.slot[data-state="idle"]').waitFor();
    await p.evaluate(`(() => {
      const w = window;
      w.__frames = [];
      w.__busySeen = false;
      performance.mark('bench-spin-start');
      const el = document.querySelector('.slot');
      const tick = (t) => {
        w.__frames.push(t);
        const busy = el.getAttribute('data-state') === 'busy';
        if (busy) w.__busySeen = true;
        if (!w.__busySeen || busy) requestAnimationFrame(tick);
        else {
          performance.mark('bench-spin-end');
          w.__done = true;
        }
      };
      w.__done = false;
      requestAnimationFrame(tick);
    })()`);
    await p.getByRole('button', { name: 'Spin', exact: true }).click();
    // Polled every 250 ms: Playwright's default polls on every animation frame, which would add to the frames measured.
    await p.waitForFunction(`window.__done === true`, undefined, { timeout: 60_000, polling: 250 });
    const frames = (await p.evaluate(`window.__frames`)) as number[];
    // From the first frame that saw the spin running to the last one.
    const intervals = frames.slice(1).map((t, i) => t - frames[i]!);
    return { ms: frames.at(-1)! - frames[0]!, frames: frames.length, intervals };
  }

  const rows: string[] = [];
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await spinOnce(page); // warm-up
    await cdp.send('Performance.enable');
    const metrics = async () =>
      Object.fromEntries(
        ((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.map(
          (m) => [m.name, m.value],
        ),
      ) as Record<string, number>;
    const before = await metrics();
    // A trace of the spins for the frames the compositor presented (Chromium's frame reporter, as DevTools' Frames
    // track shows them). BENCH_TRACE=1 adds main-thread time by event (paint, style, layer updates …).
    await browser.startTracing(page, {
      categories: [
        'benchmark',
        'blink.user_timing',
        ...(process.env.BENCH_TRACE ? (process.env.BENCH_TRACE_CATS ?? 'devtools.timeline').split(',') : []),
      ],
    });
    const spins: Spin[] = [];
    for (let i = 0; i < SPINS; i++) spins.push(await spinOnce(page));
    const after = await metrics();
    const json = (await browser.stopTracing()).toString();
    if (process.env.BENCH_TRACE_DUMP) (await import('node:fs')).writeFileSync(process.env.BENCH_TRACE_DUMP, json);
    if (process.env.BENCH_TRACE) console.log(mainThreadByEvent(json, SPINS));
    const shown = presentedFrames(json);
    const spent = (k: string) => (((after[k] ?? 0) - (before[k] ?? 0)) * 1000) / SPINS;
    console.log(
      `CPU ${rate}x, per spin (ms): task ${spent('TaskDuration').toFixed(0)} (main thread CPU ${spent('ThreadTime').toFixed(0)}), script ${spent('ScriptDuration').toFixed(0)}, style ${spent('RecalcStyleDuration').toFixed(0)}, layout ${spent('LayoutDuration').toFixed(0)}; style recalcs ${((after.RecalcStyleCount! - before.RecalcStyleCount!) / SPINS).toFixed(0)}, layouts ${((after.LayoutCount! - before.LayoutCount!) / SPINS).toFixed(0)}`,
    );
    const intervals = spins.flatMap((s) => s.intervals).sort((a, b) => a - b);
    const q = (p: number) => intervals[Math.min(intervals.length - 1, Math.floor(p * intervals.length))]!;
    const frames = spins.reduce((a, s) => a + s.frames - 1, 0);
    const ms = spins.reduce((a, s) => a + s.ms, 0);
    const late = intervals.filter((x) => x > 1000 / 60 + 8).length;
    rows.push(
      `| ${rate === 1 ? 'none' : `${rate}× (mobile preset)`} | ${SPINS} | ${shown.fps.toFixed(1)} | ${shown.droppedPct.toFixed(1)} % | ${shown.partialPct.toFixed(1)} % | ${((frames / ms) * 1000).toFixed(1)} | ${q(0.5).toFixed(1)} | ${q(0.95).toFixed(1)} | ${q(0.99).toFixed(1)} | ${intervals.at(-1)!.toFixed(1)} | ${((late / intervals.length) * 100).toFixed(1)} % |`,
    );
  }
  console.log(`\nSlot reels at 390×844, device pixel ratio ${DPR}, ${SPINS} spins per setting (plus one warm-up)\n`);
  console.log(
    '| CPU slowdown | spins | frames presented/s (compositor) | frames dropped | presented without the page’s update | page frames/s (requestAnimationFrame) | frame p50 ms | p95 ms | p99 ms | max ms | page frames later than 24.7 ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
} finally {
  await browser.close();
  await server.close();
}
