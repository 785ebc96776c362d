import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useSession } from '../state/session.ts';

/**
 * A query of the logged-in member's own data. Its key is `[...prefix, token, ...rest]`: the session token keeps one
 * account's data from ever showing for the next, and the prefix lets a money action invalidate a whole area
 * (['wallet'], ['withdraw'], …). Off while logged out; `paged` keeps the previous page on screen while the next loads.
 */
export function useMemberQuery<T>(
  prefix: QueryKey,
  rest: QueryKey,
  fn: () => Promise<T>,
  opts: {
    enabled?: boolean;
    paged?: boolean;
    staleTime?: number;
    refetchInterval?: (data: T | undefined) => number | false;
  } = {},
) {
  const token = useSession((s) => s.token);
  const { refetchInterval } = opts;
  return useQuery({
    queryKey: [...prefix, token, ...rest],
    queryFn: fn,
    enabled: Boolean(token) && opts.enabled !== false,
    staleTime: opts.staleTime,
    placeholderData: opts.paged ? keepPreviousData : undefined,
    refetchInterval: refetchInterval ? (q) => refetchInterval(q.state.data) : false,
  });
}

/** The key of a member query, for code that writes into the cache (see useMemberQuery). */
export const memberKey = (prefix: QueryKey, token: string | null, rest: QueryKey = []) => [...prefix, token, ...rest];
