import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * The pushed events' connection (docs/realtime.md), as the rest of the site needs to know it: whether the socket is
 * up (while it is not, the realtime bridge polls with back-off), the last maintenance notice, and the lottery games
 * whose rooms the open pages watch. The events themselves go into TanStack Query's caches, not here.
 */
export type RealtimeStatus = 'off' | 'connecting' | 'connected' | 'down';

export interface MaintenanceNotice {
  on: boolean;
  message: string | null;
  endsAt: string | null;
}

interface RealtimeState {
  status: RealtimeStatus;
  maintenance: MaintenanceNotice | null;
  /** Lottery game code → how many mounted pages watch it. */
  games: Record<string, number>;
  setStatus(s: RealtimeStatus): void;
  setMaintenance(m: MaintenanceNotice | null): void;
  /** A page watches a game's room; call the returned function when it unmounts. */
  watchGame(game: string): () => void;
}

export const useRealtime = create<RealtimeState>((set, get) => ({
  status: 'off',
  maintenance: null,
  games: {},
  setStatus: (status) => set({ status }),
  setMaintenance: (maintenance) => set({ maintenance }),
  watchGame(game) {
    set({ games: { ...get().games, [game]: (get().games[game] ?? 0) + 1 } });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const games = { ...get().games };
      const left = (games[game] ?? 1) - 1;
      if (left > 0) games[game] = left;
      else delete games[game];
      set({ games });
    };
  },
}));

/** While mounted, the page follows a lottery game's room: `lotteryDrawn` refreshes that game's queries. */
export function useWatchLotteryGame(game: string): void {
  useEffect(() => useRealtime.getState().watchGame(game), [game]);
}
