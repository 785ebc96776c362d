import type {
  AdminBaccaratSettings,
  AdminBaccaratTable,
  AdminBaccaratTables,
  AdminSabongArena,
  AdminSabongArenas,
  AdminSabongSettings,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, adminPut, seg } from './client.ts';

/** Our own table games in the back office: baccarat tables and sabong arenas — state, settings, open / close. */

const key = ['admin', 'tables'] as const;
/** The screen follows the rounds' phases while it is open. */
const REFRESH_MS = 5_000;

export const useBaccaratTables = () =>
  useQuery({
    queryKey: [...key, 'baccarat'],
    queryFn: () => adminGet<AdminBaccaratTables>('/admin/api/baccarat/tables'),
    refetchInterval: REFRESH_MS,
  });

export const useSabongArenas = () =>
  useQuery({
    queryKey: [...key, 'sabong'],
    queryFn: () => adminGet<AdminSabongArenas>('/admin/api/sabong/arenas'),
    refetchInterval: REFRESH_MS,
  });

function useInvalidating<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

export const useSaveTableSettings = () =>
  useInvalidating(({ code, ...body }: AdminBaccaratSettings & { code: string }) =>
    adminPut<AdminBaccaratTable>(`/admin/api/baccarat/tables/${seg(code)}/settings`, body),
  );

export const useSaveArenaSettings = () =>
  useInvalidating(({ code, ...body }: AdminSabongSettings & { code: string }) =>
    adminPut<AdminSabongArena>(`/admin/api/sabong/arenas/${seg(code)}/settings`, body),
  );

/** Open or close a table (`baccarat`) or an arena (`sabong`); closing waits for the round in play. */
export const useSetTableOpen = () =>
  useInvalidating(({ game, code, open }: { game: 'baccarat' | 'sabong'; code: string; open: boolean }) =>
    adminPost<unknown>(
      `/admin/api/${game === 'baccarat' ? 'baccarat/tables' : 'sabong/arenas'}/${seg(code)}/${open ? 'open' : 'close'}`,
    ),
  );

export const useCancelBaccaratRound = () =>
  useInvalidating(({ roundId, reason }: { roundId: string; reason: string }) =>
    adminPost<{ roundId: string; refunded: number }>(`/admin/api/baccarat/rounds/${seg(roundId)}/cancel`, { reason }),
  );

export const useEndShoe = () =>
  useInvalidating(({ code, reason }: { code: string; reason: string }) =>
    adminPost<{ table: string }>(`/admin/api/baccarat/tables/${seg(code)}/end-shoe`, { reason }),
  );

export const useCancelFight = () =>
  useInvalidating(({ fightId, reason }: { fightId: string; reason: string }) =>
    adminPost<{ fightId: string; refunded: number }>(`/admin/api/sabong/fights/${seg(fightId)}/cancel`, { reason }),
  );
