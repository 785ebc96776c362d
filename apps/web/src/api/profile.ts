import type {
  MemberProfile,
  MobileChanged,
  MobileChangeCodeRequest,
  MobileChangeRequest,
  ProfileUpdate,
} from '@sea/contracts';
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

/** Sends a code by SMS to a new mobile number (the login password confirms it is the member). */
export const useSendMobileCode = () =>
  useMutation({
    mutationFn: (body: MobileChangeCodeRequest) =>
      apiRequest<{ expiredMinutes: number; resendAfterSeconds: number }>('POST', '/wps/member/mobile/code', { body }),
  });

/** Changes the mobile number with the code it received; the profile shows the new one. */
export function useChangeMobile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MobileChangeRequest) => apiRequest<MobileChanged>('PUT', '/wps/member/mobile', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: PROFILE_KEY }),
  });
}
