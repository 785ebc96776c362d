import type { SlotRoundResult, SlotSpin } from '@sea/games';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { newRequestId } from '../../../api/house.ts';
import { useGame } from '../game-context.tsx';
import { creditsToMinor, formatCredits } from '../money.ts';
import { Sheet } from '../Sheet.tsx';
import { AutoSheet } from './AutoSheet.tsx';
import {
  afterRound,
  type AutoplayProgress,
  type AutoplaySettings,
  type AutoplayStop,
  spinsLeft,
  startProgress,
} from './autoplay.ts';
import { NORMAL, ReelView, type Timing, TURBO } from './reel-view.ts';
import { lineHighlight, scatterCode, slotConfigOf, stripsOf, teaseFrom, winCells } from './slot-config.ts';
import { SlotButtons, Stepper } from './SlotControls.tsx';
import { SlotPaytable } from './SlotPaytable.tsx';

type Phase = 'idle' | 'spinning' | 'feature';
/** Where the reels rest before the first spin. */
const INITIAL_STOPS = [3, 10, 5, 20, 14];

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Lucky Dragon: 5×3, 20 lines; reels moved by the compositor (reel-view.ts), outcomes from the server (POST /house/v1/rounds). */
export default function SlotGame() {
  const { t } = useTranslation();
  const game = useGame();
  const { api, money, sound, session } = game;
  const config = useMemo(() => slotConfigOf(session.config), [session.config]);
  const scatter = scatterCode(config);
  const levels = config.betLevels;
  const maxLines = config.lines.length;

  const [levelIdx, setLevelIdx] = useState(0);
  const [lines, setLines] = useState(maxLines);
  const [turbo, setTurbo] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [win, setWin] = useState(0);
  const [lastWin, setLastWin] = useState(0);
  const [message, setMessage] = useState<string>(t('slot.goodLuck'));
  const [free, setFree] = useState<{ n: number; total: number; won: number; multiplier: number } | null>(null);
  const [banner, setBanner] = useState<{ title: string; amount?: string; kind: 'free' | 'big' | 'mega' } | null>(null);
  const [auto, setAuto] = useState<{ settings: AutoplaySettings; progress: AutoplayProgress } | null>(null);
  const [autoOpen, setAutoOpen] = useState(false);
  const [grid, setGrid] = useState<string[][] | null>(null);

  const betLevel = levels[levelIdx]!;
  const stake = lines * betLevel;

  const boxRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<ReelView | null>(null);
  const busy = useRef(false);
  const balanceRef = useRef(game.balance);
  balanceRef.current = game.balance;
  const autoRef = useRef(auto);
  autoRef.current = auto;
  const presentTimer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stopAutoRequested = useRef(false);
  /** Where the reels rest: a failed call puts them back there. */
  const rest = useRef<{ strips: readonly (readonly string[])[]; stops: number[] }>({
    strips: config.reels.base,
    stops: INITIAL_STOPS,
  });

  // The reels' view in their box, sized to it.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const view = new ReelView(
      box,
      config.symbols.map((s) => s.code),
      { strips: rest.current.strips, stops: rest.current.stops },
    );
    viewRef.current = view;
    const fit = () => {
      const r = box.getBoundingClientRect();
      view.resize(r.width, r.height);
    };
    fit();
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(fit) : null;
    ro?.observe(box);
    return () => {
      ro?.disconnect();
      view.destroy();
      viewRef.current = null;
    };
  }, [config]);

  const timing = useCallback((): Timing => (turbo || prefersReducedMotion() ? TURBO : NORMAL), [turbo]);

  const stopPresenting = () => {
    if (presentTimer.current) clearInterval(presentTimer.current);
    presentTimer.current = null;
    viewRef.current?.setHighlight(null);
  };

  /** Highlight a spin's wins: all at once, then line by line (until the next spin). */
  const present = useCallback(
    (spin: SlotSpin, loop: boolean) => {
      const view = viewRef.current;
      if (!view) return;
      const lineWins = spin.lineWins.map((w) => lineHighlight(config, w));
      const all = winCells(spin);
      if (!all.length) return;
      view.setHighlight({ cells: all, lines: lineWins });
      const texts = [
        ...spin.lineWins.map((w) =>
          t('slot.lineWin', {
            line: w.line,
            count: w.count,
            symbol: t(`slot.symbols.${w.symbol}`),
            amount: formatCredits(money, w.pay),
          }),
        ),
        ...(spin.scatter.pay > 0
          ? [
              t('slot.scatterWin', {
                count: spin.scatter.count,
                symbol: t(`slot.symbols.${scatter}`),
                amount: formatCredits(money, spin.scatter.pay),
              }),
            ]
          : []),
      ];
      // A spin whose cells win no line (free spins awarded) keeps the message it had (the round's win).
      if (texts[0]) setMessage(texts[0]);
      if (!loop || texts.length < 1) return;
      let i = -1;
      const items = [
        ...spin.lineWins.map((w, k) => ({
          cells: w.positions as [number, number][],
          lines: [lineWins[k]!],
          text: texts[k]!,
        })),
        ...(spin.scatter.pay > 0
          ? [{ cells: spin.scatter.positions as [number, number][], lines: [], text: texts[texts.length - 1]! }]
          : []),
      ];
      if (presentTimer.current) clearInterval(presentTimer.current);
      presentTimer.current = setInterval(() => {
        i = (i + 1) % (items.length + 1);
        if (i === items.length) {
          view.setHighlight({ cells: all, lines: lineWins });
          return;
        }
        view.setHighlight({ cells: items[i]!.cells, lines: items[i]!.lines });
        setMessage(items[i]!.text);
      }, 1500);
    },
    [config, money, scatter, t],
  );

  /** Spin the reels to one spin of the round (base or free) and show its wins. */
  const playSpin = useCallback(
    async (spin: SlotSpin, alreadySpinning: boolean) => {
      const view = viewRef.current!;
      const tm = timing();
      if (!alreadySpinning) {
        view.spin(tm);
        sound.spinStart();
      }
      let scatters = 0;
      view.onReelStop = (r) => {
        sound.reelStop(r);
        if (spin.grid[r]!.includes(scatter)) sound.scatter(++scatters);
      };
      await view.land(stripsOf(config, spin), spin.stops, tm, teaseFrom(spin.grid, scatter));
      rest.current = { strips: stripsOf(config, spin), stops: spin.stops };
      setGrid(spin.grid);
      if (spin.win > 0) {
        sound.win(spin.win / stake);
        present(spin, false);
        await wait(turbo ? 500 : 1100);
      }
    },
    [config, present, scatter, sound, stake, timing, turbo],
  );

  const spinOnce = useCallback(async (): Promise<{ stake: number; win: number; freeSpins: number } | null> => {
    if (busy.current || !viewRef.current) return null;
    const stakeMinor = creditsToMinor(money, stake);
    if (balanceRef.current < stakeMinor) {
      game.reportError(new ApiError('insufficient_funds', '', 400));
      return null;
    }
    busy.current = true;
    stopPresenting();
    setPhase('spinning');
    setWin(0);
    setMessage(t('slot.goodLuck'));
    const before = balanceRef.current;
    game.setBalance(before - stakeMinor);
    const view = viewRef.current;
    view.spin(timing());
    sound.spinStart();
    let result: SlotRoundResult;
    let settled;
    try {
      settled = await api.play({ lines, betLevel }, newRequestId());
      result = settled.round.result as unknown as SlotRoundResult;
    } catch (err) {
      // Nothing was played: the reels stop where they were, the balance is what it was.
      await view.land(rest.current.strips, rest.current.stops, TURBO);
      game.setBalance(before);
      setPhase('idle');
      busy.current = false;
      game.reportError(err);
      return null;
    }
    const [base, ...frees] = result.spins;
    await playSpin(base!, true);
    let won = base!.win;
    setWin(won);
    if (frees.length) {
      setPhase('feature');
      sound.freeSpins();
      setBanner({ title: t('slot.freeSpinsAwarded', { count: base!.scatter.freeSpinsAwarded }), kind: 'free' });
      await wait(turbo ? 900 : 2000);
      setBanner(null);
      let total = base!.scatter.freeSpinsAwarded;
      let freeWon = 0;
      for (const spin of frees) {
        stopPresenting();
        setFree({ n: spin.index, total, won: freeWon, multiplier: spin.multiplier });
        await playSpin(spin, false);
        freeWon += spin.win;
        won += spin.win;
        setWin(won);
        if (spin.scatter.freeSpinsAwarded > 0) {
          total += spin.scatter.freeSpinsAwarded;
          game.notify(t('slot.freeSpinsMore', { count: spin.scatter.freeSpinsAwarded }));
        }
        setFree({ n: spin.index, total, won: freeWon, multiplier: spin.multiplier });
      }
      setBanner({ title: t('slot.freeSpinsTotal', { amount: formatCredits(money, freeWon) }), kind: 'free' });
      await wait(turbo ? 900 : 1800);
      setBanner(null);
      setFree(null);
    }
    const totalWin = result.totalWin;
    if (totalWin >= stake * 15) {
      sound.win(totalWin / stake);
      setBanner({
        title: totalWin >= stake * 50 ? t('slot.megaWin') : t('slot.bigWin'),
        amount: formatCredits(money, totalWin),
        kind: totalWin >= stake * 50 ? 'mega' : 'big',
      });
      await wait(turbo ? 1200 : 2600);
      setBanner(null);
    } else if (totalWin === 0) {
      sound.lose();
    }
    // The server's figures are the truth from here on.
    game.setBalance(BigInt(settled.balance));
    game.setFairness(settled.fairness);
    game.setLastRound(settled.round);
    setWin(totalWin);
    if (totalWin > 0) setLastWin(totalWin);
    const last = result.spins[result.spins.length - 1]!;
    if (totalWin > 0) {
      // The round's win first: a spin without a winning line of its own (wins from free spins only) keeps it.
      setMessage(t('slot.roundWin', { amount: formatCredits(money, totalWin) }));
      present(frees.length ? base! : last, true);
    } else setMessage(t('slot.goodLuck'));
    setPhase('idle');
    busy.current = false;
    return { stake: result.stake, win: totalWin, freeSpins: result.freeSpins.played };
  }, [api, betLevel, game, lines, money, playSpin, present, sound, stake, t, timing, turbo]);

  // Auto spin: one round after the other until a stop condition.
  const runAuto = useCallback(
    async (settings: AutoplaySettings) => {
      let progress = startProgress();
      stopAutoRequested.current = false;
      setAuto({ settings, progress });
      let stop: AutoplayStop | null = null;
      for (;;) {
        const r = await spinOnce();
        if (!r) {
          stop = balanceRef.current < creditsToMinor(money, stake) ? 'funds' : null;
          break;
        }
        const next = afterRound(settings, progress, r, stake, Number(balanceRef.current / money.creditValue));
        progress = next.progress;
        setAuto({ settings, progress });
        if (next.stop) {
          stop = next.stop;
          break;
        }
        if (stopAutoRequested.current) break;
        await wait(turbo ? 150 : 450);
        if (stopAutoRequested.current) break;
      }
      setAuto(null);
      if (stop) game.notify(t('slot.autoStopped', { reason: t(`slot.autoReasons.${stop}`) }));
    },
    [game, money, spinOnce, stake, t, turbo],
  );

  const onSpin = useCallback(() => {
    if (autoRef.current) {
      stopAutoRequested.current = true;
      setAuto((a) => (a ? { ...a, settings: { ...a.settings, spins: a.progress.played + 1 } } : a));
      return;
    }
    sound.click();
    void spinOnce();
  }, [sound, spinOnce]);

  // Space spins (not while typing or in a dialog).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.code !== 'Space' && e.key !== ' ') return;
      const el = e.target as HTMLElement | null;
      if (el?.closest('input, select, textarea, [role="dialog"]')) return;
      e.preventDefault();
      if (!e.repeat) onSpin();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onSpin]);

  useEffect(() => () => stopPresenting(), []);

  const idle = phase === 'idle' && !auto;
  const left = auto ? spinsLeft(auto.settings, auto.progress) : null;
  const gridLabel = grid
    ? t('slot.reelsResult', {
        grid: grid.map((reel) => reel.map((c) => t(`slot.symbols.${c}`)).join(' / ')).join(' | '),
      })
    : t('slot.reels');

  return (
    <div className="slot" data-state={phase === 'idle' && !busy.current ? 'idle' : 'busy'}>
      <div className="slot__stage">
        <div className="slot__logo" aria-hidden="true">
          <span>LUCKY</span> <span>DRAGON</span>
        </div>
        <div className="slot__frame">
          <div className="slot__reels" ref={boxRef} role="img" aria-label={gridLabel} />
          {free && (
            <div className="slot__free" role="status">
              <strong>{t('slot.freeSpinOf', { n: free.n, total: free.total })}</strong>
              <span>{t('slot.multiplier', { m: free.multiplier })}</span>
              <span>
                {t('win')} {formatCredits(money, free.won)}
              </span>
            </div>
          )}
          {banner && (
            <div className={`slot__banner slot__banner--${banner.kind}`} role="status" onClick={() => setBanner(null)}>
              <strong>{banner.title}</strong>
              {banner.amount && (
                <span>
                  {money.currency} {banner.amount}
                </span>
              )}
            </div>
          )}
        </div>
        <div className="slot__info">
          <p className="slot__message" aria-live="polite">
            {message}
          </p>
          <div className="slot__win">
            <span>{win > 0 ? t('win') : t('lastWin')}</span>
            <strong data-testid="win">{formatCredits(money, win > 0 ? win : lastWin)}</strong>
          </div>
        </div>
      </div>

      <div className="slot__controls">
        <div className="slot__steppers">
          <Stepper
            label={t('slot.lines')}
            value={String(lines)}
            disabled={!idle}
            onDown={() => setLines((n) => Math.max(1, n - 1))}
            onUp={() => setLines((n) => Math.min(maxLines, n + 1))}
            canDown={lines > 1}
            canUp={lines < maxLines}
          />
          <Stepper
            label={t('slot.betPerLine')}
            value={formatCredits(money, betLevel)}
            disabled={!idle}
            onDown={() => setLevelIdx((i) => Math.max(0, i - 1))}
            onUp={() => setLevelIdx((i) => Math.min(levels.length - 1, i + 1))}
            canDown={levelIdx > 0}
            canUp={levelIdx < levels.length - 1}
          />
          <div className="slot__total">
            <span>{t('totalBet')}</span>
            <strong data-testid="total-bet">{formatCredits(money, stake)}</strong>
          </div>
        </div>
        <SlotButtons
          auto={Boolean(auto)}
          left={left}
          busy={phase !== 'idle'}
          turbo={turbo}
          onAuto={() => (auto ? onSpin() : setAutoOpen(true))}
          onSpin={onSpin}
          onTurbo={() => setTurbo((v) => !v)}
        />
      </div>

      {autoOpen && (
        <AutoSheet
          stake={stake}
          onClose={() => setAutoOpen(false)}
          onStart={(s) => {
            setAutoOpen(false);
            void runAuto(s);
          }}
        />
      )}
      {game.paytableOpen && (
        <Sheet title={t('slot.paytableTitle')} onClose={() => game.setPaytableOpen(false)} wide>
          <SlotPaytable config={config} betLevel={betLevel} lines={lines} />
        </Sheet>
      )}
    </div>
  );
}
