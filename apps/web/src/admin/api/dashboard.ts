import type { Dashboard } from '@sea/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminGet } from './client.ts';

/** The dashboard's range: the last `days` days up to the merchant's today, or a chosen from / to (local days). */
export type DashboardRange = { days: number } | { from: string; to: string };

export const fetchDashboard = (range: DashboardRange) => adminGet<Dashboard>('/admin/api/dashboard', range);

/** GET /admin/api/dashboard; refreshed every minute (the bet figures' roll-up runs once a minute). */
export const useDashboard = (range: DashboardRange) =>
  useQuery({
    queryKey: ['admin', 'dashboard', range],
    queryFn: () => fetchDashboard(range),
    placeholderData: (prev) => prev,
    refetchInterval: 60_000,
  });
