import type {
  AdminRgHelp,
  AdminRgHelpRequest,
  RegisterFieldRule,
  SiteSettings,
  SiteSettingsPatch,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPatch, adminPut, seg } from './client.ts';

/** The merchant's site settings: maintenance, region rule, encryption, feature flags, registration fields, domains. */

const key = ['admin', 'site-settings'] as const;

export const useSiteSettings = () =>
  useQuery({ queryKey: key, queryFn: () => adminGet<SiteSettings>('/admin/api/site-settings') });

/** Every change answers the whole settings, which replace the cached ones. */
function useSettingsMutation<A>(fn: (a: A) => Promise<SiteSettings>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (value) => qc.setQueryData(key, value) });
}

export const usePatchSiteSettings = () =>
  useSettingsMutation((body: SiteSettingsPatch) => adminPatch<SiteSettings>('/admin/api/site-settings', body));
export const useSetFlag = () =>
  useSettingsMutation(({ flag, enabled }: { flag: string; enabled: boolean }) =>
    adminPut<SiteSettings>(`/admin/api/site-settings/flags/${seg(flag)}`, { enabled }),
  );
export const useSetRegistrationRule = () =>
  useSettingsMutation(({ field, rule }: { field: string; rule: RegisterFieldRule }) =>
    adminPut<SiteSettings>(`/admin/api/site-settings/registration/${seg(field)}`, rule),
  );

const rgHelpKey = [...key, 'rg-help'] as const;

/** The responsible-gaming page's help contacts per language (settings.view), and the merchant's languages. */
export const useRgHelp = () =>
  useQuery({ queryKey: rgHelpKey, queryFn: () => adminGet<AdminRgHelp>('/admin/api/site-settings/rg-help') });

/** Replaces them (settings.manage, audited): an empty text leaves that language on the site's default help. */
export const useSaveRgHelp = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRgHelpRequest) => adminPut<AdminRgHelp>('/admin/api/site-settings/rg-help', body),
    onSuccess: (v) => qc.setQueryData(rgHelpKey, v),
  });
};
