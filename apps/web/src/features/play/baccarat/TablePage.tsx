import type { BaccaratSpot } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaccaratApi } from '../../../api/baccarat.ts';
import { formatMinor } from '../money.ts';
import { TableChips, TableError, TableStatus, useTableBetting, useTableRound } from '../table-kit/table-kit.tsx';
import { BetSpots } from './BetSpots.tsx';
import { CardFace, handPoints } from './Cards.tsx';
import { Roads } from './Roads.tsx';
import { beep } from './sound.ts';

const CHIPS = [10n, 50n, 100n, 500n, 1_000n, 5_000n];

/**
 * One table: the round every player sees (phase and countdown by the server's clock, cards one by one, the result),
 * chips and bet spots with the table's totals and the member's own bets, the roads, the member's rounds.
 */
export function TablePage(props: { api: BaccaratApi; code: string; onLobby: () => void }) {
  const { t } = useTranslation('baccarat');
  const { api, code } = props;
  const [sound, setSound] = useState(false);
  // Polled every second while cards are being dealt (shown one by one by the server's clock).
  const r = useTableRound({
    follow: api.follow,
    code,
    load: () => api.table(code),
    phaseOf: (v) => v.table.round?.phase ?? null,
    fastPhases: ['dealing', 'closed'],
    history: () => api.history(),
    historyPhases: ['result'],
    onPhase: (phase) => {
      if (sound && (phase === 'result' || phase === 'closing')) beep(phase === 'result' ? 880 : 440);
    },
  });
  const view = r.view;
  const betting = useTableBetting({
    chips: CHIPS,
    exponent: view?.exponent,
    limits: view?.table,
    t,
    refresh: r.refresh,
    reread: () => api.table(code).then((v) => v.table),
  });
  const round = view?.table.round ?? null;
  const phase = r.phase;
  const history = r.history;

  if (!view) return <TableStatus block="bac" error={r.error} t={t} />;
  const table = view.table;
  const money = { exponent: view.exponent };
  const open = phase === 'betting' || phase === 'closing';
  const left = r.secondsLeft(round?.closesAt);
  const myWon = view.myBets.reduce((s, b) => s + BigInt(b.payout ?? '0'), 0n);
  const settledMine = view.myBets.some((b) => b.status === 'settled');
  const live = r.live;

  function bet(spot: BaccaratSpot) {
    if (!round) return;
    void betting.place((amount, requestId) => api.bet(code, round.id, spot, amount, requestId));
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

      <TableChips block="bac" noteClass="bac-note" chips={CHIPS} betting={betting} exponent={view.exponent} t={t} />
      <BetSpots
        table={table}
        myBets={view.myBets}
        exponent={view.exponent}
        open={open}
        busy={betting.busy}
        onBet={bet}
      />
      <TableError block="bac" error={betting.error} />
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
