import type { BaccaratWinner } from './baccarat-hand.ts';

/**
 * The roads (scoreboards) of a shoe, all derived from its results in order (domain-rules §5.3). Positions are
 * logical (column, row); a display draws the big road's long columns as it likes (a dragon tail or a scroll).
 */
export interface RoadResult {
  winner: BaccaratWinner;
  playerPair: boolean;
  bankerPair: boolean;
}

export interface BeadCell {
  col: number;
  row: number;
  result: RoadResult;
}

/** Bead plate: every result, 6 to a column, top to bottom then left to right. */
export function beadPlate(results: readonly RoadResult[], rows = 6): BeadCell[] {
  return results.map((result, i) => ({ col: Math.floor(i / rows), row: i % rows, result }));
}

export interface BigRoadCell {
  winner: 'player' | 'banker';
  /** Ties after this result (drawn as a line across it). */
  ties: number;
  playerPair: boolean;
  bankerPair: boolean;
}

/**
 * Big road: a new column at every change between Player and Banker; ties do not open a cell, they mark the last
 * one (ties before the first Player/Banker result are carried by the first cell).
 */
export function bigRoad(results: readonly RoadResult[]): BigRoadCell[][] {
  const cols: BigRoadCell[][] = [];
  let leadingTies = 0;
  for (const r of results) {
    const last = cols[cols.length - 1];
    if (r.winner === 'tie') {
      if (last) last[last.length - 1]!.ties++;
      else leadingTies++;
      continue;
    }
    const cell = { winner: r.winner, ties: leadingTies, playerPair: r.playerPair, bankerPair: r.bankerPair };
    leadingTies = 0;
    if (last && last[0]!.winner === r.winner) last.push(cell);
    else cols.push([cell]);
  }
  return cols;
}

export type DerivedColour = 'red' | 'blue';

/**
 * A derived road of the big road: k = 1 big eye boy, 2 small road, 3 cockroach pig. For each big-road cell from
 * (col k, row 1) or (col k+1, row 0), whichever comes first: at a new column, red when the two columns before it
 * (c−1 and c−1−k) are as long, else blue; further down a column, blue when column c−k ends exactly one row above
 * (length = row), else red. Returned as the colours in order and as columns (a new column at every colour change).
 */
export function derivedRoad(big: readonly (readonly unknown[])[], k: 1 | 2 | 3): DerivedColour[][] {
  const colours: DerivedColour[] = [];
  for (let c = 0; c < big.length; c++) {
    for (let r = 0; r < big[c]!.length; r++) {
      if (c < k || (c === k && r === 0)) continue;
      if (r === 0) colours.push(big[c - 1]!.length === big[c - 1 - k]!.length ? 'red' : 'blue');
      else colours.push(big[c - k]!.length === r ? 'blue' : 'red');
    }
  }
  const cols: DerivedColour[][] = [];
  for (const colour of colours) {
    const last = cols[cols.length - 1];
    if (last && last[0] === colour) last.push(colour);
    else cols.push([colour]);
  }
  return cols;
}

export interface Roads {
  bead: BeadCell[];
  big: BigRoadCell[][];
  bigEye: DerivedColour[][];
  small: DerivedColour[][];
  cockroach: DerivedColour[][];
}

export function roadsOf(results: readonly RoadResult[]): Roads {
  const big = bigRoad(results);
  return {
    bead: beadPlate(results),
    big,
    bigEye: derivedRoad(big, 1),
    small: derivedRoad(big, 2),
    cockroach: derivedRoad(big, 3),
  };
}
