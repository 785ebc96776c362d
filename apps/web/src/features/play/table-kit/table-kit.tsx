import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { newRequestId } from '../../../api/house.ts';
import { ChipRack, refusedLimits, useTableChip } from '../chips.tsx';
import { formatMinor } from '../money.ts';
import { secondsLeft, usePoll, useTableEvents, useTicker } from './use-poll.ts';

/**
 * The web side of our shared-round table games (baccarat tables, sabong arenas; the server's kit is
 * games/table-rounds.ts): the lobby's and the table's reading (pushed steps, polling as the safety net, the server's
 * clock), the round's phase changes, the member's history, placing a chip on a spot (a refusal's message, the limits
 * read again), the chips, the loading and error states and the page's shell. Each game keeps its own spots, board
 * and texts (its i18n namespace holds the same keys for the shared ones: loading, errors.*, chips, chip, chipClamped).
 */

type Follow = Parameters<typeof useTableEvents>[0];
type Limits = { minBet: string; maxBet: string };

/** The game's text key of an API failure (errors.* in the game's namespace). */
export function tableErrorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'errors.generic';
  if (err.code === 'unauthorized') return 'errors.session';
  if (err.code === 'state_invalid') return 'errors.closed';
  if (err.code === 'insufficient_funds') return 'errors.funds';
  if (err.code === 'amount_out_of_range') return 'errors.limit';
  if (err.code === 'network_error') return 'errors.network';
  return 'errors.generic';
}

/** Loading, or why the page cannot be read (`<block>-status`). */
export function TableStatus(props: { block: string; error: unknown; t: TFunction }) {
  return (
    <p className={`${props.block}-status`} role="status">
      {props.error ? props.t(tableErrorKey(props.error)) : props.t('loading')}
    </p>
  );
}

/**
 * The lobby's reading: every table's steps pushed make it read again at once; it polls every 10 s (every 2 s while
 * the pushes are down). `now` ticks for the countdowns.
 */
export function useTableLobby<L extends { serverTime: string }>(
  follow: Follow,
  load: () => Promise<L>,
  codesOf: (lobby: L) => string[],
) {
  const [codes, setCodes] = useState<string[]>([]);
  const live = useTableEvents(follow, codes, () => refresh.current());
  const poll = usePoll(load, live ? 10_000 : 2000, 'lobby');
  const refresh = useRef(poll.refresh);
  refresh.current = poll.refresh;
  const listed = poll.data ? codesOf(poll.data).join(',') : '';
  useEffect(() => setCodes(listed ? listed.split(',') : []), [listed]);
  const now = useTicker(500);
  return { ...poll, now, secondsLeft: (iso: string | null | undefined) => secondsLeft(iso, now, poll.offset) };
}

/**
 * One table's round as every player sees it: pushed steps (and bets) make the page read the table at once; it polls
 * every 5 s while they arrive, every second while they do not or while the round plays out by the server's clock
 * (`fastPhases`: cards dealt one by one, the fight's exchanges). On each new phase `onPhase` is told, and the
 * member's history is read at the first phase and at each of `historyPhases`.
 */
export function useTableRound<V extends { serverTime: string; exponent: number }, H>(k: {
  follow: Follow;
  code: string;
  load: () => Promise<V>;
  phaseOf: (view: V) => string | null;
  fastPhases: readonly string[];
  history: () => Promise<H>;
  historyPhases: readonly string[];
  onPhase?: (phase: string) => void;
}) {
  const [fast, setFast] = useState(false);
  const live = useTableEvents(k.follow, [k.code], () => refresh.current());
  const poll = usePoll(k.load, live && !fast ? 5000 : 1000, k.code);
  const refresh = useRef(poll.refresh);
  refresh.current = poll.refresh;
  const now = useTicker(250);
  const [history, setHistory] = useState<H | null>(null);
  const lastPhase = useRef<string | null>(null);
  const phase = poll.data ? k.phaseOf(poll.data) : null;
  const told = useRef({ onPhase: k.onPhase, history: k.history, historyPhases: k.historyPhases });
  told.current = { onPhase: k.onPhase, history: k.history, historyPhases: k.historyPhases };
  const fastKey = k.fastPhases.join(',');
  useEffect(() => setFast(!!phase && fastKey.split(',').includes(phase)), [phase, fastKey]);
  useEffect(() => {
    if (phase && phase !== lastPhase.current) {
      const { onPhase, history: read, historyPhases } = told.current;
      onPhase?.(phase);
      if (historyPhases.includes(phase) || lastPhase.current === null) void read().then(setHistory, () => undefined);
      lastPhase.current = phase;
    }
  }, [phase]);
  return {
    view: poll.data,
    error: poll.error,
    offset: poll.offset,
    refresh: poll.refresh,
    live,
    now,
    phase,
    history,
    secondsLeft: (iso: string | null | undefined) => secondsLeft(iso, now, poll.offset),
  };
}

/**
 * The chips and the placing of one on a spot: the chip follows the table's limits as they are read (staff may raise
 * the minimum between rounds); a bet carries a new request id; a refusal says why (the limits read again when the
 * amount was out of range); the table is read again either way.
 */
export function useTableBetting(k: {
  chips: readonly bigint[];
  exponent: number | undefined;
  limits: Limits | undefined;
  t: TFunction;
  refresh: () => void;
  reread: () => Promise<Limits>;
}) {
  const unit = 10n ** BigInt(k.exponent ?? 0);
  const chips = useTableChip(k.chips, unit, k.limits?.minBet, k.limits?.maxBet);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = chips.chip * unit;
  async function place(send: (amount: bigint, requestId: string) => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await send(amount, newRequestId());
      k.refresh();
    } catch (err) {
      const limits = k.limits && (await refusedLimits(err, amount, k.reread, k.limits));
      const money = { exponent: k.exponent ?? 0 };
      setError(
        limits
          ? k.t('errors.range', { min: formatMinor(money, limits.min), max: formatMinor(money, limits.max) })
          : k.t(tableErrorKey(err)),
      );
      k.refresh();
    } finally {
      setBusy(false);
    }
  }
  return { ...chips, amount, busy, error, place };
}

/** The chip rack with the note that the chip was lowered or raised to the table's limits (`<block>-…`). */
export function TableChips(props: {
  block: string;
  noteClass: string;
  chips: readonly bigint[];
  betting: ReturnType<typeof useTableBetting>;
  exponent: number;
  t: TFunction;
}) {
  const { betting: b, t } = props;
  return (
    <>
      <ChipRack
        chips={props.chips}
        chip={b.chip}
        allowed={b.allowed}
        onChoose={b.choose}
        block={props.block}
        label={t('chips')}
        chipLabel={(amount) => t('chip', { amount })}
      />
      {b.clamped && (
        <p className={props.noteClass} role="status" data-testid={`${props.block}-chip-clamped`}>
          {t('chipClamped', { amount: formatMinor({ exponent: props.exponent }, b.amount) })}
        </p>
      )}
    </>
  );
}

/** A bet's refusal (`<block>-error`). */
export function TableError(props: { block: string; error: string | null }) {
  return props.error ? (
    <p className={`${props.block}-error`} role="alert">
      {props.error}
    </p>
  ) : null;
}

/** The page (/play/<game>?token=…&<table>=…): without a game session, why; else the lobby, or one table in place. */
export function TableGameApp<A>(props: {
  block: string;
  api: A | null;
  initial: string | null;
  t: TFunction;
  lobby: (api: A, open: (code: string) => void) => ReactNode;
  table: (api: A, code: string, toLobby: () => void) => ReactNode;
}) {
  const [code, setCode] = useState<string | null>(props.initial);
  return (
    <main className={`${props.block}-app`}>
      {!props.api ? (
        <p className={`${props.block}-status`} role="alert">
          {props.t('errors.session')}
        </p>
      ) : code ? (
        props.table(props.api, code, () => setCode(null))
      ) : (
        props.lobby(props.api, setCode)
      )}
    </main>
  );
}
