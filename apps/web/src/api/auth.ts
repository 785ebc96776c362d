import type {
  CaptchaChallenge,
  Country,
  LoginCheckAnswer,
  LoginRequest,
  LoginResult,
  MemberInfo,
  RegisterRequest,
  RegisterSettings,
  SmsCodeRequest,
} from '@sea/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';

export const login = (body: Partial<LoginRequest>) =>
  apiRequest<LoginResult>('POST', '/wps/session/login', { body, encrypt: true });
export const register = (method: 'username' | 'mobile', body: Partial<RegisterRequest>) =>
  apiRequest<LoginResult>('PUT', method === 'username' ? '/wps/member/register' : '/wps/member/register/mobile', {
    body,
    encrypt: true,
  });
/** The answer to a login's new-device check: the session. */
export const answerLoginCheck = (body: LoginCheckAnswer) =>
  apiRequest<LoginResult>('POST', '/wps/session/login/check', { body, encrypt: true });
export const resendLoginCheck = (challengeId: string) =>
  apiRequest<{ resendAfterSeconds: number; expiresAt: string }>('POST', '/wps/session/login/check/send', {
    body: { challengeId },
  });
export const logout = () => apiRequest<null>('DELETE', '/wps/session/logout');
/** The logged-in member's language (kept on the account, used at the next login). */
export const setMemberLanguage = (language: string) =>
  apiRequest<null>('PUT', '/wps/member/language', { body: { language } });
export const fetchCaptcha = () => apiGet<CaptchaChallenge>('/wps/captcha');
export const sendSmsCode = (purpose: 'login' | 'register' | 'reset', body: SmsCodeRequest) =>
  apiRequest<{ expiredMinutes: number; resendAfterSeconds: number }>(
    'POST',
    purpose === 'register' ? '/wps/verification/sms/register' : '/wps/verification/sms/noLogin',
    {
      body: purpose === 'register' ? body : { ...body, purpose },
    },
  );
export const changePassword = (body: { oldPassword: string; newPassword: string; confirmNewPassword: string }) =>
  apiRequest<null>('POST', '/wps/member/password', { body, encrypt: true });
export const resetByPhone = (body: {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
}) => apiRequest<LoginResult>('POST', '/wps/member/password/verification', { body, encrypt: true });
export const freeplay = () =>
  apiRequest<LoginResult>('POST', '/wps/session/login/freeplay', { body: { platform: 'W', gatewayVersion: 3 } });
export const checkAffiliate = (affiliateCode: string) =>
  apiGet<{ valid: true; agentName: string }>('/wps/agent/affiliate', { affiliateCode });

export const useMemberInfo = () =>
  useMemberQuery(['memberInfo'], [], () => apiGet<MemberInfo>('/wps/member/info'), { staleTime: 30_000 });

/** Registration rules, cached for the browser session (spec §5). */
export function useRegisterSettings() {
  return useQuery({
    queryKey: ['registerSettings'],
    queryFn: () => apiGet<RegisterSettings>('/wps/system/setting/register'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: ['countries'],
    queryFn: () => apiGet<Country[]>('/wps/system/country'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
export const requestEmailReset = (body: { username: string; email: string }) =>
  apiRequest<null>('POST', '/wps/member/password/email', { body });
export const completeEmailReset = (body: { token: string; newPassword: string }) =>
  apiRequest<null>('POST', '/wps/member/password/email/reset', { body });
