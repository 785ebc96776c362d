import type { winnerBoard } from '@sea/contracts';
import { WINNER_BOARD_LIMIT } from '@sea/contracts/game-constants';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import { apiGet } from './client.ts';
import { GAMES_KEY, useLanguage } from './games.ts';

// The winners board's data: imported only by the home's winners board, a chunk loaded near view.

export type WinnerBoard = z.infer<typeof winnerBoard>;

export const fetchWinners = (language: string) =>
  apiGet<WinnerBoard>('/lgw/games/winners', {
    gameCategory: 'ALL',
    limitNum: String(WINNER_BOARD_LIMIT),
    language,
  });

/** The board kept in this tab's session with the time it was fetched; undefined when none or storage fails. */
function keptBoard(key: string): { at?: number; board?: WinnerBoard } {
  try {
    return (JSON.parse(sessionStorage.getItem(key) ?? 'null') as { at: number; board: WinnerBoard } | null) ?? {};
  } catch {
    return {}; // storage blocked, or not JSON
  }
}

function keepBoard(key: string, board: WinnerBoard): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ at: Date.now(), board }));
  } catch {
    // storage blocked or full: the board stays in memory only
  }
}

/**
 * Latest winners board (limit 20, "cached in session" as the spec says): kept in this tab's sessionStorage with
 * the time it was fetched, shown at once on the next page load, refreshed once a minute old.
 */
export function useWinners() {
  const language = useLanguage();
  const key = `winners:${language}`;
  // Read once per language (initial data only matters when the query starts).
  const { at, board } = useMemo(() => keptBoard(key), [key]);
  return useQuery({
    queryKey: [...GAMES_KEY, 'winners', language],
    queryFn: async () => {
      const fresh = await fetchWinners(language);
      keepBoard(key, fresh);
      return fresh;
    },
    initialData: board,
    initialDataUpdatedAt: at,
    staleTime: 60_000,
  });
}
