import type { BaccaratHistory, BaccaratSpot } from '@sea/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import type { BaccaratApi } from '../../../api/baccarat.ts';
import { newRequestId } from '../../../api/house.ts';
import { ChipRack, refusedLimits, useTableChip } from '../chips.tsx';
import { formatMinor } from '../money.ts';
import { BetSpots } from './BetSpots.tsx';
import { CardFace, handPoints } from './Cards.tsx';
import { Roads } from './Roads.tsx';
import { beep } from './sound.ts';
import { secondsLeft, usePoll, useTableEvents, useTicker } from './use-poll.ts';

const CHIPS = [10n, 50n, 100n, 500n, 1_000n, 5_000n];

function errorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'errors.generic';
  if (err.code === 'unauthorized') return 'errors.session';
  if (err.code === 'state_invalid') return 'errors.closed';
  if (err.code === 'insufficient_funds') return 'errors.funds';
  if (err.code === 'amount_out_of_range') return 'errors.limit';
  if (err.code === 'network_error') return 'errors.network';
  return 'errors.generic';
}

/**
 * One table: the round every player sees (phase and countdown by the server's clock, cards one by one, the result),
 * chips and bet spots with the table's totals and the member's own bets, the roads, the member's rounds.
 */
export function TablePage(props: { api: BaccaratApi; code: string; onLobby: () => void }) {
  const { t } = useTranslation('baccarat');
  const { api, code } = props;
  // Pushed steps make the page read the table at once; it polls every second while they do not arrive, and while
  // cards are being dealt (they are shown one by one by the server's clock), every 5 s otherwise.
  const [dealing, setDealing] = useState(false);
  const live = useTableEvents(api.follow, [code], () => refresh.current());
  const poll = usePoll(() => api.table(code), live && !dealing ? 5000 : 1000, code);
  const refresh = useRef(poll.refresh);
  refresh.current = poll.refresh;
  const now = useTicker(250);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sound, setSound] = useState(false);
  const [history, setHistory] = useState<BaccaratHistory | null>(null);
  const lastPhase = useRef<string | null>(null);

  const view = poll.data;
  // The chip follows the table's limits as they are read (staff may raise the minimum between rounds).
  const chips = useTableChip(CHIPS, 10n ** BigInt(view?.exponent ?? 0), view?.table.minBet, view?.table.maxBet);
  const chip = chips.chip;
  const round = view?.table.round ?? null;
  const phase = round?.phase ?? null;
  useEffect(() => setDealing(phase === 'dealing' || phase === 'closed'), [phase]);

  useEffect(() => {
    if (phase && phase !== lastPhase.current) {
      if (sound && (phase === 'result' || phase === 'closing')) beep(phase === 'result' ? 880 : 440);
      if (phase === 'result' || lastPhase.current === null) void api.history().then(setHistory, () => undefined);
      lastPhase.current = phase;
    }
  }, [phase, sound, api]);

  if (!view) {
    return (
      <p className="bac-status" role="status">
        {poll.error ? t(errorKey(poll.error)) : t('loading')}
      </p>
    );
  }
  const table = view.table;
  const money = { exponent: view.exponent };
  const unit = 10n ** BigInt(view.exponent);
  const open = phase === 'betting' || phase === 'closing';
  const left = secondsLeft(round?.closesAt, now, poll.offset);
  const myWon = view.myBets.reduce((s, b) => s + BigInt(b.payout ?? '0'), 0n);
  const settledMine = view.myBets.some((b) => b.status === 'settled');

  async function bet(spot: BaccaratSpot) {
    if (!round) return;
    setBusy(true);
    setError(null);
    try {
      await api.bet(code, round.id, spot, chip * unit, newRequestId());
      poll.refresh();
    } catch (err) {
      const limits = await refusedLimits(err, chip * unit, () => api.table(code).then((v) => v.table), table);
      setError(
        limits
          ? t('errors.range', { min: formatMinor(money, limits.min), max: formatMinor(money, limits.max) })
          : t(errorKey(err)),
      );
      poll.refresh();
    } finally {
      setBusy(false);
    }
  }

  const phaseText = phase ? t(`phase.${phase}`) : t('phase.waiting');
  return (
    // data-push: whether the round's steps arrive pushed (else the page polls every second).
    <div className="bac-table" data-push={live ? 'on' : 'off'}>
      <div className="bac-table__bar">
        <button type="button" className="bac-link" onClick={props.onLobby}>
          ← {t('backToLobby')}
        </button>
        <h1 className="bac-table__name">{table.name}</h1>
        <span className="bac-balance">
          {t('balance')} <strong data-testid="bac-balance">{formatMinor(money, BigInt(view.balance))}</strong>
        </span>
        <button type="button" className="bac-link" aria-pressed={sound} onClick={() => setSound(!sound)}>
          {sound ? t('soundOn') : t('soundOff')}
        </button>
      </div>

      <section className={`bac-stage bac-stage--${phase ?? 'waiting'}`} aria-label={t('hand', { n: round?.hand ?? 0 })}>
        <div className="bac-stage__head">
          <span>{round ? t('hand', { n: round.hand }) : ''}</span>
          <strong role="status" data-testid="bac-phase" data-phase={phase ?? 'waiting'}>
            {phaseText}
            {open ? ` · ${t('seconds', { s: left })}` : ''}
          </strong>
          <span className="bac-countdown" data-testid="bac-countdown" aria-hidden="true">
            {open ? left : ''}
          </span>
        </div>
        <div className="bac-hands">
          {(['player', 'banker'] as const).map((side) => {
            const cards = round?.cards?.[side] ?? [];
            return (
              <div key={side} className={`bac-hand bac-hand--${side}`} data-testid={`bac-hand-${side}`}>
                <h2>
                  {t(`spot.${side}`)} <span className="bac-hand__points">{cards.length ? handPoints(cards) : ''}</span>
                </h2>
                <div className="bac-hand__cards">
                  {cards.map((c, i) => (
                    <CardFace key={i} code={c} />
                  ))}
                </div>
              </div>
            );
          })}
        </div>
        <p className="bac-result" aria-live="polite" data-testid="bac-result">
          {round?.result ? t(`winner.${round.result.winner}`) : ''}
          {round?.result && settledMine
            ? ` · ${myWon > 0n ? t('won', { amount: formatMinor(money, myWon) }) : t('lost')}`
            : ''}
        </p>
      </section>

      <ChipRack
        chips={CHIPS}
        chip={chip}
        allowed={chips.allowed}
        onChoose={chips.choose}
        block="bac"
        label={t('chips')}
        chipLabel={(amount) => t('chip', { amount })}
      />
      {chips.clamped && (
        <p className="bac-note" role="status" data-testid="bac-chip-clamped">
          {t('chipClamped', { amount: formatMinor(money, chip * unit) })}
        </p>
      )}
      <BetSpots table={table} myBets={view.myBets} exponent={view.exponent} open={open} busy={busy} onBet={bet} />
      {error && (
        <p className="bac-error" role="alert">
          {error}
        </p>
      )}
      <p className="bac-limits">
        {t('limits', { min: formatMinor(money, BigInt(table.minBet)), max: formatMinor(money, BigInt(table.maxBet)) })}{' '}
        · {t(`variant.${table.variant}`)}
      </p>

      <Roads table={table} />

      <section className="bac-history" aria-labelledby="bac-history-h">
        <h2 id="bac-history-h">{t('history')}</h2>
        {!history?.rounds.length ? (
          <p>{t('noHistory')}</p>
        ) : (
          <ul>
            {history.rounds.map((r) => (
              <li key={r.roundId}>
                <span>{t('historyRow', { table: r.table, hand: r.hand })}</span>
                <span>
                  {r.result ? t(`winner.${r.result.winner}`) : r.status === 'cancelled' ? t('cancelledRound') : ''}
                </span>
                <span>{t('stake', { amount: formatMinor(money, BigInt(r.stake)) })}</span>
                <span>{t('payout', { amount: formatMinor(money, BigInt(r.payout)) })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {table.shoe && (
        <p className="bac-shoe">
          {t('shoe', { id: table.shoe.id })} <code>{table.shoe.seedHash}</code>{' '}
          <a href={`/baccarat/v1/shoes/${table.shoe.id}`} target="_blank" rel="noreferrer">
            {t('proof')}
          </a>
        </p>
      )}
    </div>
  );
}
