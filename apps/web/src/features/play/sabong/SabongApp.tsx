import type { SabongBetSide, SabongFightView } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import type { SabongApi } from '../../../api/sabong.ts';
import { formatMinor } from '../money.ts';
import {
  TableChips,
  TableError,
  TableGameApp,
  TableStatus,
  useTableBetting,
  useTableLobby,
  useTableRound,
} from '../table-kit/table-kit.tsx';
import { ArenaStage } from './Arena.tsx';
import './sabong.css';

const CHIPS = [20n, 50n, 100n, 500n, 1_000n, 5_000n];
const SIDES: SabongBetSide[] = ['meron', 'draw', 'wala'];

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
  const poll = useTableLobby(
    props.api.follow,
    () => props.api.lobby(),
    (l) => l.arenas.map((x) => x.code),
  );
  if (!poll.data) return <TableStatus block="sb" error={poll.error} t={t} />;
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
                  {isOpen(f) ? ` · ${t('seconds', { s: poll.secondsLeft(f!.closesAt) })}` : ''}
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
  // Pushed steps and bets (the payouts move) make the page read the arena at once; polled every second while the
  // fight plays out (its exchanges follow the server's clock).
  const r = useTableRound({
    follow: api.follow,
    code,
    load: () => api.arena(code),
    phaseOf: (v) => v.arena.fight?.phase ?? null,
    fastPhases: ['closed', 'fighting'],
    history: () => api.history(),
    historyPhases: ['result', 'cancelled'],
  });
  const view = r.view;
  // The chip follows the arena's limits as they are read (staff may raise the minimum between fights).
  const betting = useTableBetting({
    chips: CHIPS,
    exponent: view?.exponent,
    limits: view?.arena,
    t,
    refresh: r.refresh,
    reread: () => api.arena(code).then((v) => v.arena),
  });
  const fight = view?.arena.fight ?? null;
  const phase = r.phase;
  const history = r.history;
  const now = r.now;

  if (!view) return <TableStatus block="sb" error={r.error} t={t} />;
  const arena = view.arena;
  const money = { exponent: view.exponent };
  const left = r.secondsLeft(fight?.closesAt);
  // The server's clock decides: at 0 s betting is over even before the next poll says so.
  const open = isOpen(fight) && left > 0;
  const live = view.myBets.filter((b) => b.status !== 'refused');
  const back = view.myBets.reduce((s, b) => s + BigInt(b.payout ?? '0'), 0n);
  const settled = view.myBets.some((b) => b.status === 'settled');
  const refunded = view.myBets.some((b) => b.status === 'refunded');
  const pushed = r.live;

  function bet(side: SabongBetSide) {
    if (!fight) return;
    void betting.place((amount, requestId) => api.bet(code, fight.id, side, amount, requestId));
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
          <ArenaStage fight={fight} serverNow={now + r.offset} />
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
                  disabled={!open || betting.busy}
                  onClick={() => bet(side)}
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
          <TableChips block="sb" noteClass="sb-muted" chips={CHIPS} betting={betting} exponent={view.exponent} t={t} />
          <TableError block="sb" error={betting.error} />
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
  return (
    <TableGameApp
      block="sb"
      api={props.api}
      initial={props.initialArena}
      t={t}
      lobby={(api, open) => <Lobby api={api} onOpen={open} />}
      table={(api, code, toLobby) => <ArenaPage api={api} code={code} onLobby={toLobby} />}
    />
  );
}
