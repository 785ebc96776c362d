import type { AdminMe } from '@sea/contracts';
import { createContext, type ReactNode, useContext } from 'react';

const MeContext = createContext<AdminMe | null>(null);

export const MeProvider = ({ me, children }: { me: AdminMe; children: ReactNode }) => (
  <MeContext.Provider value={me}>{children}</MeContext.Provider>
);

/** The signed-in staff member (inside the session gate). */
export function useSignedInMe(): AdminMe {
  const me = useContext(MeContext);
  if (!me) throw new Error('useSignedInMe outside the session gate');
  return me;
}
