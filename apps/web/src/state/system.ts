import type { SystemStatus } from '@sea/contracts';
import { create } from 'zustand';

/** The permission call's answer, available to the whole app once it has mounted. */
export const useSystem = create<{ status: SystemStatus | null; set(s: SystemStatus): void }>((set) => ({
  status: null,
  set: (status) => set({ status }),
}));

export function useSystemStatus(): SystemStatus {
  const status = useSystem((s) => s.status);
  if (!status) throw new Error('useSystemStatus before boot finished');
  return status;
}
