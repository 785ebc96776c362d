// One Lighthouse 12 run of a page (Debian chromium, mobile preset: simulated slow 4G and 4× CPU): bench/web.ts and the
// A/B comparison bench/web-ab.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../e2e/lib/browser.ts';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface Run {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  scriptBytes: number;
  lcpElement: string;
  /** Lighthouse's measure of this host's CPU speed (environment.benchmarkIndex): figures of different hosts compare by it. */
  benchmarkIndex: number;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The LCP element as Lighthouse names it (its selector and text snippet), for the log. */
function lcpElementOf(details: unknown): string {
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    const node = v as { type?: string; selector?: string; snippet?: string };
    if (node.type === 'node') found.push(`${node.selector ?? ''} ${node.snippet ?? ''}`.trim());
    else for (const x of Object.values(v)) walk(x);
  };
  walk(details);
  return found[0] ?? 'unknown';
}

/** One Lighthouse run; null when it failed (a runtime error such as no paint within its timeout on a loaded box). */
export async function lighthouseRun(url: string, tag = ''): Promise<Run | null> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
  try {
    // BENCH_CPU_SLOWDOWN=<n>: the simulated CPU slowdown (the mobile preset's 4 by default); 8 on a host of
    // benchmarkIndex ~3,400 stands in for a host half as fast (~1,700), to see whether a figure holds on a slower one.
    const slowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 0);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      onlyCategories: ['performance'],
      ...(slowdown > 0 && {
        throttling: {
          rttMs: 150,
          throughputKbps: 1638.4,
          requestLatencyMs: 562.5,
          downloadThroughputKbps: 1474.56,
          uploadThroughputKbps: 675,
          cpuSlowdownMultiplier: slowdown,
        },
      }),
    });
    const lhr = result!.lhr;
    // BENCH_LHR_DIR=<folder>: each run's full Lighthouse JSON (diagnostics: bootup-time, long-tasks, …) is kept there.
    if (process.env.BENCH_LHR_DIR)
      writeFileSync(join(process.env.BENCH_LHR_DIR, `lhr-${tag}${Date.now()}.json`), JSON.stringify(lhr));
    if (lhr.runtimeError || (lhr.categories.performance?.score ?? null) === null) {
      console.log(`lighthouse run failed: ${lhr.runtimeError?.code ?? 'no performance score'}`);
      return null;
    }
    const summary = lhr.audits['resource-summary']?.details as
      { items: { resourceType: string; transferSize: number }[] } | undefined;
    return {
      score: lhr.categories.performance!.score ?? 0,
      lcpMs: lhr.audits['largest-contentful-paint']!.numericValue ?? 0,
      fcpMs: lhr.audits['first-contentful-paint']!.numericValue ?? 0,
      tbtMs: lhr.audits['total-blocking-time']!.numericValue ?? 0,
      scriptBytes: summary?.items.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
      lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? 0,
    };
  } finally {
    chrome.kill();
  }
}
