import type { RoleInfo, StaffMember, StaffSettings } from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDelete, adminGet, adminPatch, adminPost, adminPut, seg, type Query } from './client.ts';

/** Staff accounts, roles and the back-office settings (IP allow-list, second approval of withdrawals). */

export interface StaffQuery extends Query {
  q?: string;
  role?: string;
  status?: string;
  pageNo: number;
  pageSize: number;
}
export interface StaffPage {
  total: number;
  items: StaffMember[];
}
export interface PasswordIssued {
  staff: StaffMember;
  oneTimePassword: string;
}
export interface RoleList {
  items: RoleInfo[];
  permissions: string[];
}

const staffKey = ['admin', 'staff'] as const;
const rolesKey = ['admin', 'roles'] as const;
const settingsKey = ['admin', 'staff-settings'] as const;

export const fetchStaff = (q: StaffQuery) => adminGet<StaffPage>('/admin/api/staff', q);

export const useStaffList = (q: StaffQuery) =>
  useQuery({ queryKey: [...staffKey, q], queryFn: () => fetchStaff(q), placeholderData: (prev) => prev });

/** Every mutation of a staff account refreshes the list (and the roles' staff counts). */
function useStaffMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: staffKey });
      await qc.invalidateQueries({ queryKey: rolesKey });
    },
  });
}

export const useCreateStaff = () =>
  useStaffMutation((body: { username: string; displayName: string; role: string }) =>
    adminPost<PasswordIssued>('/admin/api/staff', body),
  );
export const useUpdateStaff = () =>
  useStaffMutation(({ id, ...body }: { id: string; displayName?: string; role?: string }) =>
    adminPatch<StaffMember>(`/admin/api/staff/${seg(id)}`, body),
  );
export const useResetStaffPassword = () =>
  useStaffMutation((id: string) => adminPost<PasswordIssued>(`/admin/api/staff/${seg(id)}/reset-password`));
export const useSetStaffEnabled = () =>
  useStaffMutation(({ id, enabled }: { id: string; enabled: boolean }) =>
    adminPost<StaffMember>(`/admin/api/staff/${seg(id)}/${enabled ? 'enable' : 'disable'}`),
  );
export const useResetStaffTwoFactor = () =>
  useStaffMutation((id: string) => adminPost<StaffMember>(`/admin/api/staff/${seg(id)}/reset-two-factor`));

export const useRoles = () =>
  useQuery({ queryKey: rolesKey, queryFn: () => adminGet<RoleList>('/admin/api/roles'), staleTime: 30_000 });

function useRoleMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: rolesKey }) });
}
export const useCreateRole = () =>
  useRoleMutation((body: { code: string; name: string; permissions: string[] }) =>
    adminPost<RoleInfo>('/admin/api/roles', body),
  );
export const useUpdateRole = () =>
  useRoleMutation(({ code, ...body }: { code: string; name: string; permissions: string[] }) =>
    adminPut<RoleInfo>(`/admin/api/roles/${seg(code)}`, body),
  );
export const useDeleteRole = () =>
  useRoleMutation((code: string) => adminDelete<null>(`/admin/api/roles/${seg(code)}`));

export const useStaffSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => adminGet<StaffSettings>('/admin/api/staff-settings') });

export function useSaveStaffSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffSettings) => adminPut<StaffSettings>('/admin/api/staff-settings', body),
    onSuccess: (value) => qc.setQueryData(settingsKey, value),
  });
}
