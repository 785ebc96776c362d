/**
 * The numbers a feed draw's result is made of, prize by prize, as the operators type them from the official sheet,
 * and the engine's result object built from them. Mirrors packages/games (VN_PRIZES, ThaiResult, FourDResult): the
 * back office shares only packages/contracts with the server, so lottery.test.tsx checks the two stay equal.
 */
export type FeedKind = 'vn' | 'thai' | '4d';

export interface PrizeRow {
  key: string;
  count: number;
  digits: number;
}

const VN_MB: PrizeRow[] = [
  { key: 'DB', count: 1, digits: 5 },
  { key: 'G1', count: 1, digits: 5 },
  { key: 'G2', count: 2, digits: 5 },
  { key: 'G3', count: 6, digits: 5 },
  { key: 'G4', count: 4, digits: 4 },
  { key: 'G5', count: 6, digits: 4 },
  { key: 'G6', count: 3, digits: 3 },
  { key: 'G7', count: 4, digits: 2 },
];
const VN_MNT: PrizeRow[] = [
  { key: 'DB', count: 1, digits: 6 },
  { key: 'G1', count: 1, digits: 5 },
  { key: 'G2', count: 1, digits: 5 },
  { key: 'G3', count: 2, digits: 5 },
  { key: 'G4', count: 7, digits: 5 },
  { key: 'G5', count: 1, digits: 4 },
  { key: 'G6', count: 3, digits: 4 },
  { key: 'G7', count: 1, digits: 3 },
  { key: 'G8', count: 1, digits: 2 },
];
const THAI: PrizeRow[] = [
  { key: 'first', count: 1, digits: 6 },
  { key: 'front3', count: 2, digits: 3 },
  { key: 'back3', count: 2, digits: 3 },
  { key: 'last2', count: 1, digits: 2 },
];
const FOUR_D: PrizeRow[] = [
  { key: 'first', count: 1, digits: 4 },
  { key: 'second', count: 1, digits: 4 },
  { key: 'third', count: 1, digits: 4 },
  { key: 'starter', count: 10, digits: 4 },
  { key: 'consolation', count: 10, digits: 4 },
];

export function layoutOf(kind: FeedKind, region: string | null): PrizeRow[] {
  if (kind === 'vn') return region === 'MB' ? VN_MB : VN_MNT;
  return kind === 'thai' ? THAI : FOUR_D;
}

/** The form's field name of a prize's n-th number. */
export const fieldName = (key: string, n: number) => `${key}_${n}`;

/** The engine's result from the typed numbers (field name → digits). */
export function toResult(kind: FeedKind, region: string | null, values: Record<string, string>): unknown {
  const nums = (row: PrizeRow) =>
    Array.from({ length: row.count }, (_, n) => (values[fieldName(row.key, n)] ?? '').trim());
  const rows = layoutOf(kind, region);
  const by = Object.fromEntries(rows.map((r) => [r.key, nums(r)]));
  if (kind === 'vn') return { region, prizes: by };
  if (kind === 'thai') return { first: by.first![0], front3: by.front3, back3: by.back3, last2: by.last2![0] };
  return {
    first: by.first![0],
    second: by.second![0],
    third: by.third![0],
    starter: by.starter,
    consolation: by.consolation,
  };
}
