import { create } from 'zustand';

export type DialogName = 'login' | 'register' | 'help' | 'feedback' | 'forgot' | 'changePassword' | null;

/** Which popup is open (login, register, help, feedback); routes like /login and /register open them. */
/** `detail`: the help article tag for 'help', the tab ('username' | 'sms') for 'login'. */
export const useUi = create<{
  dialog: DialogName;
  helpTag: string | null;
  open(d: DialogName, detail?: string | null): void;
  close(): void;
}>((set) => ({
  dialog: null,
  helpTag: null,
  open: (dialog, detail = null) => set({ dialog, helpTag: detail }),
  close: () => set({ dialog: null, helpTag: null }),
}));
