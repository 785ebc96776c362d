import type { LoginCheckChallenge } from '@sea/contracts';
import { create } from 'zustand';
import { ApiError } from '../../api/client.ts';

/** A login waiting for its new-device check: the challenge the server answered, and which login asked. */
export interface PendingCheck extends LoginCheckChallenge {
  area: 'member' | 'agent';
}

/** The pending check, shared by the header's form and the login popup (which shows the step). */
export const useLoginCheck = create<{ pending: PendingCheck | null; set(p: PendingCheck | null): void }>((set) => ({
  pending: null,
  set: (pending) => set({ pending }),
}));

/** The challenge of a login answered with login_check_required, else null. */
export function challengeOf(err: unknown): LoginCheckChallenge | null {
  if (!(err instanceof ApiError) || err.code !== 'login_check_required') return null;
  const v = err.value as Partial<LoginCheckChallenge> | null;
  return v && typeof v.challengeId === 'string' && typeof v.method === 'string' ? (v as LoginCheckChallenge) : null;
}
