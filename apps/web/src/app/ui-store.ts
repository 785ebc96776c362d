import { create } from 'zustand';

export type DialogName = 'login' | 'register' | 'help' | 'forgot' | 'changePassword' | null;

/** Which popup is open (login, register, help); routes like /login and /register open them. */
export const useUi = create<{ dialog: DialogName; helpTag: string | null; open(d: DialogName, helpTag?: string | null): void; close(): void }>((set) => ({
  dialog: null,
  helpTag: null,
  open: (dialog, helpTag = null) => set({ dialog, helpTag }),
  close: () => set({ dialog: null, helpTag: null }),
}));
