import type { Fairness, HouseRound, HouseSession } from '@sea/contracts';
import { createContext, useContext } from 'react';
import type { HouseApi } from '../../api/house.ts';
import type { PlayMoney } from './money.ts';
import type { GameSound } from './sound.ts';

/** What every game of the page shares: the API, money, the shown balance, fairness, sound and error reporting. */
export interface GameContextValue {
  api: HouseApi;
  session: HouseSession;
  money: PlayMoney;
  /** The balance shown in the header (minor units); a game moves it when it shows a stake or a result. */
  balance: bigint;
  setBalance(minor: bigint): void;
  fairness: Fairness;
  setFairness(f: Fairness): void;
  /** The last settled or dealt round (the fairness panel links it to the verifier). */
  lastRound: HouseRound | null;
  setLastRound(r: HouseRound): void;
  sound: GameSound;
  /** A failed call: a message over the game, or the full-screen stop for a session that cannot go on. */
  reportError(err: unknown): void;
  /** A short message over the game (info). */
  notify(text: string): void;
  /** Opens the game's paytable / rules sheet. */
  paytableOpen: boolean;
  setPaytableOpen(open: boolean): void;
}

export const GameContext = createContext<GameContextValue | null>(null);

export function useGame(): GameContextValue {
  const ctx = useContext(GameContext);
  if (!ctx) throw new Error('useGame outside a game page');
  return ctx;
}
