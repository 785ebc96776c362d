import type { GameConfig, ScratchRoundResult } from '@sea/games';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { newRequestId } from '../../../api/house.ts';
import { useGame } from '../game-context.tsx';
import { creditsToMinor, formatCredits } from '../money.ts';
import { Sheet } from '../Sheet.tsx';
import { Coverage } from './coverage.ts';

type ScratchConfig = Extract<GameConfig, { kind: 'scratch' }>;
type Phase = 'ready' | 'buying' | 'scratching' | 'done';

function paintLatex(canvas: HTMLCanvasElement, w: number, h: number, label: string) {
  const dpr = Math.min(window.devicePixelRatio || 1, 2);
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  const g = ctx.createLinearGradient(0, 0, w, h);
  g.addColorStop(0, '#d9dde6');
  g.addColorStop(0.35, '#9aa3b5');
  g.addColorStop(0.55, '#e9edf5');
  g.addColorStop(1, '#7d8699');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  // glitter
  for (let i = 0; i < (w * h) / 90; i++) {
    ctx.fillStyle = `rgba(255,255,255,${Math.random() * 0.5})`;
    ctx.fillRect(Math.random() * w, Math.random() * h, 1.5, 1.5);
  }
  // panel outlines and a coin mark on each
  ctx.strokeStyle = 'rgba(60,66,84,0.35)';
  ctx.lineWidth = 2;
  for (let r = 1; r < 3; r++) {
    ctx.beginPath();
    ctx.moveTo(0, (h * r) / 3);
    ctx.lineTo(w, (h * r) / 3);
    ctx.moveTo((w * r) / 3, 0);
    ctx.lineTo((w * r) / 3, h);
    ctx.stroke();
  }
  ctx.font = `800 ${Math.round(w / 16)}px system-ui, "DejaVu Sans", sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let p = 0; p < 9; p++) {
    const cx = ((p % 3) + 0.5) * (w / 3);
    const cy = (Math.floor(p / 3) + 0.5) * (h / 3);
    ctx.fillStyle = 'rgba(70,76,96,0.45)';
    ctx.fillText('$', cx, cy);
  }
  ctx.fillStyle = 'rgba(40,44,60,0.75)';
  ctx.font = `900 ${Math.round(w / 13)}px system-ui, "DejaVu Sans", sans-serif`;
  ctx.fillText(label, w / 2, h / 2 - h / 6 + 2);
}

/** Lucky Match: buy a ticket (the server draws it), scratch the nine panels with a finger or the mouse. */
export default function ScratchGame() {
  const { t } = useTranslation();
  const game = useGame();
  const { api, money, sound, session } = game;
  const config = session.config as unknown as ScratchConfig;
  const [levelIdx, setLevelIdx] = useState(0);
  const [phase, setPhase] = useState<Phase>('ready');
  const [ticket, setTicket] = useState<ScratchRoundResult | null>(null);
  const [shown, setShown] = useState<Set<number>>(new Set());
  const ticketRef = useRef(ticket);
  ticketRef.current = ticket;
  const finalBalance = useRef<bigint | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const coverage = useRef<Coverage | null>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const balanceRef = useRef(game.balance);
  balanceRef.current = game.balance;
  const betLevel = config.betLevels[levelIdx]!;
  const cells = config.rows * config.columns;

  const size = useCallback(() => {
    const r = boxRef.current?.getBoundingClientRect();
    return { w: r?.width ?? 300, h: r?.height ?? 300 };
  }, []);

  const resetLatex = useCallback(() => {
    const c = canvasRef.current;
    if (!c) return;
    const { w, h } = size();
    paintLatex(c, w, h, 'LUCKY MATCH');
    coverage.current = new Coverage(w, h, config.rows, config.columns);
  }, [config.columns, config.rows, size]);

  useLayoutEffect(() => {
    resetLatex();
  }, [resetLatex]);

  const finish = useCallback(
    (all: boolean) => {
      setShown(new Set(Array.from({ length: cells }, (_, i) => i)));
      const c = canvasRef.current;
      if (all && c) c.getContext('2d')?.clearRect(0, 0, c.width, c.height);
      setPhase('done');
      if (finalBalance.current !== null) game.setBalance(finalBalance.current);
      const tk = ticketRef.current;
      if (tk && tk.win > 0) sound.win(tk.win / tk.stake);
      else if (tk) sound.lose();
    },
    [cells, game, sound],
  );

  async function buy() {
    if (phase === 'buying' || phase === 'scratching') return;
    const stakeMinor = creditsToMinor(money, betLevel);
    if (balanceRef.current < stakeMinor) {
      game.reportError(new ApiError('insufficient_funds', '', 400));
      return;
    }
    const before = balanceRef.current;
    setPhase('buying');
    setShown(new Set());
    setTicket(null);
    resetLatex();
    game.setBalance(before - stakeMinor);
    sound.click();
    try {
      const r = await api.play({ betLevel }, newRequestId());
      finalBalance.current = BigInt(r.balance);
      game.setFairness(r.fairness);
      game.setLastRound(r.round);
      setTicket(r.round.result as unknown as ScratchRoundResult);
      setPhase('scratching');
    } catch (err) {
      game.setBalance(before);
      setPhase('ready');
      game.reportError(err);
    }
  }

  // Panels past the threshold are cleared whole; when all are, the ticket is done.
  const checkPanels = useCallback(() => {
    const cov = coverage.current;
    const c = canvasRef.current;
    if (!cov || !c) return;
    const open = cov.revealed();
    const ctx = c.getContext('2d');
    const { w, h } = size();
    setShown((prev) => {
      if (open.every((p) => prev.has(p))) return prev;
      const next = new Set(prev);
      for (const p of open) {
        next.add(p);
        const pw = w / config.columns;
        const ph = h / config.rows;
        ctx?.save();
        ctx?.setTransform(c.width / w, 0, 0, c.height / h, 0, 0);
        ctx?.clearRect((p % config.columns) * pw, Math.floor(p / config.columns) * ph, pw, ph);
        ctx?.restore();
      }
      return next;
    });
  }, [config.columns, config.rows, size]);

  useEffect(() => {
    if (phase === 'scratching' && shown.size === cells) finish(false);
  }, [cells, finish, phase, shown]);

  const point = (e: React.PointerEvent) => {
    const r = canvasRef.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const scratchTo = (p: { x: number; y: number }) => {
    const c = canvasRef.current;
    const ctx = c?.getContext('2d');
    const cov = coverage.current;
    if (!c || !ctx || !cov) return;
    const { w } = size();
    const radius = Math.max(14, w / 14);
    const from = last.current ?? p;
    ctx.save();
    ctx.setTransform(c.width / w, 0, 0, c.width / w, 0, 0);
    ctx.globalCompositeOperation = 'destination-out';
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = radius * 2;
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(p.x + 0.01, p.y);
    ctx.stroke();
    ctx.restore();
    cov.stroke(from.x, from.y, p.x, p.y, radius);
    last.current = p;
    if (Math.random() < 0.3) sound.scratch();
  };

  const scratching = phase === 'scratching';
  const stakeText = formatCredits(money, betLevel);
  const total = 1 / Number(config.hitRate);

  // Beside the ticket from 900 px; on phones in the (i) sheet, so the ticket and its controls fit the popup.
  const prizeTable = (
    <>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('scratch.prize')}</th>
            <th scope="col">{t('scratch.chance')}</th>
          </tr>
        </thead>
        <tbody>
          {[...config.prizes].reverse().map((p) => (
            <tr key={p.prize} className={phase === 'done' && ticket?.prize === p.prize ? 'hit' : ''}>
              <td>3 × {formatCredits(money, p.prize * betLevel)}</td>
              <td>{t('scratch.oneIn', { n: Math.round(1 / Number(p.probability)).toLocaleString('en') })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="paytable__note">
        {t('scratch.hitRate', { n: total.toFixed(2) })} · {t('rtp', { rtp: config.rtp })}
      </p>
    </>
  );
  return (
    <div className="scratch" data-state={phase}>
      <div className="scratch__ticket">
        <div className="scratch__head">
          <strong>LUCKY MATCH</strong>
          <span>{t('scratch.instructions')}</span>
        </div>
        <div className="scratch__card" ref={boxRef}>
          <ol className="scratch__grid">
            {Array.from({ length: cells }, (_, i) => {
              const amount = ticket ? formatCredits(money, ticket.grid[i]! * ticket.bet.betLevel) : '';
              const open = shown.has(i) || phase === 'done';
              const winning = Boolean(ticket?.winningCells.includes(i) && phase === 'done');
              return (
                <li
                  key={i}
                  className={winning ? 'scratch__cell scratch__cell--win' : 'scratch__cell'}
                  aria-label={
                    open && ticket ? t('scratch.cell', { n: i + 1, amount }) : t('scratch.cellHidden', { n: i + 1 })
                  }
                >
                  {ticket && (
                    <>
                      <span className="scratch__coin" aria-hidden="true" />
                      <span className="scratch__amount">{amount}</span>
                    </>
                  )}
                </li>
              );
            })}
          </ol>
          <canvas
            ref={canvasRef}
            className={scratching ? 'scratch__latex scratch__latex--live' : 'scratch__latex'}
            aria-label={t('scratch.surface')}
            role="img"
            style={{ opacity: phase === 'done' ? 0 : 1 }}
            onPointerDown={(e) => {
              if (!scratching) return;
              e.currentTarget.setPointerCapture(e.pointerId);
              last.current = null;
              scratchTo(point(e));
            }}
            onPointerMove={(e) => {
              if (!scratching || !e.currentTarget.hasPointerCapture(e.pointerId)) return;
              scratchTo(point(e));
            }}
            onPointerUp={() => {
              last.current = null;
              checkPanels();
            }}
            onPointerCancel={() => {
              last.current = null;
              checkPanels();
            }}
          />
          {phase === 'ready' && (
            <div className="scratch__cover">
              <p>{t('scratch.waiting')}</p>
            </div>
          )}
        </div>
        <p
          className={
            ticket && phase === 'done' && ticket.win > 0 ? 'scratch__result scratch__result--win' : 'scratch__result'
          }
          role="status"
        >
          {phase === 'done' && ticket
            ? ticket.win > 0
              ? t('scratch.youWon', { amount: `${money.currency} ${formatCredits(money, ticket.win)}` })
              : t('scratch.noWin')
            : scratching
              ? t('scratch.surface')
              : ''}
        </p>
      </div>

      <div className="scratch__controls">
        <div className="stepper" role="group" aria-label={t('scratch.price')}>
          <span className="stepper__label">{t('scratch.price')}</span>
          <div className="stepper__row">
            <button
              type="button"
              disabled={scratching || phase === 'buying' || levelIdx <= 0}
              onClick={() => setLevelIdx((i) => i - 1)}
              aria-label={t('decrease', { what: t('scratch.price') })}
            >
              −
            </button>
            <output aria-live="polite">{stakeText}</output>
            <button
              type="button"
              disabled={scratching || phase === 'buying' || levelIdx >= config.betLevels.length - 1}
              onClick={() => setLevelIdx((i) => i + 1)}
              aria-label={t('increase', { what: t('scratch.price') })}
            >
              +
            </button>
          </div>
        </div>
        {scratching ? (
          <button type="button" className="pbtn pbtn--gold scratch__main" onClick={() => finish(true)}>
            {t('scratch.revealAll')}
          </button>
        ) : (
          <button
            type="button"
            className="pbtn pbtn--gold scratch__main"
            disabled={phase === 'buying'}
            onClick={() => void buy()}
          >
            {phase === 'done' ? t('scratch.buyAgain') : t('scratch.buy')} · {stakeText}
          </button>
        )}
      </div>

      <section className="scratch__prizes" aria-label={t('scratch.prizeTable')}>
        <h2>{t('scratch.prizeTable')}</h2>
        {prizeTable}
      </section>
      {game.paytableOpen && (
        <Sheet title={t('scratch.prizeTable')} onClose={() => game.setPaytableOpen(false)}>
          <p>{t('scratch.instructions')}</p>
          {prizeTable}
        </Sheet>
      )}
    </div>
  );
}
