import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';
import { WALLET_KEY } from './wallet.ts';

/*
 * The fast e-lottery (ELOTT) calls. The shapes follow the lottery API contract; they are declared here until the
 * contracts package carries them (packages/contracts/src/lottery.ts), then these become re-exports of those types.
 */
export type LotteryKind = 'ssc' | 'k3';
/** awaiting: feed games (VN, Thai, 4D) past their draw time, the official result not confirmed yet. */
export type IssueStatus = 'open' | 'closed' | 'awaiting' | 'drawn' | 'settled' | 'cancelled' | 'refunded';
export type LotteryBetStatus = 'placed' | 'won' | 'lost' | 'refunded';

export interface LotteryCurrentIssue {
  issueId: string;
  status: IssueStatus;
  closesAt: string;
  drawsAt: string;
}

export interface LotteryLobbyGame {
  gameCode: string;
  name: string;
  kind: LotteryKind;
  intervalSeconds: number;
  current: LotteryCurrentIssue | null;
  last: { issueId: string; result: number[]; drawnAt: string } | null;
}

export interface LotteryLobby {
  serverTime: string;
  exponent: number;
  currency: string;
  games: LotteryLobbyGame[];
}

/** A game's hash chain as published (chain n + 1 continues chain n's issue numbers). */
export interface LotteryChain {
  chainId: string;
  seq: number;
  terminalHash: string;
  salt: string;
  algorithm: string;
  /** The randomness beacon its draws mix in, named when it was committed (null: an older chain, salt only). */
  beacon: string | null;
  /** Where the chain secret is kept: its signer's own key store, or (older chains) the database. */
  secretHeldBy: 'signer' | 'database';
  length: number;
  firstIssueId: string;
  lastIssueId: string;
  firstDrawAt: string;
  lastDrawAt: string;
  publishedAt: string;
}

export interface LotteryGame {
  serverTime: string;
  gameCode: string;
  name: string;
  kind: LotteryKind;
  intervalSeconds: number;
  closeSeconds: number;
  prizeGroup: number;
  exponent: number;
  currency: string;
  minUnitStake: string;
  maxUnitStake: string;
  betTypes: { code: string; lines: { key: string; odds: string }[] }[];
  /** The chain of the current issue. */
  chain: LotteryChain;
  /** The next chain once published (before any of its issues exists). */
  nextChain: LotteryChain | null;
  current: LotteryCurrentIssue;
  next: { issueId: string; drawsAt: string }[];
}

export interface LotteryResultRow {
  issueId: string;
  status: IssueStatus;
  drawsAt: string;
  result: number[] | null;
}

export interface LotteryResults {
  page: number;
  pageSize: number;
  total: number;
  list: LotteryResultRow[];
}

export interface LotteryIssue {
  gameCode: string;
  kind: LotteryKind;
  issueId: string;
  status: IssueStatus;
  drawsAt: string;
  result: number[] | null;
  hash: string | null;
  previousHash: string;
  chainIndex: number;
  /** The issue's own chain: `hash` hashed chainIndex times is its terminalHash. */
  chain: LotteryChain;
  salt: string;
  algorithm: string;
  /** The beacon round mixed into the draw: named when the issue was scheduled; its value once drawn. */
  beacon: IssueBeacon | null;
  totals: { bets: number; stake: string; payout: string; winners: number } | null;
}

export interface IssueBeacon {
  source: string;
  /** The demo's stand-in, not a public source. */
  simulated: boolean;
  round: number;
  publishedAt: string;
  value: string | null;
}

/** A round of the beacon as its source publishes it (GET /lgw/lottery/beacon/:round). */
export interface LotteryBeaconRound {
  source: string;
  simulated: boolean;
  round: number;
  publishedAt: string;
  value: string;
}

export interface MyLotteryBet {
  ref: string;
  orderRef: string;
  gameCode: string;
  issueId: string;
  code: string;
  selection: unknown;
  describe: string;
  units: number;
  unitStake: string;
  charge: string;
  status: LotteryBetStatus;
  payout: string;
  lines: { line: string; times: number; amount: string }[];
  createdAt: string;
  settledAt: string | null;
}

export interface MyLotteryBets {
  page: number;
  pageSize: number;
  total: number;
  list: MyLotteryBet[];
  totals: { charge: string; payout: string };
}

export interface PlaceLotteryBets {
  gameCode: string;
  issueId: string;
  requestId: string;
  bets: { code: string; selection: unknown; unitStake: string }[];
  chase?: { issues: number; stopOnWin: boolean };
}

export interface PlacedLotteryBets {
  orderRef: string;
  charge: string;
  balance: string;
  bets: MyLotteryBet[];
}

/** Every lottery query starts with this key; the member's bets with LOTTERY_BETS_KEY. */
export const LOTTERY_KEY = ['lottery'] as const;
export const LOTTERY_BETS_KEY = ['lotteryBets'] as const;

const enc = encodeURIComponent;

export const fetchLotteryLobby = () => apiGet<LotteryLobby>('/lgw/lottery/lobby');
export const fetchLotteryGame = (gameCode: string) => apiGet<LotteryGame>(`/lgw/lottery/games/${enc(gameCode)}`);
export const fetchLotteryResults = (gameCode: string, page: number, pageSize: number) =>
  apiGet<LotteryResults>(`/lgw/lottery/games/${enc(gameCode)}/results`, {
    page: String(page),
    pageSize: String(pageSize),
  });
export const fetchLotteryIssue = (gameCode: string, issueId: string) =>
  apiGet<LotteryIssue>(`/lgw/lottery/issues/${enc(issueId)}`, { gameCode });
export const fetchLotteryBeaconRound = (round: number) =>
  apiGet<LotteryBeaconRound>(`/lgw/lottery/beacon/${enc(String(round))}`);
export const fetchMyLotteryBets = (f: { gameCode?: string; status?: string; page: number; pageSize: number }) =>
  apiGet<MyLotteryBets>('/wps/lottery/bets', {
    gameCode: f.gameCode,
    status: f.status || undefined,
    page: String(f.page),
    pageSize: String(f.pageSize),
  });
export const placeLotteryBets = (body: PlaceLotteryBets) =>
  apiRequest<PlacedLotteryBets>('POST', '/wps/lottery/bets', { body });
export const cancelLotteryBet = (ref: string) =>
  apiRequest<MyLotteryBet>('POST', `/wps/lottery/bets/${enc(ref)}/cancel`, { body: {} });

/** The lobby: every lottery game with its current issue and last result (refreshed every 15 s). */
export const useLotteryLobby = () =>
  useQuery({ queryKey: [...LOTTERY_KEY, 'lobby'], queryFn: fetchLotteryLobby, refetchInterval: 15_000 });

export const useLotteryGame = (gameCode: string) =>
  useQuery({ queryKey: [...LOTTERY_KEY, 'game', gameCode], queryFn: () => fetchLotteryGame(gameCode) });

export const useLotteryResults = (gameCode: string, page: number, pageSize = 10) =>
  useQuery({
    queryKey: [...LOTTERY_KEY, 'results', gameCode, page, pageSize],
    queryFn: () => fetchLotteryResults(gameCode, page, pageSize),
    placeholderData: (prev) => prev,
  });

export const useLotteryIssue = (gameCode: string | null, issueId: string | null) =>
  useQuery({
    queryKey: [...LOTTERY_KEY, 'issue', gameCode, issueId],
    queryFn: () => fetchLotteryIssue(gameCode!, issueId!),
    enabled: Boolean(gameCode && issueId),
  });

/** A published round of the randomness beacon (the verifier compares it with the value mixed into a draw). */
export const useLotteryBeaconRound = (round: number | null) =>
  useQuery({
    queryKey: [...LOTTERY_KEY, 'beacon', round],
    queryFn: () => fetchLotteryBeaconRound(round!),
    enabled: round !== null,
    staleTime: Infinity,
  });

/** The member's bets; asked again every 5 s while one of them waits for its draw. */
export const useMyLotteryBets = (f: { gameCode?: string; status?: string; page: number; pageSize: number }) =>
  useMemberQuery([...LOTTERY_BETS_KEY], [f], () => fetchMyLotteryBets(f), {
    paged: true,
    refetchInterval: (d) => (d?.list.some((b) => b.status === 'placed') ? 5000 : false),
  });

/** Placing or cancelling bets moves money: the balance and the member's bets are refetched. */
function useLotteryMoney<B, R>(fn: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: WALLET_KEY }),
        qc.invalidateQueries({ queryKey: LOTTERY_BETS_KEY }),
      ]),
  });
}

export const usePlaceLotteryBets = () => useLotteryMoney(placeLotteryBets);
export const useCancelLotteryBet = () => useLotteryMoney(cancelLotteryBet);

// ---- Feed-based lotteries (VN by region and station, Thai, 4D): shapes of packages/contracts lottery.ts (feed part).

export type FeedKind = 'vn' | 'thai' | '4d';
export type VnRegion = 'MB' | 'MN' | 'MT';
export type LotteryBoard = { prize: string; numbers: string[] }[];

export interface FeedGameHead {
  gameCode: string;
  name: string;
  kind: FeedKind;
  region: VnRegion | null;
  station: string;
  timezone: string;
  drawTime: string;
  weekdays: number[] | null;
  monthDays: number[] | null;
  source: 'simulated' | 'manual';
}

export interface FeedLobby {
  serverTime: string;
  exponent: number;
  currency: string;
  games: (FeedGameHead & {
    current: LotteryCurrentIssue | null;
    last: { issueId: string; drawsAt: string; board: LotteryBoard } | null;
  })[];
}

export interface FeedGame extends FeedGameHead {
  serverTime: string;
  closeSeconds: number;
  exponent: number;
  currency: string;
  minUnitStake: string;
  maxUnitStake: string;
  betTypes: { code: string; lines: { key: string; odds: string }[] }[];
  current: LotteryCurrentIssue | null;
  next: { issueId: string; drawsAt: string }[];
}

export interface FeedResults {
  page: number;
  pageSize: number;
  total: number;
  list: { issueId: string; status: IssueStatus; drawsAt: string; board: LotteryBoard | null; version: number }[];
}

export const fetchFeedLobby = (kind?: FeedKind) => apiGet<FeedLobby>('/lgw/lottery/feed/lobby', { kind });
export const fetchFeedGame = (gameCode: string) => apiGet<FeedGame>(`/lgw/lottery/feed/games/${enc(gameCode)}`);
export const fetchFeedResults = (gameCode: string, page: number, pageSize: number) =>
  apiGet<FeedResults>(`/lgw/lottery/feed/games/${enc(gameCode)}/results`, {
    page: String(page),
    pageSize: String(pageSize),
  });

/** The feed lobby (one kind, or every feed game), refreshed every 30 s. */
export const useFeedLobby = (kind?: FeedKind) =>
  useQuery({
    queryKey: [...LOTTERY_KEY, 'feedLobby', kind ?? 'all'],
    queryFn: () => fetchFeedLobby(kind),
    refetchInterval: 30_000,
  });

export const useFeedGame = (gameCode: string) =>
  useQuery({ queryKey: [...LOTTERY_KEY, 'feedGame', gameCode], queryFn: () => fetchFeedGame(gameCode) });

export const useFeedResults = (gameCode: string, page: number, pageSize = 10) =>
  useQuery({
    queryKey: [...LOTTERY_KEY, 'feedResults', gameCode, page, pageSize],
    queryFn: () => fetchFeedResults(gameCode, page, pageSize),
    placeholderData: (prev) => prev,
    refetchInterval: 30_000,
  });
