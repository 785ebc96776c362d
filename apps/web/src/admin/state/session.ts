import { create } from 'zustand';

/** sessionStorage key of the staff member's session token (one browser tab = one back-office session). */
const TOKEN_KEY = 'adminToken';
const FLAGS_KEY = 'adminSetup';

export type SignOutReason = 'expired' | 'signed-out';

export interface SetupFlags {
  mustChangePassword: boolean;
  twoFactorSetupRequired: boolean;
}

interface AdminSessionState extends SetupFlags {
  token: string | null;
  /** Why the staff member is back at sign-in (said there once): the session ended (a 401) or they signed out. */
  notice: SignOutReason | null;
  signIn: (token: string, flags: SetupFlags) => void;
  setFlags: (flags: Partial<SetupFlags>) => void;
  /** Drops the token: `expired` when the server refused it (a 401 anywhere), `signed-out` by the staff member. */
  signOut: (reason?: SignOutReason) => void;
  clearNotice: () => void;
}

function readFlags(): SetupFlags {
  try {
    const raw = JSON.parse(sessionStorage.getItem(FLAGS_KEY) ?? '{}') as Partial<SetupFlags>;
    return {
      mustChangePassword: raw.mustChangePassword === true,
      twoFactorSetupRequired: raw.twoFactorSetupRequired === true,
    };
  } catch {
    return { mustChangePassword: false, twoFactorSetupRequired: false };
  }
}

export const useAdminSession = create<AdminSessionState>((set, get) => ({
  token: sessionStorage.getItem(TOKEN_KEY),
  ...readFlags(),
  notice: null,
  signIn: (token, flags) => {
    sessionStorage.setItem(TOKEN_KEY, token);
    sessionStorage.setItem(FLAGS_KEY, JSON.stringify(flags));
    set({ token, ...flags, notice: null });
  },
  setFlags: (flags) => {
    const next = {
      mustChangePassword: get().mustChangePassword,
      twoFactorSetupRequired: get().twoFactorSetupRequired,
      ...flags,
    };
    sessionStorage.setItem(FLAGS_KEY, JSON.stringify(next));
    set(next);
  },
  signOut: (reason) => {
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(FLAGS_KEY);
    set({ token: null, mustChangePassword: false, twoFactorSetupRequired: false, notice: reason ?? null });
  },
  clearNotice: () => set({ notice: null }),
}));
