import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { launchBrowser } from '../e2e/lib/browser.ts';
import { startE2EServer } from '../e2e/lib/server.ts';
const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('source-map-js');
const server = await startE2EServer({ lotteryTicker: false });
const browser = await launchBrowser();
const agg = new Map<string, number>();
const maps = new Map<string, any>();
const mapOf = (file: string) => {
  if (!maps.has(file)) { try { maps.set(file, new SourceMapConsumer(JSON.parse(readFileSync(`${process.env.E2E_WEB_DIST}/assets/${file}.map`, 'utf8')))); } catch { maps.set(file, null); } }
  return maps.get(file);
};
for (let run = 0; run < 3; run++) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.start');
  await page.goto(server.baseUrl + '/', { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const { profile } = await cdp.send('Profiler.stop') as any;
  const dt = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  for (const n of profile.nodes) {
    const t = dt.get(n.id) ?? 0; if (!t) continue;
    const cf = n.callFrame; const file = (cf.url || '').replace(/.*\/assets\//, '');
    let key = `${cf.functionName || '(anon)'} ${file}`;
    const m = file.endsWith('.js') ? mapOf(file) : null;
    if (m) { const p = m.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber }); if (p.source) key = `${p.name ?? cf.functionName} ${p.source.replace(/.*node_modules\//, '').replace(/.*src\//, 'src/')}:${p.line}`; }
    if (!cf.url) key = cf.functionName || '(native)';
    agg.set(key, (agg.get(key) ?? 0) + t / 3);
  }
  await ctx.close();
}
const bySrc = new Map<string, number>();
for (const [k, v] of agg) { const src = k.split(' ')[1]?.replace(/:\d+$/, '') ?? k; bySrc.set(src, (bySrc.get(src) ?? 0) + v); }
console.log('by source file (ms self, 4x, mean of 3):');
for (const [k, v] of [...bySrc].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${v.toFixed(0).padStart(5)} ${k}`);
console.log('top functions:');
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${v.toFixed(0).padStart(5)} ${k}`);
await browser.close(); await server.close();
