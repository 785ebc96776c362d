import type { HelpCategory, SiteConfig, SystemStatus, Whitelabel } from '@sea/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from './client.ts';

/** The permission call made before the app mounts. */
export const fetchSystemStatus = (host: string) => apiGet<SystemStatus>('/wps/system/status', { host });

export function useWhitelabel() {
  return useQuery({
    queryKey: ['whitelabel'],
    queryFn: () => apiGet<Whitelabel>('/wps/system/whitelabel'),
    staleTime: 60_000,
  });
}

export function useSiteConfig() {
  return useQuery({ queryKey: ['site'], queryFn: () => apiGet<SiteConfig>('/wps/system/site'), staleTime: 300_000 });
}

export function useHelpCenter() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useQuery({
    queryKey: ['helpCenter', lang],
    queryFn: () => apiGet<HelpCategory[]>('/wps/system/helpCenter', { lang, device: 'WEB' }),
    staleTime: 300_000,
  });
}
