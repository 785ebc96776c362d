import type { PromotionDetail, PromotionList } from '@sea/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client.ts';
import { useLanguage } from './games.ts';

/** Every promotions query starts with this key. */
export const PROMOTIONS_KEY = ['promotions'] as const;

/**
 * The merchant's current promotions in the operator's order (public: visitors too; fresh for a minute), titles in
 * the site's language (the Language header; the key holds it, so a switch reads them again).
 */
export const usePromotions = (enabled = true) =>
  useQuery({
    queryKey: [...PROMOTIONS_KEY, 'list', useLanguage()],
    queryFn: () => apiGet<PromotionList>('/wps/promotions'),
    staleTime: 60_000,
    enabled,
  });

/** One current promotion with its HTML content (off without an id). */
export const usePromotion = (id: string | null) =>
  useQuery({
    queryKey: [...PROMOTIONS_KEY, 'one', id, useLanguage()],
    queryFn: () => apiGet<PromotionDetail>(`/wps/promotions/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
    staleTime: 60_000,
    retry: false,
  });
