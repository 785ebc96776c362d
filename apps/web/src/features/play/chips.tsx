import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error.ts';

/** The chips (major units) whose bet is within the limits [min, max] (minor units; `unit` = minor per major). */
export function chipsWithin(chips: readonly bigint[], unit: bigint, min: bigint, max: bigint): bigint[] {
  return chips.filter((c) => c * unit >= min && c * unit <= max);
}

/**
 * The chip a shared-round table's limits allow, closest to `chip`: itself when within them, else the smallest chip
 * at or above the minimum (the largest at or below the maximum when the chip is above it); when no chip is within
 * the limits, the one nearest to them.
 */
export function clampChip(chips: readonly bigint[], unit: bigint, min: bigint, max: bigint, chip: bigint): bigint {
  const allowed = chipsWithin(chips, unit, min, max);
  if (allowed.includes(chip)) return chip;
  if (allowed.length) return chip * unit > max ? allowed[allowed.length - 1]! : allowed[0]!;
  return chips.filter((c) => c * unit <= max).at(-1) ?? chips[0]!;
}

/**
 * The selected chip of a table page, kept within the table's limits (minor-unit strings, undefined until the table
 * is read): when staff change them (the pushed table settings make the page read them again), a chip outside is
 * moved to the nearest one inside at once, and `clamped` says so until the player chooses a chip again.
 */
export function useTableChip(chips: readonly bigint[], unit: bigint, minBet?: string, maxBet?: string) {
  const [chip, setChip] = useState(chips[0]!);
  const [clamped, setClamped] = useState(false);
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (minBet === undefined || maxBet === undefined) return;
    const limits = `${minBet}:${maxBet}`;
    if (seen.current === limits) return;
    const first = seen.current === null;
    seen.current = limits;
    const next = clampChip(chips, unit, BigInt(minBet), BigInt(maxBet), chip);
    if (next === chip) return;
    setChip(next);
    // The first read places the chip silently; a later change of the limits is told.
    if (!first) setClamped(true);
  }, [chips, unit, minBet, maxBet, chip]);
  const allowed =
    minBet === undefined || maxBet === undefined ? chips : chipsWithin(chips, unit, BigInt(minBet), BigInt(maxBet));
  return {
    chip,
    clamped,
    allowed,
    choose(c: bigint) {
      setChip(c);
      setClamped(false);
    },
  };
}

type Limits = { minBet: string; maxBet: string };

/**
 * The limits to name when a bet of `amount` was refused: for an amount_out_of_range refusal the table's limits read
 * again (staff may have changed them since the page read them; `known` when that read fails), when the amount is
 * outside them; undefined otherwise (another refusal, or the round's own limit).
 */
export async function refusedLimits(
  err: unknown,
  amount: bigint,
  reread: () => Promise<Limits>,
  known: Limits,
): Promise<{ min: bigint; max: bigint } | undefined> {
  if (!(err instanceof ApiError) || err.code !== 'amount_out_of_range') return undefined;
  const l = await reread().catch(() => known);
  const min = BigInt(l.minBet);
  const max = BigInt(l.maxBet);
  return amount < min || amount > max ? { min, max } : undefined;
}

/** The chips of a table page: a radio group; chips outside the table's limits are shown but cannot be chosen. */
export function ChipRack(props: {
  chips: readonly bigint[];
  chip: bigint;
  allowed: readonly bigint[];
  onChoose: (c: bigint) => void;
  /** CSS block: 'bac' or 'sb' (`<block>-chips`, `<block>-chip`, `<block>-chip--on`). */
  block: string;
  label: string;
  chipLabel: (amount: string) => string;
}) {
  const { block } = props;
  return (
    <div className={`${block}-chips`} role="radiogroup" aria-label={props.label}>
      {props.chips.map((c) => (
        <button
          key={String(c)}
          type="button"
          role="radio"
          aria-checked={props.chip === c}
          aria-label={props.chipLabel(String(c))}
          disabled={!props.allowed.includes(c)}
          className={`${block}-chip${props.chip === c ? ` ${block}-chip--on` : ''}`}
          onClick={() => props.onChoose(c)}
        >
          {c >= 1000n ? `${c / 1000n}K` : String(c)}
        </button>
      ))}
    </div>
  );
}
