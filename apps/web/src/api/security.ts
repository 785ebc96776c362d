import type { MemberDevice } from '@sea/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../state/session.ts';
import { apiGet, apiRequest } from './client.ts';
import { memberKey, useMemberQuery } from './member-query.ts';

// The security centre's devices and avatar: apart from api/auth.ts, whose member query every page's header uses, so
// that TanStack's mutation code stays off the first page.

/** The security centre's remembered devices. */
export const useDevices = () => useMemberQuery(['devices'], [], () => apiGet<MemberDevice[]>('/wps/member/devices'));

export function useRemoveDevice() {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('DELETE', `/wps/member/devices/${encodeURIComponent(id)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: memberKey(['devices'], token) }),
  });
}

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<{ image: string }>('POST', '/wps/member/info/icon', { form });
}

export const useAvatar = () =>
  useMemberQuery(['avatar'], [], () => apiGet<{ image: string | null }>('/wps/member/info/icon'));

/** Uploads the avatar; the new image shows at once. */
export function useUploadAvatar() {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (image) => qc.setQueryData(memberKey(['avatar'], token), image),
  });
}
