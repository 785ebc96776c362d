// Game maths figures: exact RTP of each game, full-cycle enumeration of the slot's reel sets, a slot simulation
// with the production RNG long enough for a ±0.1 % answer at 99 % confidence, RNG chi-square tests and engine
// throughput.
//   npm run bench:games      BENCH_WORKERS (simulation threads, default 2), BENCH_SLOT_ROUNDS (default: chosen
//                            from the standard deviation measured in a pilot run), BENCH_FULL_CYCLE=off to skip
//                            the full cycles (~1 min), BENCH_VP=off to skip the video poker enumeration
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  add,
  analyseVideoPoker,
  equals,
  FairRng,
  holdValues,
  JACKS_OR_BETTER_V1,
  LUCKY_DRAGON_V1,
  LUCKY_MATCH_V1,
  newDeck,
  optimalHold,
  playScratch,
  playSlotRound,
  playSlotRoundTotals,
  playVideoPoker,
  scratchHitRate,
  scratchRtp,
  shuffleInPlace,
  slotFullCycle,
  slotParSheet,
  sub,
  toDecimal,
  toNumber,
  toPercent,
  VideoPokerTables,
} from '../packages/games/src/index.ts';
import { chiSquareUniform, twoSidedZ } from '../packages/games/src/testing/chi-square.ts';

const BET = { lines: 20, betLevel: 1 };
const STAKE = BET.lines * BET.betLevel;
const CONFIDENCE = 0.99;
const TARGET_HALF_WIDTH = 0.0009; // 0.09 %: the 99 % interval then sits inside ±0.1 % of the exact RTP

interface SimSums {
  rounds: number;
  sum: number;
  sumSq: number;
  hits: number;
  triggers: number;
  freeSpins: number;
  max: number;
  seconds: number;
}

/** Rounds with nonces from..to−1 of one server seed: what each worker thread runs. */
function simulate(serverSeed: string, from: number, to: number, onProgress?: (done: number) => void): SimSums {
  const started = performance.now();
  const s: SimSums = { rounds: 0, sum: 0, sumSq: 0, hits: 0, triggers: 0, freeSpins: 0, max: 0, seconds: 0 };
  for (let nonce = from; nonce < to; nonce++) {
    const t = playSlotRoundTotals(LUCKY_DRAGON_V1, BET, new FairRng({ serverSeed, clientSeed: 'bench', nonce }));
    const x = (t.baseWin + t.freeSpinsWin) / STAKE;
    s.sum += x;
    s.sumSq += x * x;
    if (x > 0) s.hits++;
    if (t.freeSpinsPlayed > 0) {
      s.triggers++;
      s.freeSpins += t.freeSpinsPlayed;
    }
    if (x > s.max) s.max = x;
    if (onProgress && (nonce - from + 1) % 5_000_000 === 0) onProgress(nonce - from + 1);
  }
  s.rounds = to - from;
  s.seconds = (performance.now() - started) / 1000;
  return s;
}

// Worker threads do not inherit tsx's loader: each one registers it, then loads this file.
const WORKER_BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => {
  register();
  return import(${JSON.stringify(import.meta.url)});
});`;

function runWorkers(rounds: number, workers: number): Promise<SimSums[]> {
  const share = Math.ceil(rounds / workers);
  let done = 0;
  return Promise.all(
    Array.from({ length: workers }, (_, i) => {
      const to = Math.min(rounds, share * (i + 1)) - share * i;
      return new Promise<SimSums>((resolve, reject) => {
        const w = new Worker(WORKER_BOOT, { eval: true, workerData: { serverSeed: `bench-slot-${i}`, from: 0, to } });
        w.on('message', (m: { progress?: number; sums?: SimSums }) => {
          if (m.sums) resolve(m.sums);
          else if (m.progress) {
            done += 5_000_000;
            process.stdout.write(`  … ${(done / 1e6).toFixed(0)} M of ${(rounds / 1e6).toFixed(0)} M rounds\r`);
          }
        });
        w.on('error', reject);
      });
    }),
  );
}

function merge(parts: SimSums[]): SimSums {
  return parts.reduce((a, b) => ({
    rounds: a.rounds + b.rounds,
    sum: a.sum + b.sum,
    sumSq: a.sumSq + b.sumSq,
    hits: a.hits + b.hits,
    triggers: a.triggers + b.triggers,
    freeSpins: a.freeSpins + b.freeSpins,
    max: Math.max(a.max, b.max),
    seconds: Math.max(a.seconds, b.seconds),
  }));
}

function perSecond(label: string, seconds: number, f: (i: number) => void): string {
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < seconds * 1000) {
    for (let k = 0; k < 100; k++) f(n++);
  }
  const rate = n / ((performance.now() - started) / 1000);
  return `| ${label} | ${Math.round(rate).toLocaleString('en-US')} |`;
}

const capEffect = (d: number) => (d === 0 ? '< 1e-30' : d.toExponential(2));
const pct = (x: number, digits = 4) => `${(x * 100).toFixed(digits)} %`;

async function main(): Promise<void> {
  const workers = Number(process.env.BENCH_WORKERS ?? Math.min(2, availableParallelism()));
  console.log(`# Game maths bench (${new Date().toISOString().slice(0, 10)}, Node ${process.version})\n`);

  // 1. Slot: par sheet (exact) and full cycles.
  const par = slotParSheet(LUCKY_DRAGON_V1);
  const exact = toNumber(par.rtp);
  console.log('## slot-lucky-dragon v1: par sheet (exact rationals)');
  console.log(
    `RTP ${toPercent(par.rtp, 8)} % = base lines ${toPercent(par.base.lineRtp, 6)} % + base scatters ${toPercent(par.base.scatterRtp, 6)} % + free spins ${toPercent(par.featureRtp, 6)} %`,
  );
  console.log(
    `RTP without the 200-spin cap ${par.rtpWithoutCap ? toPercent(par.rtpWithoutCap, 8) : '∞'} % (difference ${par.rtpWithoutCap ? capEffect(toNumber(sub(par.rtpWithoutCap, par.rtp))) : '-'})`,
  );
  console.log(
    `trigger 1 in ${(1 / toNumber(par.triggerProbability)).toFixed(2)}; free spin returns ${toDecimal(par.freeSpinRtp, 6)} × stake (×3 included); retrigger ρ = ${toDecimal(par.retriggerRate, 6)}; E[free spins] for 3/4/5 scatters = ${[3, 4, 5].map((k) => toDecimal(par.expectedFreeSpins[k as 3 | 4 | 5], 4)).join(' / ')}`,
  );
  if (process.env.BENCH_FULL_CYCLE !== 'off') {
    for (const set of ['base', 'free'] as const) {
      const started = performance.now();
      const fc = slotFullCycle(LUCKY_DRAGON_V1, set);
      const same = equals(fc.rtp, add(par[set].lineRtp, par[set].scatterRtp));
      console.log(
        `full cycle ${set}: ${fc.combinations.toLocaleString('en-US')} stop combinations, RTP per spin (no multiplier) ${toPercent(fc.rtp, 8)} % — ${same ? 'equal to' : 'DIFFERENT FROM'} the par sheet; hit frequency ${pct(fc.hits / Number(fc.combinations), 2)} (1 in ${(Number(fc.combinations) / fc.hits).toFixed(2)}), win ≥ stake ${pct(fc.winsAtLeastStake / Number(fc.combinations), 2)}, SD ${fc.sd.toFixed(4)} × stake, max ${fc.maxWin} × stake, ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      if (!same) process.exitCode = 1;
    }
  }

  // 2. Video poker: exact RTP over all deals, and the table method against direct enumeration.
  if (process.env.BENCH_VP !== 'off') {
    console.log('\n## vp-jacks-or-better v1: exact return with optimal play (all 2,598,960 deals)');
    const started = performance.now();
    for (const a of analyseVideoPoker(JACKS_OR_BETTER_V1, [5, 1])) {
      console.log(
        `${a.coins} coin${a.coins > 1 ? 's' : ''}: RTP ${toPercent(a.rtp, 6)} % (${a.classes.toLocaleString('en-US')} suit classes)`,
      );
      console.log(
        `  final hands: ${Object.entries(a.finalHands)
          .filter(([k]) => k !== 'nothing')
          .map(([k, v]) => `${k} ${toDecimal(v, 7)}`)
          .join(', ')}`,
      );
    }
    console.log(`  ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const tables = VideoPokerTables.build();
    let mismatches = 0;
    for (let nonce = 0; nonce < 10; nonce++) {
      const hand = shuffleInPlace(new FairRng({ serverSeed: 'bench-vp', clientSeed: 'check', nonce }), newDeck()).slice(
        0,
        5,
      );
      const counts = tables.holdCategoryCounts(hand);
      const pays = [0, 1, 2, 3, 4, 6, 9, 25, 50, 800];
      for (const h of holdValues(JACKS_OR_BETTER_V1, hand, 5)) {
        let total = 0;
        for (let k = 0; k < 10; k++) total += counts[h.mask * 10 + k]! * pays[k]!;
        if (total !== h.totalPay) mismatches++;
      }
    }
    console.log(`  table method vs direct enumeration on 10 random hands × 32 holds: ${mismatches} mismatches`);
    if (mismatches) process.exitCode = 1;
  }

  // 3. Scratch card.
  console.log('\n## scratch-lucky-match v1');
  console.log(
    `RTP ${toPercent(scratchRtp(LUCKY_MATCH_V1), 6)} % (Σ p × prize), any win ${toPercent(scratchHitRate(LUCKY_MATCH_V1), 4)} %`,
  );

  // 4. RNG chi-square on larger samples than the unit tests.
  console.log('\n## RNG chi-square (fixed seeds, α = 0.01)');
  for (const m of [6, 33, 34, 52]) {
    const c = new Array<number>(m).fill(0);
    for (let nonce = 0; nonce < 200_000; nonce++) {
      const rng = new FairRng({ serverSeed: 'bench-chi', clientSeed: `m${m}`, nonce });
      for (let i = 0; i < 50; i++) c[rng.int(m)]!++;
    }
    const r = chiSquareUniform(c);
    console.log(
      `int(${m}) × 10 M: χ² = ${r.statistic.toFixed(1)}, df ${r.df}, p = ${r.pValue.toFixed(4)} ${r.pValue > 0.01 ? 'pass' : 'FAIL'}`,
    );
  }

  // 5. Slot simulation with the production RNG.
  console.log(
    `\n## slot-lucky-dragon v1: simulation (HMAC-SHA256 stream, one nonce per round, 20 lines, ${workers} threads)`,
  );
  const pilot = simulate('bench-pilot', 0, 1_000_000);
  const pilotSd = Math.sqrt(pilot.sumSq / pilot.rounds - (pilot.sum / pilot.rounds) ** 2);
  const z = twoSidedZ(CONFIDENCE);
  const chosen = Math.max(10_000_000, Math.ceil((z * pilotSd) / TARGET_HALF_WIDTH) ** 2);
  const rounds = Number(process.env.BENCH_SLOT_ROUNDS ?? Math.ceil(chosen / 10_000_000) * 10_000_000);
  console.log(
    `pilot 1 M rounds: SD ${pilotSd.toFixed(3)} × stake → ${rounds.toLocaleString('en-US')} rounds for a 99 % half-width ≤ ${pct(TARGET_HALF_WIDTH, 2)}`,
  );
  const started = performance.now();
  const sim = merge(await runWorkers(rounds, workers));
  const wall = (performance.now() - started) / 1000;
  const mean = sim.sum / sim.rounds;
  const sd = Math.sqrt(sim.sumSq / sim.rounds - mean * mean);
  const half = (z * sd) / Math.sqrt(sim.rounds);
  const inside = Math.abs(mean - exact) <= 0.001;
  console.log(
    `rounds ${sim.rounds.toLocaleString('en-US')} in ${wall.toFixed(0)} s (${Math.round(sim.rounds / wall).toLocaleString('en-US')} rounds/s on ${workers} threads)`,
  );
  console.log(
    `RTP ${pct(mean)} ± ${pct(half)} (99 % CI [${pct(mean - half)}, ${pct(mean + half)}]); exact ${pct(exact)}; difference ${pct(mean - exact)} → ${inside ? 'within' : 'OUTSIDE'} ±0.1 %, exact ${Math.abs(mean - exact) <= half ? 'inside' : 'outside'} the CI`,
  );
  console.log(
    `SD ${sd.toFixed(4)} × stake per round; hit frequency ${pct(sim.hits / sim.rounds, 2)}; free spins 1 in ${(sim.rounds / sim.triggers).toFixed(1)} rounds (exact 1 in ${(1 / toNumber(par.triggerProbability)).toFixed(1)}), ${(sim.freeSpins / sim.triggers).toFixed(3)} spins per feature; max round win ${sim.max.toFixed(2)} × stake`,
  );
  if (!inside) process.exitCode = 1;

  // 6. Throughput, one thread.
  console.log('\n## Engine throughput (one thread, rounds/s including the HMAC stream)');
  console.log('| call | per second |');
  console.log('|---|---|');
  const seeds = (nonce: number) => ({ serverSeed: 'bench-throughput', clientSeed: 'tp', nonce });
  console.log(
    perSecond('slot: playSlotRoundTotals (simulation path)', 3, (i) =>
      playSlotRoundTotals(LUCKY_DRAGON_V1, BET, new FairRng(seeds(i))),
    ),
  );
  console.log(
    perSecond('slot: playSlotRound (full result for the browser)', 3, (i) =>
      playSlotRound(LUCKY_DRAGON_V1, { seeds: seeds(i), bet: BET }),
    ),
  );
  const holds = [true, false, true, false, false];
  console.log(
    perSecond('video poker: playVideoPoker (shuffle, draw, rank)', 3, (i) =>
      playVideoPoker(JACKS_OR_BETTER_V1, { seeds: seeds(i), bet: { coins: 5, betLevel: 1 }, holds }),
    ),
  );
  console.log(
    perSecond('scratch: playScratch', 3, (i) => playScratch(LUCKY_MATCH_V1, { seeds: seeds(i), bet: { betLevel: 1 } })),
  );
  const hands = Array.from({ length: 20 }, (_, i) => shuffleInPlace(new FairRng(seeds(i)), newDeck()).slice(0, 5));
  const t0 = performance.now();
  for (const h of hands) optimalHold(JACKS_OR_BETTER_V1, h);
  console.log(
    `| video poker: optimalHold (exact, 2,598,960 final hands) | ${(hands.length / ((performance.now() - t0) / 1000)).toFixed(1)} |`,
  );
}

if (!isMainThread) {
  const { serverSeed, from, to } = workerData as { serverSeed: string; from: number; to: number };
  const sums = simulate(serverSeed, from, to, (done) => parentPort!.postMessage({ progress: done }));
  parentPort!.postMessage({ sums });
} else {
  await main();
}
