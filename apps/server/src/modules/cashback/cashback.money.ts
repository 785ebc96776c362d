/** The days (local dates) of a period key: a day, or `W` + the Monday of its ISO week (seven days). */
export function daysOf(periodKey: string, addDays: (day: string, n: number) => string): string[] {
  if (!periodKey.startsWith('W')) return [periodKey];
  return Array.from({ length: 7 }, (_, i) => addDays(periodKey.slice(1), i));
}

/**
 * What a period pays on a net loss (minor units): nothing when the member did not lose or lost less than the
 * minimum; else percentBp / 10 000 of the loss, rounded down to the minor unit, at most the cap.
 */
export function cashbackOf(netLoss: bigint, p: { percentBp: number; minNetLoss: bigint; cap: bigint }): bigint {
  if (netLoss <= 0n || netLoss < p.minNetLoss) return 0n;
  const amount = (netLoss * BigInt(p.percentBp)) / 10_000n;
  return amount > p.cap ? p.cap : amount;
}
