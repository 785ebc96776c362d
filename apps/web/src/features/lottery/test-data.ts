import { chainHashAt, chainPrevious, drawElott, mixBeacon } from '@sea/games';
import type { LotteryChain, LotteryGame, LotteryIssue, MyLotteryBets } from '../../api/lottery.ts';

export function lotteryChain(over: Partial<LotteryChain> = {}): LotteryChain {
  return {
    chainId: 'c1',
    seq: 1,
    terminalHash: 'a'.repeat(64),
    salt: 'salt-1',
    algorithm: 'sha256-chain/hmac-sha256-v1',
    beacon: null,
    secretHeldBy: 'database',
    length: 100000,
    firstIssueId: '20261126-0001',
    lastIssueId: '20270203-0640',
    firstDrawAt: '2026-11-25T16:01:00.000Z',
    lastDrawAt: '2027-02-03T02:40:00.000Z',
    publishedAt: '2026-11-25T15:59:30.000Z',
    ...over,
  };
}

/** Test data of the lottery pages (the answers of the lottery API contract). */
export function lotteryGame(over: Partial<LotteryGame> = {}, now = Date.now()): LotteryGame {
  return {
    serverTime: new Date(now).toISOString(),
    gameCode: 'elott-ssc-1m',
    name: 'Fast 5D · 1 min',
    kind: 'ssc',
    intervalSeconds: 60,
    closeSeconds: 10,
    prizeGroup: 1960,
    exponent: 2,
    currency: 'PHP',
    minUnitStake: '100',
    maxUnitStake: '1000000',
    betTypes: [
      { code: 'ssc.straight.5', lines: [{ key: 'straight', odds: '98000' }] },
      { code: 'ssc.straight.2b', lines: [{ key: 'straight', odds: '98' }] },
      { code: 'ssc.position', lines: [{ key: 'position', odds: '9.8' }] },
      { code: 'ssc.bsoe.sum', lines: [{ key: 'side', odds: '1.96' }] },
    ],
    chain: lotteryChain(),
    nextChain: null,
    current: {
      issueId: '20261126-0961',
      status: 'open',
      closesAt: new Date(now + 40_000).toISOString(),
      drawsAt: new Date(now + 50_000).toISOString(),
    },
    next: [{ issueId: '20261126-0962', drawsAt: new Date(now + 110_000).toISOString() }],
    ...over,
  };
}

export const emptyBets: MyLotteryBets = {
  page: 1,
  pageSize: 20,
  total: 0,
  list: [],
  totals: { charge: '0', payout: '0' },
};

/** A drawn issue (index 961 of chain 1) whose hash links to the previous one and to its chain's terminal hash, and
 * whose result is the draw from it. */
export function drawnIssue(over: Partial<LotteryIssue> = {}): LotteryIssue {
  const secret = '7'.repeat(64);
  const hash = chainPrevious(secret);
  const issueId = '20261126-0961';
  return {
    gameCode: 'elott-ssc-1m',
    kind: 'ssc',
    issueId,
    status: 'settled',
    drawsAt: '2026-11-26T10:01:00.000Z',
    result: drawElott('ssc', hash, 'salt-1', issueId),
    hash,
    previousHash: chainPrevious(hash),
    chainIndex: 961,
    chain: lotteryChain({ terminalHash: chainHashAt(hash, 961, 0) }),
    salt: 'salt-1',
    algorithm: 'sha256-chain/hmac-sha256-v1',
    beacon: null,
    totals: { bets: 12, stake: '240000', payout: '98000', winners: 1 },
    ...over,
  };
}

/** The beacon round of beaconIssue(), as the simulated beacon publishes it at the draw time. */
export const BEACON_ROUND = {
  source: 'simulated-beacon-30s',
  simulated: true,
  round: 59_270_442,
  value: '5e'.repeat(32),
};

/** A drawn issue of a chain committed with a beacon: its draw mixes in BEACON_ROUND's value. */
export function beaconIssue(over: Partial<LotteryIssue> = {}): LotteryIssue {
  const base = drawnIssue();
  const publishedAt = base.drawsAt;
  return {
    ...base,
    result: drawElott('ssc', base.hash!, mixBeacon('salt-1', BEACON_ROUND.value), base.issueId),
    chain: {
      ...base.chain,
      beacon: BEACON_ROUND.source,
      secretHeldBy: 'signer',
      algorithm: 'sha256-chain/hmac-sha256-beacon-v2',
    },
    algorithm: 'sha256-chain/hmac-sha256-beacon-v2',
    beacon: { ...BEACON_ROUND, publishedAt },
    ...over,
  };
}
