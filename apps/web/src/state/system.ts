import type { SystemStatus } from '@sea/contracts';
import { create } from 'zustand';
import { setFixedOffset } from '../lib/date-time.ts';

/** The permission call's answer, available to the whole app once it has mounted. */
export const useSystem = create<{ status: SystemStatus | null; set(s: SystemStatus): void }>((set) => ({
  status: null,
  set: (status) => {
    // Dates in the merchant's zone are formatted from its fixed offset when the server gives one (lib/date-time).
    setFixedOffset(status.timezone, status.utcOffsetMinutes);
    set({ status });
  },
}));

export function useSystemStatus(): SystemStatus {
  const status = useSystem((s) => s.status);
  if (!status) throw new Error('useSystemStatus before boot finished');
  return status;
}
