import type {
  LotteryAdminChains,
  LotteryAdminGame,
  LotteryAdminGames,
  LotteryAdminGameUpdate,
  LotteryAdminIssue,
  LotteryAdminIssueDetail,
  LotteryAdminIssues,
  LotteryCorrectionPreview,
  LotteryIssueCancelState,
  LotteryResultState,
  LotteryShortfalls,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPatch, adminPost, seg, type Query } from './client.ts';

/** The lottery: games and schedules, draws with totals, two-person results, corrections, cancels, shortfalls, chains. */

const key = ['admin', 'lottery'] as const;

export interface IssuesQuery extends Query {
  gameCode?: string;
  status?: string;
  /** YYYY-MM-DD (the merchant's days, on the draw time), inclusive. */
  from?: string;
  to?: string;
  pageNo: number;
  pageSize: number;
}

export interface ShortfallQuery extends Query {
  status?: string;
  pageNo: number;
  pageSize: number;
}

/** A result as the engine takes it: VN { region, prizes }, Thai { first, front3, back3, last2 }, 4D { first, … }. */
export interface ResultBody {
  gameCode: string;
  issueId: string;
  result: unknown;
}

function useInvalidating<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

// ---- games
export const useLotteryGames = () =>
  useQuery({ queryKey: [...key, 'games'], queryFn: () => adminGet<LotteryAdminGames>('/admin/api/lottery/games') });

export const useUpdateLotteryGame = () =>
  useInvalidating(({ gameCode, ...body }: LotteryAdminGameUpdate & { gameCode: string }) =>
    adminPatch<LotteryAdminGame>(`/admin/api/lottery/games/${seg(gameCode)}`, body),
  );

// ---- issues
/** A draw of the list with the merchant's currency (each row formats its own amounts, the CSV too). */
export type LotteryIssueRow = LotteryAdminIssue & { exponent: number; currency: string };

export async function fetchLotteryIssues(q: IssuesQuery): Promise<{ total: number; items: LotteryIssueRow[] }> {
  const v = await adminGet<LotteryAdminIssues>('/admin/api/lottery/issues', q);
  return { total: v.total, items: v.items.map((i) => ({ ...i, exponent: v.exponent, currency: v.currency })) };
}
export const useLotteryIssues = (q: IssuesQuery) =>
  useQuery({
    queryKey: [...key, 'issues', q],
    queryFn: () => fetchLotteryIssues(q),
    placeholderData: (prev) => prev,
  });

export const useLotteryIssue = (gameCode: string, issueId: string) =>
  useQuery({
    queryKey: [...key, 'issue', gameCode, issueId],
    queryFn: () =>
      adminGet<LotteryAdminIssueDetail>(`/admin/api/lottery/games/${seg(gameCode)}/issues/${seg(issueId)}`),
    // The draw job moves a draw on its own (a confirmed result → drawn → settled; a cancel → refunded): the page
    // follows while the draw is between steps.
    refetchInterval: (q) => (BETWEEN_STEPS.has(q.state.data?.issue.status ?? '') ? 2_000 : false),
  });
const BETWEEN_STEPS = new Set(['drawn', 'cancelled', 'awaiting']);

// ---- results (two people: one enters, another enters the same again to confirm)
export const useEnterResult = () =>
  useInvalidating((body: ResultBody) => adminPost<LotteryResultState>('/admin/api/lottery/results', body));
export const useConfirmResult = () =>
  useInvalidating((body: ResultBody) => adminPost<LotteryResultState>('/admin/api/lottery/results/confirm', body));
export const useDiscardResult = () =>
  useInvalidating((body: { gameCode: string; issueId: string }) =>
    adminPost<LotteryResultState>('/admin/api/lottery/results/discard', body),
  );
/** A correction worked out on the server and written nowhere. */
export const usePreviewCorrection = () =>
  useMutation({
    mutationFn: (body: ResultBody) => adminPost<LotteryCorrectionPreview>('/admin/api/lottery/results/preview', body),
  });

export const useCancelIssue = () =>
  useInvalidating(({ gameCode, issueId, reason }: { gameCode: string; issueId: string; reason: string }) =>
    adminPost<LotteryIssueCancelState>(`/admin/api/lottery/issues/${seg(issueId)}/cancel`, { gameCode, reason }),
  );

// ---- shortfalls and chains
export const fetchShortfalls = (q: ShortfallQuery) => adminGet<LotteryShortfalls>('/admin/api/lottery/shortfalls', q);
export const useShortfalls = (q: ShortfallQuery) =>
  useQuery({ queryKey: [...key, 'shortfalls', q], queryFn: () => fetchShortfalls(q), placeholderData: (p) => p });

export const useLotteryChains = (gameCode?: string) =>
  useQuery({
    queryKey: [...key, 'chains', gameCode ?? ''],
    queryFn: () => adminGet<LotteryAdminChains>('/admin/api/lottery/chains', { gameCode }),
  });
