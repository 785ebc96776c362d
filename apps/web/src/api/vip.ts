import type { VipOverview } from '@sea/contracts';
import { apiGet } from './client.ts';
import { useMemberQuery } from './member-query.ts';

export const VIP_KEY = ['vip'] as const;

/** The member's VIP level, this period's progress, every level's benefits and the level history (/wps/vip). */
export const useVipOverview = () => useMemberQuery([...VIP_KEY, 'overview'], [], () => apiGet<VipOverview>('/wps/vip'));
