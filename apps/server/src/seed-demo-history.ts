import { gameListQuery } from '@sea/contracts';
import { optimalHold, parseCard, videoPokerMath } from '@sea/games';
import type { Modules } from './app.ts';
import type { Merchant } from './http/principals.ts';
import { CONTRACT_TYPES } from './modules/contracts/index.ts';
import { memberMain } from './modules/ledger/index.ts';

/** Days of activity `npm start` gives the demo team on a fresh database (DEMO_HISTORY_DAYS). */
export const DEMO_HISTORY_DAYS = 30;

/**
 * How the seed moves time: the clock the modules were built with, set to an instant of the past while the history
 * is written (null: back to real time). Only a process that serves nothing yet may move it (main.ts seeds before
 * it listens and before its jobs start).
 */
export interface DemoHistory {
  days: number;
  travel(at: Date | null): void;
}

/** The clock main.ts builds the app with: real time, unless the demo history has moved it. */
export function travellingClock(): { now: () => Date; travel: (at: Date | null) => void } {
  let at: Date | null = null;
  return { now: () => (at ? new Date(at) : new Date()), travel: (to) => (at = to) };
}

/** A small deterministic generator (mulberry32): the same history on every fresh start, no Math.random. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type HistoryModules = Pick<
  Modules,
  'deposits' | 'games' | 'house' | 'agents' | 'contracts' | 'announcements' | 'ledger' | 'members'
>;

/** The games a demo player plays: our slot, video poker and scratch card, with a stake each chooses. */
const PLAYS: readonly { gameCode: string; weight: number; bets: readonly Record<string, number>[] }[] = [
  {
    gameCode: 'slot-lucky-dragon',
    weight: 0.55,
    bets: [
      { lines: 20, betLevel: 1 },
      { lines: 20, betLevel: 2 },
    ],
  },
  {
    gameCode: 'vp-jacks-or-better',
    weight: 0.25,
    bets: [
      { coins: 5, betLevel: 1 },
      { coins: 5, betLevel: 2 },
    ],
  },
  { gameCode: 'scratch-lucky-match', weight: 0.2, bets: [{ betLevel: 5 }, { betLevel: 10 }] },
];

const stakeOf = (bet: Record<string, number>) => (bet.lines ?? bet.coins ?? 1) * bet.betLevel!;

/**
 * `days` days of the demo team's life before today, written through the same faces real traffic uses while the
 * clock steps through them: each day some players deposit through the sandbox gateway and play rounds of our own
 * games (slot, video poker with the best hold, scratch card) through the seamless wallet; after each day the
 * roll-up runs and every contract type is settled through the jobs' own entry, so the daily wages and the
 * dividends of the days the house won are paid from the rows those services wrote. An agent announcement is
 * published three days before today. `start` is called once at the first day's time (members and contracts are
 * made there, so the contracts cover the whole history). Deterministic choices (seededRandom); outcomes are the
 * games' own (provably-fair seeds), so figures differ from one fresh start to the next.
 */
export async function seedDemoHistory<T extends { players: { id: bigint }[] }>(
  modules: HistoryModules,
  merchant: Merchant,
  history: DemoHistory,
  start: () => Promise<T>,
): Promise<T> {
  const random = seededRandom(20_261_128);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const now = Date.now();
  const dayAt = (k: number) => now - k * 86_400_000;
  history.travel(new Date(dayAt(history.days) - 3_600_000));
  const team = await start();
  const { players } = team;
  const nodes = new Map<string, string>();
  const list = await modules.games.list(
    merchant,
    gameListQuery.parse({ vassalage: 'SEA', gameType: 'RNG', pageSize: 50 }),
  );
  for (const g of list.content) nodes.set(g.gameCode, String(g.nodeId));
  const credit = 10n ** BigInt(merchant.currencyExponent);
  try {
    for (let k = history.days; k >= 1; k--) {
      for (const [i, p] of players.entries()) {
        if (random() > 0.6) continue; // not every player plays every day
        history.travel(new Date(dayAt(k) + (i * 41 + Math.floor(random() * 30)) * 60_000));
        await playDay(modules, merchant, p.id, { k, nodes, credit, random, pick });
      }
      if (k === 3) await announce(modules, merchant);
      // The day is over (and the settlement's grace): roll-up, then what the jobs would pay.
      history.travel(new Date(dayAt(k) + 8 * 3_600_000));
      await modules.agents.runRollup();
      for (const type of CONTRACT_TYPES) await modules.contracts.settle?.(type);
    }
  } finally {
    history.travel(null);
  }
  return team;
}

/** One player's day: a deposit when the wallet runs low, then a few rounds of one or two games. */
async function playDay(
  modules: HistoryModules,
  merchant: Merchant,
  memberId: bigint,
  day: {
    k: number;
    nodes: Map<string, string>;
    credit: bigint;
    random: () => number;
    pick: <T>(list: readonly T[]) => T;
  },
) {
  const { random, pick } = day;
  const main = memberMain(memberId);
  const available = async () => (await modules.ledger.balances(merchant.id, [main]))[main]?.available ?? 0n;
  let balance = await available();
  if (balance < 300n * day.credit) {
    const amount = String(pick([300, 500, 800, 1000, 2000]));
    await demoDeposit(modules, merchant, memberId, amount, `demo-history-deposit-${memberId}-${day.k}`).catch(
      () => undefined, // no sandbox gateway (production settings): no deposits, and no rounds without money
    );
    balance = await available();
  }
  const games = random() < 0.2 ? 2 : 1;
  for (let g = 0; g < games; g++) {
    const r = random();
    const play = r < PLAYS[0]!.weight ? PLAYS[0]! : r < PLAYS[0]!.weight + PLAYS[1]!.weight ? PLAYS[1]! : PLAYS[2]!;
    const nodeId = day.nodes.get(play.gameCode);
    if (!nodeId) continue;
    const launched = await modules.games.launch(
      merchant,
      { memberId, isTrial: false },
      { nodeId, freePlay: false, device: random() < 0.7 ? 'mobile' : 'desktop' },
    );
    const token = new URL(launched.url, 'http://seed').searchParams.get('token') ?? '';
    await modules.house.session(merchant, token); // as the game page does: the seed pair is committed first
    const bet = pick(play.bets);
    const rounds = 2 + Math.floor(random() * 3);
    for (let n = 0; n < rounds; n++) {
      if (balance < BigInt(stakeOf(bet)) * day.credit) break;
      const played = await modules.house.play(merchant, token, {
        requestId: `demo-history-${memberId}-${day.k}-${g}-${n}`,
        bet,
      });
      balance = BigInt(played.balance);
      if (played.round.status !== 'dealt') continue;
      // Video poker: the player holds what the strategy card says, then draws.
      const dealt = (played.round.result as { dealt: string[] }).dealt;
      const math = videoPokerMath(played.round.gameId, played.round.mathVersion);
      const { holds } = optimalHold(math, dealt.map(parseCard), bet.coins!);
      balance = BigInt((await modules.house.draw(merchant, token, BigInt(played.round.id), holds)).balance);
    }
  }
}

/** The operator's note to the agents, as the back office would publish it. */
async function announce(modules: HistoryModules, merchant: Merchant) {
  await modules.announcements.publishDemo(merchant, {
    audience: 'agents',
    title: 'Wages and dividends are paid automatically',
    content:
      'Dear agents, daily wages are paid every morning for the day before, and dividends for every day your team ' +
      'ends below zero. Check Wages and Dividends in your agent centre; contact customer service for any question.',
  });
}

/** A sandbox-gateway deposit, as a member paying on the gateway's page would make it. */
export async function demoDeposit(
  modules: Pick<Modules, 'deposits'>,
  merchant: Merchant,
  memberId: bigint,
  amount: string,
  requestId: string,
) {
  const d = modules.deposits;
  const order = await d.createOrder(merchant, memberId, { methodCode: 'SANDBOX', amount, requestId });
  const orderId = decodeURIComponent(order.payUrl.split('/').pop() ?? '');
  const row = await d.findOrder(orderId);
  if (!row) return;
  const cb = await d.sandbox.buildCallback({ orderId, amount: row.amount, currency: row.currency }, 'paid');
  await d.handleCallback('sandbox', cb.headers, Buffer.from(cb.body));
}
