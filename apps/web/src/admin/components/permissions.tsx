import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';

/** The signed-in staff member's permissions (GET /admin/api/me), mirrored from the server's check. */
const PermissionsContext = createContext<ReadonlySet<string>>(new Set());

export function PermissionsProvider(props: { permissions: readonly string[]; children: ReactNode }) {
  const set = useMemo(() => new Set(props.permissions), [props.permissions]);
  return <PermissionsContext.Provider value={set}>{props.children}</PermissionsContext.Provider>;
}

export function useCan(): (permission: string) => boolean {
  const set = useContext(PermissionsContext);
  return useCallback((p: string) => set.has(p), [set]);
}

/** Shows its children only to a staff member holding `permission` (the server refuses the action anyway). */
export function Can({ permission, children }: { permission: string; children: ReactNode }) {
  return useCan()(permission) ? <>{children}</> : null;
}
