import type { MemberProfile, ProfileUpdate } from '@sea/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';

export const PROFILE_KEY = ['profile'] as const;

/** The member's profile fields, the phone, whether the real name is set, and the merchant's field settings. */
export const useProfile = () =>
  useMemberQuery([...PROFILE_KEY], [], () => apiGet<MemberProfile>('/wps/member/profile'), { staleTime: 30_000 });

/** Saves the fields sent; the nickname shows in the member's info too. */
export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => apiRequest<MemberProfile>('PUT', '/wps/member/profile', { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: PROFILE_KEY });
      void qc.invalidateQueries({ queryKey: ['memberInfo'] });
    },
  });
}

/** Closes the account (password): the server ends every session (the site then shows it logged out). */
export const useCloseAccount = () =>
  useMutation({
    mutationFn: (body: { password: string }) => apiRequest<{ closedAt: string }>('POST', '/wps/member/close', { body }),
  });

/** Sends a verification link to the member's saved e-mail. */
export const useSendEmailLink = () =>
  useMutation({ mutationFn: () => apiRequest<null>('POST', '/wps/member/profile/email/verify', { body: {} }) });

/** The e-mailed link opened (/verifyEmail?token=…): no session needed. */
export const confirmEmail = (token: string) =>
  apiRequest<{ email: string }>('POST', '/wps/member/profile/email/confirm', { body: { token } });
