import { createContext, type ReactNode, useContext } from 'react';

/** The signed-in staff member's permissions (GET /admin/api/me), mirrored from the server's check. */
const PermissionsContext = createContext<ReadonlySet<string>>(new Set());

export const PermissionsProvider = ({
  permissions,
  children,
}: {
  permissions: readonly string[];
  children: ReactNode;
}) => <PermissionsContext.Provider value={new Set(permissions)}>{children}</PermissionsContext.Provider>;

export function useCan(): (permission: string) => boolean {
  const set = useContext(PermissionsContext);
  return (p) => set.has(p);
}

/** Shows its children only to a staff member holding `permission` (the server refuses the action anyway). */
export function Can({ permission, children }: { permission: string; children: ReactNode }) {
  return useCan()(permission) ? <>{children}</> : null;
}
