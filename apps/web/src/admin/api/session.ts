import type { AdminLoginRequest, AdminLoginResult, AdminMe } from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAdminSession } from '../state/session.ts';
import { adminGet, adminPost, adminRequest } from './client.ts';

/** Sign-in, the signed-in staff member (/me), password change, two-factor enrolment, sign-out. */

export const meKey = ['admin', 'me'] as const;

export function useMe() {
  const token = useAdminSession((s) => s.token);
  return useQuery({
    queryKey: [...meKey, token],
    queryFn: () => adminGet<AdminMe>('/admin/api/me'),
    enabled: Boolean(token),
    staleTime: 60_000,
    retry: false,
  });
}

/** The sign-in call itself: its 401s (wrong password, code needed) belong to the form, not to the session. */
export const login = (body: AdminLoginRequest) =>
  adminRequest<AdminLoginResult>('POST', '/admin/api/session/login', { body, keepSessionOn401: true });

export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) =>
      adminPost<null>('/admin/api/session/password', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: meKey }),
  });
}

export const startTwoFactorSetup = () =>
  adminPost<{ secret: string; otpauthUrl: string }>('/admin/api/me/two-factor/setup');

/** A wrong code is the form's to show, not the end of the session. */
export const enableTwoFactor = (code: string) =>
  adminRequest<{ recoveryCodes: string[] }>('POST', '/admin/api/me/two-factor/enable', {
    body: { code },
    keepSessionOn401: true,
  });

/** Ends the session on the server (best effort) and here. */
export async function logout(): Promise<void> {
  try {
    await adminRequest<null>('DELETE', '/admin/api/session/logout', { keepSessionOn401: true });
  } catch {
    // The session ends here whatever the server answered (it may already be gone).
  }
  useAdminSession.getState().signOut('signed-out');
}
