import type { AdminGame, AdminRoundLookup, AdminVendor, GameCategory, MediaUpload } from '@sea/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPatch, adminPost, adminRequest, seg, type Query } from './client.ts';

/** The game platform's back office: vendors, categories, games, a round by its reference. */

export interface AdminCategory {
  category: GameCategory;
  sort: number;
  enabled: boolean;
}
export interface GameQuery extends Query {
  vendorCode?: string;
  category?: string;
  status?: string;
  hot?: string;
  name?: string;
  pageNo: number;
  pageSize: number;
}
export type VendorPatch = Partial<
  Pick<AdminVendor, 'name' | 'status' | 'maintenance' | 'sort' | 'launchFunding' | 'replaceSessions'>
>;
export type GamePatch = Partial<Pick<AdminGame, 'hot' | 'sort' | 'status' | 'minBet' | 'maxBet' | 'supportPlay'>>;

const gamesKey = ['admin', 'games'] as const;
const vendorsKey = [...gamesKey, 'vendors'] as const;
const categoriesKey = [...gamesKey, 'categories'] as const;
const listKey = [...gamesKey, 'list'] as const;

export const useVendors = () =>
  useQuery({ queryKey: vendorsKey, queryFn: () => adminGet<AdminVendor[]>('/admin/api/games/vendors') });
export const useCategories = () =>
  useQuery({ queryKey: categoriesKey, queryFn: () => adminGet<AdminCategory[]>('/admin/api/games/categories') });

export const fetchGames = (q: GameQuery) =>
  adminGet<{ total: number; items: AdminGame[]; currency: string; exponent: number }>('/admin/api/games', q);
export const useGames = (q: GameQuery) =>
  useQuery({ queryKey: [...listKey, q], queryFn: () => fetchGames(q), placeholderData: keepPreviousData });

function useInvalidating<A, R>(key: readonly string[], fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

export const useUpdateVendor = () =>
  useInvalidating(gamesKey, ({ code, patch }: { code: string; patch: VendorPatch }) =>
    adminPatch<AdminVendor>(`/admin/api/games/vendors/${seg(code)}`, patch),
  );
/** Seamless ↔ transfer wallet (refused by the server while money or rounds are still at the vendor). */
export const useSetWalletMode = () =>
  useInvalidating(gamesKey, ({ code, walletMode }: { code: string; walletMode: AdminVendor['walletMode'] }) =>
    adminPost<AdminVendor>(`/admin/api/games/vendors/${seg(code)}/wallet-mode`, { walletMode }),
  );
/** A new wallet key: shown once by the caller, never fetched again. */
export const useRotateWalletSecret = () =>
  useInvalidating(vendorsKey, (code: string) =>
    adminPost<{ vendor: string; secret: string }>(`/admin/api/games/vendors/${seg(code)}/wallet-secret`),
  );
export const useSyncVendor = () =>
  useInvalidating(gamesKey, (code: string) =>
    adminPost<{ vendor: string; added: number; updated: number }>(`/admin/api/games/vendors/${seg(code)}/sync`),
  );
export const useUpdateCategory = () =>
  useInvalidating(categoriesKey, ({ category, patch }: { category: string; patch: Partial<AdminCategory> }) =>
    adminPatch<AdminCategory>(`/admin/api/games/categories/${seg(category)}`, patch),
  );
export const useUpdateGame = () =>
  useInvalidating(listKey, ({ id, patch }: { id: string; patch: GamePatch }) =>
    adminPatch<AdminGame>(`/admin/api/games/${seg(id)}`, patch),
  );

/** Uploads a game icon (PNG/JPG ≤ 1 MB, stored ≤ 512 px a side); its content-hashed URL. */
export const useUploadGameIcon = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return adminRequest<MediaUpload>('POST', '/admin/api/games/icons', { body: form });
    },
  });

/** Every round with this public reference (empty reference: no call). */
export const useRoundLookup = (reference: string) =>
  useQuery({
    queryKey: [...gamesKey, 'round', reference],
    queryFn: () => adminGet<AdminRoundLookup>('/admin/api/games/rounds', { reference }),
    enabled: reference !== '',
    retry: false,
  });
