import { create } from 'zustand';
import { useSession } from './session.ts';
import { useUi } from './ui.ts';

/** A game to open in the game popup (spec §2: game popup in an iframe). */
export interface GameLaunchTarget {
  nodeId: string;
  /** Shown as the popup title while the game loads. */
  name: string;
  /** The game's vendor (a transfer-wallet vendor asks how much to bring before the launch). */
  vendorCode?: string;
  freePlay: boolean;
  /** Distinguishes two launches of the same game (each gets its own game session). */
  seq: number;
}

let seq = 0;

/** Which game the popup shows; the cards, vendor tiles and navigation start games through `startGame`. */
export const useGameLaunch = create<{
  target: GameLaunchTarget | null;
  open(target: GameLaunchTarget): void;
  close(): void;
}>((set) => ({
  target: null,
  open: (target) => set({ target }),
  close: () => set({ target: null }),
}));

/** Start a game: logged out, the login popup opens instead (spec §4: an action needing login). */
export function startGame(game: { nodeId: string; name: string; vendorCode?: string; freePlay?: boolean }): void {
  if (!useSession.getState().isLogin) {
    useUi.getState().open('login');
    return;
  }
  seq += 1;
  useGameLaunch.getState().open({
    nodeId: game.nodeId,
    name: game.name,
    vendorCode: game.vendorCode,
    freePlay: game.freePlay ?? false,
    seq,
  });
}
