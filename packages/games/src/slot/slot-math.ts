/**
 * The declared maths of a 5×3 line slot: everything that decides a result. A stored round names its game id and
 * math version; a new version is a new object here, never an edit of a shipped one (stored rounds must recompute).
 */
export type SlotSymbolKind = 'wild' | 'scatter' | 'high' | 'low';

export interface SlotSymbol {
  /** Stable code used in results and by the browser to pick the picture. */
  code: string;
  kind: SlotSymbolKind;
  /** Line pays for 3, 4 and 5 of a kind, in line bets (0 = none). The scatter pays through `scatter` instead. */
  pays: readonly [number, number, number];
}

export interface SlotMath {
  gameId: string;
  mathVersion: number;
  name: string;
  reels: 5;
  rows: 3;
  symbols: readonly SlotSymbol[];
  /** Row (0 = top) on each reel, per line; the player plays lines 1..n in this order. */
  lines: readonly (readonly number[])[];
  /** Reel strips (symbol codes), circular; the window at stop k shows strip[k], strip[k+1], strip[k+2]. */
  baseReels: readonly (readonly string[])[];
  freeReels: readonly (readonly string[])[];
  scatter: {
    /** Scatters anywhere (one per reel at most): pay in total stakes, and free spins awarded. */
    pays: Readonly<Record<3 | 4 | 5, number>>;
    freeSpins: Readonly<Record<3 | 4 | 5, number>>;
  };
  freeSpins: {
    /** Every win of a free spin (lines and scatters) is multiplied by this. */
    multiplier: number;
    /** 3+ scatters during free spins award the same number of spins again. */
    retrigger: boolean;
    /** At most this many free spins in one round (further awards are dropped; the par sheet counts the cap). */
    maxPerRound: number;
  };
  /** Allowed bets per line in credits; stake = lines × bet per line. */
  betLevels: readonly number[];
  /** RTP declared to players and operators (percent, as computed exactly by the par sheet). */
  declaredRtp: string;
}
