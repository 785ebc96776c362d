import type { RgBreakRequest, RgHelp, RgLimitRequest, RgSessionRequest, RgStatus } from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useLanguage } from './games.ts';
import { useMemberQuery } from './member-query.ts';

export const RG_KEY = ['responsible-gaming'] as const;
const BASE = '/wps/responsible-gaming';

/** The member's limits with their use, pending raises, the session (start, net result) and a break under way. */
export const useRgStatus = (opts: { enabled?: boolean } = {}) =>
  useMemberQuery([...RG_KEY], [], () => apiGet<RgStatus>(BASE), { enabled: opts.enabled, staleTime: 30_000 });

/** The operator's help contacts in the site's language (null: none written; the page shows its own help text). */
export function useRgHelp() {
  const language = useLanguage();
  return useQuery({
    queryKey: [...RG_KEY, 'help', language],
    queryFn: () => apiGet<RgHelp>(`${BASE}/help`),
    staleTime: 5 * 60_000,
  });
}

function useRgChange<I>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: I) => apiRequest<RgStatus>('POST', `${BASE}${path}`, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: RG_KEY }),
  });
}

export const useSetRgLimit = () => useRgChange<RgLimitRequest>('/limits');
export const useSetRgSession = () => useRgChange<RgSessionRequest>('/session');

/** A time-out or self-exclusion: the server ends every session of the member (the site then shows it logged out). */
export const useStartRgBreak = () =>
  useMutation({
    mutationFn: (body: RgBreakRequest) => apiRequest<{ until: string }>('POST', `${BASE}/break`, { body }),
  });
