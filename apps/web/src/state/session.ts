import { create } from 'zustand';

const TOKEN_KEY = 'token';

interface SessionState {
  token: string | null;
  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  setToken(token: string): void;
  /** Logout or a 401: drop the token; the merchant code stays. */
  clear(): void;
}

/** Game pages (/play/<game>?token=…) carry a game session token, not a login: never take it as the member's. */
const GAME_PAGE = /^\/play\//;

function readToken(): string | null {
  const fromQuery = GAME_PAGE.test(window.location.pathname)
    ? null
    : new URLSearchParams(window.location.search).get('token');
  if (fromQuery) sessionStorage.setItem(TOKEN_KEY, fromQuery);
  return sessionStorage.getItem(TOKEN_KEY);
}

export const useSession = create<SessionState>((set) => {
  const token = readToken();
  return {
    token,
    isLogin: Boolean(token),
    isAgent: false,
    isTrial: false,
    setToken(t) {
      sessionStorage.setItem(TOKEN_KEY, t);
      set({ token: t, isLogin: true });
    },
    clear() {
      sessionStorage.removeItem(TOKEN_KEY);
      set({ token: null, isLogin: false, isAgent: false, isTrial: false });
    },
  };
});
