import type { SabongBetSide, SabongFightView, SabongHistory } from '@sea/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { newRequestId } from '../../../api/house.ts';
import type { SabongApi } from '../../../api/sabong.ts';
import { secondsLeft, usePoll, useTableEvents, useTicker } from '../baccarat/use-poll.ts';
import { ChipRack, refusedLimits, useTableChip } from '../chips.tsx';
import { formatMinor } from '../money.ts';
import { ArenaStage } from './Arena.tsx';
import './sabong.css';

const CHIPS = [20n, 50n, 100n, 500n, 1_000n, 5_000n];
const SIDES: SabongBetSide[] = ['meron', 'draw', 'wala'];

function errorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'errors.generic';
  if (err.code === 'unauthorized') return 'errors.session';
  if (err.code === 'state_invalid') return 'errors.closed';
  if (err.code === 'insufficient_funds') return 'errors.funds';
  if (err.code === 'amount_out_of_range') return 'errors.limit';
  if (err.code === 'network_error') return 'errors.network';
  return 'errors.generic';
}

const isOpen = (f: SabongFightView | null | undefined) => f?.phase === 'open' || f?.phase === 'last_call';
const pct = (bps: number) => (bps / 100).toFixed(bps % 100 ? 2 : 0);

/** The always-visible notice that the fights are simulated (never presented as real cockfights). */
function SimulatedNotice() {
  const { t } = useTranslation('sabong');
  return (
    <p className="sb-notice" data-testid="sb-simulated">
      <strong>{t('simulatedBadge')}</strong> {t('simulated')}
    </p>
  );
}

/** The latest results of an arena (newest first): M / W / D, C for a cancelled fight. */
function Board(props: {
  history: { id: string; fightNo: number; outcome: SabongBetSide | null; cancelled: boolean }[];
}) {
  const { t } = useTranslation('sabong');
  if (!props.history.length) return <p className="sb-muted">{t('noBoard')}</p>;
  return (
    <ol className="sb-board" aria-label={t('board')}>
      {props.history.map((h) => {
        const key = h.cancelled ? 'cancelled' : (h.outcome ?? 'cancelled');
        return (
          <li
            key={h.id}
            className={`sb-board__cell sb-board__cell--${key}`}
            title={`${t('fight', { n: h.fightNo })}: ${h.cancelled ? t('cancelledFight') : t(`winner.${key}`)}`}
          >
            {t(`boardShort.${key}`)}
          </li>
        );
      })}
    </ol>
  );
}

function Lobby(props: { api: SabongApi; onOpen: (code: string) => void }) {
  const { t } = useTranslation('sabong');
  const [codes, setCodes] = useState<string[]>([]);
  // Every arena's steps pushed: the list reads again at once, and polls every 10 s (every 2 s while pushes are down).
  const live = useTableEvents(props.api.follow, codes, () => refresh.current());
  const poll = usePoll(() => props.api.lobby(), live ? 10_000 : 2000, 'lobby');
  const refresh = useRef(poll.refresh);
  refresh.current = poll.refresh;
  const listed = poll.data?.arenas.map((x) => x.code).join(',') ?? '';
  useEffect(() => setCodes(listed ? listed.split(',') : []), [listed]);
  const now = useTicker(500);
  if (!poll.data)
    return (
      <p className="sb-status" role="status">
        {poll.error ? t(errorKey(poll.error)) : t('loading')}
      </p>
    );
  const money = { exponent: poll.data.exponent };
  return (
    <section aria-labelledby="sb-lobby-h">
      <h1 id="sb-lobby-h" className="sb-title">
        {t('title')} <small>{t('ownGame')}</small>
      </h1>
      <SimulatedNotice />
      <ul className="sb-lobby">
        {poll.data.arenas.map((a) => {
          const f = a.fight;
          return (
            <li key={a.code} className="sb-lobby__arena">
              <div className="sb-lobby__head">
                <h2>{a.name}</h2>
                <span data-testid={`sb-lobby-phase-${a.code}`}>
                  {f ? `${t('fight', { n: f.fightNo })} · ${t(`phase.${f.phase}`)}` : t('phase.waiting')}
                  {isOpen(f) ? ` · ${t('seconds', { s: secondsLeft(f!.closesAt, now, poll.offset) })}` : ''}
                </span>
              </div>
              <p className="sb-muted">
                {t('limits', { min: formatMinor(money, BigInt(a.minBet)), max: formatMinor(money, BigInt(a.maxBet)) })}{' '}
                · {t('plasada', { pct: pct(a.plasadaBps) })}
              </p>
              <Board history={a.history.slice(0, 12)} />
              <button type="button" className="sb-open" onClick={() => props.onOpen(a.code)}>
                {t('open', { name: a.name })}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** One arena: the fight every player sees, the bet spots with live payouts, the member's bets, the results. */
function ArenaPage(props: { api: SabongApi; code: string; onLobby: () => void }) {
  const { t } = useTranslation('sabong');
  const { api, code } = props;
  // Pushed steps and bets (the payouts move) make the page read the arena at once; it polls every 5 s while they
  // arrive, every second while the fight plays out (its exchanges follow the server's clock) or when they do not.
  const [fighting, setFighting] = useState(false);
  const pushed = useTableEvents(api.follow, [code], () => refresh.current());
  const poll = usePoll(() => api.arena(code), pushed && !fighting ? 5000 : 1000, code);
  const refresh = useRef(poll.refresh);
  refresh.current = poll.refresh;
  const now = useTicker(250);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [history, setHistory] = useState<SabongHistory | null>(null);
  const lastPhase = useRef<string | null>(null);
  const view = poll.data;
  // The chip follows the arena's limits as they are read (staff may raise the minimum between fights).
  const chips = useTableChip(CHIPS, 10n ** BigInt(view?.exponent ?? 0), view?.arena.minBet, view?.arena.maxBet);
  const chip = chips.chip;
  const fight = view?.arena.fight ?? null;
  const phase = fight?.phase ?? null;
  useEffect(() => setFighting(phase === 'closed' || phase === 'fighting'), [phase]);

  useEffect(() => {
    if (phase && phase !== lastPhase.current) {
      if (phase === 'result' || phase === 'cancelled' || lastPhase.current === null)
        void api.history().then(setHistory, () => undefined);
      lastPhase.current = phase;
    }
  }, [phase, api]);

  if (!view)
    return (
      <p className="sb-status" role="status">
        {poll.error ? t(errorKey(poll.error)) : t('loading')}
      </p>
    );
  const arena = view.arena;
  const money = { exponent: view.exponent };
  const unit = 10n ** BigInt(view.exponent);
  const left = secondsLeft(fight?.closesAt, now, poll.offset);
  // The server's clock decides: at 0 s betting is over even before the next poll says so.
  const open = isOpen(fight) && left > 0;
  const live = view.myBets.filter((b) => b.status !== 'refused');
  const back = view.myBets.reduce((s, b) => s + BigInt(b.payout ?? '0'), 0n);
  const settled = view.myBets.some((b) => b.status === 'settled');
  const refunded = view.myBets.some((b) => b.status === 'refunded');

  async function bet(side: SabongBetSide) {
    if (!fight) return;
    setBusy(true);
    setError(null);
    try {
      await api.bet(code, fight.id, side, chip * unit, newRequestId());
      poll.refresh();
    } catch (err) {
      const limits = await refusedLimits(err, chip * unit, () => api.arena(code).then((v) => v.arena), arena);
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

  let resultText = '';
  if (fight?.phase === 'cancelled') resultText = fight.cancelReason ? t(`cancelReason.${fight.cancelReason}`) : '';
  else if (fight?.outcome) resultText = t(`winner.${fight.outcome}`);
  if (resultText && settled)
    resultText += ` · ${back > 0n ? t('won', { amount: formatMinor(money, back) }) : t('lost')}`;
  if (resultText && refunded) resultText += ` · ${t('refunded', { amount: formatMinor(money, back) })}`;

  return (
    // data-push: whether the fight's steps arrive pushed (else the page polls every second).
    <div className="sb-arena" data-push={pushed ? 'on' : 'off'}>
      <div className="sb-bar">
        <button type="button" className="sb-link" onClick={props.onLobby}>
          ← {t('backToLobby')}
        </button>
        <h1 className="sb-bar__name">{arena.name}</h1>
        <span className="sb-balance">
          {t('balance')} <strong data-testid="sb-balance">{formatMinor(money, BigInt(view.balance))}</strong>
        </span>
      </div>
      <SimulatedNotice />
      <div className="sb-main">
        <section className="sb-fight" aria-label={fight ? t('fight', { n: fight.fightNo }) : t('phase.waiting')}>
          <div className="sb-fight__head">
            <span data-testid="sb-fight-no">{fight ? t('fight', { n: fight.fightNo }) : ''}</span>
            <strong role="status" data-testid="sb-phase" data-phase={phase ?? 'waiting'}>
              {phase ? t(`phase.${open || !isOpen(fight) ? phase : 'closed'}`) : t('phase.waiting')}
              {open ? ` · ${t('seconds', { s: left })}` : ''}
            </strong>
            <span
              className={`sb-countdown${phase === 'last_call' ? ' sb-countdown--last' : ''}`}
              data-testid="sb-countdown"
              aria-hidden="true"
            >
              {open ? left : ''}
            </span>
          </div>
          <ArenaStage fight={fight} serverNow={now + poll.offset} />
          <p className="sb-result" aria-live="polite" data-testid="sb-result">
            {resultText}
          </p>
        </section>

        <section className="sb-betting">
          <div className="sb-spots">
            {SIDES.map((side) => {
              const mine = live
                .filter((b) => b.side === side && b.status !== 'refunded')
                .reduce((s, b) => s + BigInt(b.amount), 0n);
              const pays = fight?.payouts[side] ?? null;
              const won = fight?.outcome === side && (phase === 'result' || phase === 'settled');
              return (
                <button
                  key={side}
                  type="button"
                  className={`sb-spot sb-spot--${side}${won ? ' sb-spot--win' : ''}`}
                  disabled={!open || busy}
                  onClick={() => void bet(side)}
                  data-testid={`sb-spot-${side}`}
                  aria-label={`${t(`side.${side}`)}, ${pays ? t('payout', { x: pays }) : t('noPayout')}${
                    mine ? `, ${t('mine', { amount: formatMinor(money, mine) })}` : ''
                  }`}
                >
                  <span className="sb-spot__name">{t(`side.${side}`)}</span>
                  <span className="sb-spot__pays" data-testid={`sb-pays-${side}`}>
                    {side === 'draw' ? t('drawPays') : pays ? t('payout', { x: pays }) : t('noPayout')}
                  </span>
                  <span className="sb-spot__pool">
                    {t('pool', { amount: formatMinor(money, BigInt(fight?.pools[side] ?? '0')) })}
                  </span>
                  {mine > 0n && (
                    <span className="sb-spot__mine" data-testid={`sb-mine-${side}`}>
                      {t('mine', { amount: formatMinor(money, mine) })}
                    </span>
                  )}
                </button>
              );
            })}
          </div>
          <p className="sb-muted sb-odds-note" data-testid="sb-odds-note">
            {fight?.oddsFixed ? t('fixed') : t('estimated')} · {t('plasada', { pct: pct(arena.plasadaBps) })} ·{' '}
            {t('limits', {
              min: formatMinor(money, BigInt(arena.minBet)),
              max: formatMinor(money, BigInt(arena.maxBet)),
            })}
          </p>
          <ChipRack
            chips={CHIPS}
            chip={chip}
            allowed={chips.allowed}
            onChoose={chips.choose}
            block="sb"
            label={t('chips')}
            chipLabel={(amount) => t('chip', { amount })}
          />
          {chips.clamped && (
            <p className="sb-muted" role="status" data-testid="sb-chip-clamped">
              {t('chipClamped', { amount: formatMinor(money, chip * unit) })}
            </p>
          )}
          {error && (
            <p className="sb-error" role="alert">
              {error}
            </p>
          )}
          <h2 className="sb-h2">{t('myBets')}</h2>
          {!view.myBets.length ? (
            <p className="sb-muted">{t('noBets')}</p>
          ) : (
            <ul className="sb-list" data-testid="sb-my-bets">
              {view.myBets.map((b) => (
                <li key={b.id}>
                  <span>
                    {t('betRow', { side: t(`side.${b.side}`), amount: formatMinor(money, BigInt(b.amount)) })}
                  </span>
                  <span>{t(`status.${b.status}`)}</span>
                  <span>{b.payout !== null ? t('paid', { amount: formatMinor(money, BigInt(b.payout)) }) : ''}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="sb-board-h">
        <h2 id="sb-board-h" className="sb-h2">
          {t('board')}
        </h2>
        <Board history={arena.history} />
      </section>
      <section aria-labelledby="sb-history-h">
        <h2 id="sb-history-h" className="sb-h2">
          {t('history')}
        </h2>
        {!history?.fights.length ? (
          <p className="sb-muted">{t('noHistory')}</p>
        ) : (
          <ul className="sb-list" data-testid="sb-history">
            {history.fights.map((h) => (
              <li key={h.fightId}>
                <span>{t('historyRow', { arena: h.arena, n: h.fightNo })}</span>
                <span>
                  {h.outcome ? t(`winner.${h.outcome}`) : h.status === 'cancelled' ? t('cancelledFight') : ''}
                </span>
                <span>{t('stake', { amount: formatMinor(money, BigInt(h.stake)) })}</span>
                <span>{t('paid', { amount: formatMinor(money, BigInt(h.payout)) })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {fight && (
        <p className="sb-seed">
          {t('seedHash')} <code>{fight.seedHash}</code>{' '}
          <a href={`/sabong/v1/fights/${fight.id}`} target="_blank" rel="noreferrer">
            {t('proof')}
          </a>
        </p>
      )}
    </div>
  );
}

/** Our own sabong (/play/sabong?token=…&arena=…): the arenas, or one arena. */
export function SabongApp(props: { api: SabongApi | null; initialArena: string | null }) {
  const { t } = useTranslation('sabong');
  const [arena, setArena] = useState<string | null>(props.initialArena);
  if (!props.api)
    return (
      <main className="sb-app">
        <p className="sb-status" role="alert">
          {t('errors.session')}
        </p>
      </main>
    );
  return (
    <main className="sb-app">
      {arena ? (
        <ArenaPage api={props.api} code={arena} onLobby={() => setArena(null)} />
      ) : (
        <Lobby api={props.api} onOpen={setArena} />
      )}
    </main>
  );
}
