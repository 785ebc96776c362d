import type { HouseRound } from '@sea/contracts';
import type { GameConfig, VideoPokerDeal, VideoPokerRoundResult } from '@sea/games';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { newRequestId } from '../../../api/house.ts';
import { useGame } from '../game-context.tsx';
import { creditsToMinor, formatCredits } from '../money.ts';
import { Sheet } from '../Sheet.tsx';
import { PlayingCard } from './PlayingCard.tsx';

type VpConfig = Extract<GameConfig, { kind: 'video-poker' }>;
type Phase = 'ready' | 'dealing' | 'dealt' | 'drawing' | 'done';

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const NO_HOLDS = [false, false, false, false, false];

/** Jacks or Better 9/6: deal, hold (click or keys 1–5), draw; the server deals and draws (POST /house/v1/rounds). */
export default function PokerGame() {
  const { t } = useTranslation();
  const game = useGame();
  const { api, money, sound, session } = game;
  const config = session.config as unknown as VpConfig;
  const open = session.openRound?.status === 'dealt' ? session.openRound : null;
  const openDeal = open ? (open.result as unknown as VideoPokerDeal) : null;

  const [coins, setCoins] = useState(openDeal?.bet.coins ?? config.maxCoins);
  const [levelIdx, setLevelIdx] = useState(() =>
    Math.max(0, openDeal ? config.betLevels.indexOf(openDeal.bet.betLevel) : 0),
  );
  const [phase, setPhase] = useState<Phase>(openDeal ? 'dealt' : 'ready');
  const [round, setRound] = useState<HouseRound | null>(open);
  const [cards, setCards] = useState<(string | null)[]>(openDeal ? openDeal.dealt : [null, null, null, null, null]);
  const [faceUp, setFaceUp] = useState<boolean[]>(openDeal ? [true, true, true, true, true] : NO_HOLDS);
  const [holds, setHolds] = useState<boolean[]>(NO_HOLDS);
  const [hand, setHand] = useState<string | null>(openDeal?.dealtHand ?? null);
  const [win, setWin] = useState(0);
  const resumedShown = useRef(false);
  const balanceRef = useRef(game.balance);
  balanceRef.current = game.balance;

  const betLevel = config.betLevels[levelIdx]!;
  const stake = coins * betLevel;
  const busy = phase === 'dealing' || phase === 'drawing';

  useEffect(() => {
    if (open && !resumedShown.current) {
      resumedShown.current = true;
      game.notify(t('resumed'));
    }
  }, [game, open, t]);

  const deal = useCallback(
    async (coinsNow = coins) => {
      if (busy || phase === 'dealt') return;
      const stakeNow = coinsNow * betLevel;
      const stakeMinor = creditsToMinor(money, stakeNow);
      if (balanceRef.current < stakeMinor) {
        game.reportError(new ApiError('insufficient_funds', '', 400));
        return;
      }
      const before = balanceRef.current;
      setPhase('dealing');
      setHolds(NO_HOLDS);
      setWin(0);
      setHand(null);
      setFaceUp(NO_HOLDS);
      game.setBalance(before - stakeMinor);
      sound.click();
      try {
        const r = await api.play({ coins: coinsNow, betLevel }, newRequestId());
        const d = r.round.result as unknown as VideoPokerDeal;
        setRound(r.round);
        setCards(d.dealt);
        await wait(120);
        for (let i = 0; i < 5; i++) {
          setFaceUp((f) => f.map((v, k) => (k === i ? true : v)));
          sound.card();
          await wait(90);
        }
        setHand(d.dealtHand);
        game.setBalance(BigInt(r.balance));
        game.setFairness(r.fairness);
        game.setLastRound(r.round);
        setPhase('dealt');
      } catch (err) {
        game.setBalance(before);
        setPhase('ready');
        game.reportError(err);
      }
    },
    [api, betLevel, busy, coins, game, money, phase, sound],
  );

  const draw = useCallback(async () => {
    if (phase !== 'dealt' || !round) return;
    setPhase('drawing');
    sound.click();
    const replace = holds.map((h) => !h);
    setFaceUp((f) => f.map((v, i) => (replace[i] ? false : v)));
    try {
      const r = await api.draw(round.id, holds);
      const res = r.round.result as unknown as VideoPokerRoundResult;
      await wait(180);
      setCards(res.final);
      for (let i = 0; i < 5; i++) {
        if (!replace[i]) continue;
        setFaceUp((f) => f.map((v, k) => (k === i ? true : v)));
        sound.card();
        await wait(110);
      }
      setHand(res.hand);
      setWin(res.win);
      if (res.win > 0) sound.win(res.win / Math.max(1, res.stake));
      else sound.lose();
      game.setBalance(BigInt(r.balance));
      game.setFairness(r.fairness);
      game.setLastRound(r.round);
      setRound(r.round);
      setPhase('done');
    } catch (err) {
      setFaceUp((f) => f.map(() => true));
      setPhase('dealt');
      game.reportError(err);
    }
  }, [api, game, holds, phase, round, sound]);

  const toggle = useCallback(
    (i: number) => {
      if (phase !== 'dealt') return;
      sound.click();
      setHolds((h) => h.map((v, k) => (k === i ? !v : v)));
    },
    [phase, sound],
  );

  const primary = useCallback(() => {
    if (phase === 'dealt') void draw();
    else if (phase === 'ready' || phase === 'done') void deal();
  }, [deal, draw, phase]);

  // Keys: 1–5 hold, Space / Enter deal or draw.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el?.closest('input, select, textarea, [role="dialog"]')) return;
      if (/^[1-5]$/.test(e.key)) {
        toggle(Number(e.key) - 1);
        return;
      }
      if ((e.key === ' ' || e.key === 'Enter') && !(el?.tagName === 'BUTTON' && e.key === 'Enter')) {
        e.preventDefault();
        if (!e.repeat) primary();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [primary, toggle]);

  const canBet = phase === 'ready' || phase === 'done';
  const paying = phase === 'done' ? (win > 0 ? hand : null) : hand !== 'nothing' ? hand : null;
  const status =
    phase === 'done'
      ? win > 0
        ? t('poker.result', { hand: t(`poker.hands.${hand}`), amount: formatCredits(money, win) })
        : t('poker.noWin')
      : phase === 'dealt'
        ? t('poker.holdHint')
        : t('poker.dealHint');

  return (
    <div className="vp" data-state={busy ? 'busy' : phase}>
      <table className="vp-pay" aria-label={t('poker.paytableTitle')}>
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">{t('poker.paytableTitle')}</span>
            </th>
            {Array.from({ length: config.maxCoins }, (_, i) => (
              <th key={i} scope="col" className={i + 1 === coins ? 'on' : ''}>
                {i + 1}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {config.paytable.map((row) => (
            <tr
              key={row.hand}
              className={row.hand === paying ? 'hit' : ''}
              aria-current={row.hand === paying || undefined}
            >
              <th scope="row">{t(`poker.hands.${row.hand}`)}</th>
              {row.coins.map((c, i) => (
                <td key={i} className={i + 1 === coins ? 'on' : ''}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <div className="vp-table">
        <p
          className={win > 0 && phase === 'done' ? 'vp-status vp-status--win' : 'vp-status'}
          role="status"
          aria-live="polite"
        >
          {status}
        </p>
        <ul className="vp-cards" aria-label={t('poker.cardsLabel')}>
          {cards.map((c, i) => (
            <li key={i}>
              <PlayingCard
                code={c}
                faceUp={faceUp[i]!}
                held={holds[i]!}
                index={i}
                disabled={phase !== 'dealt'}
                onToggle={() => toggle(i)}
              />
            </li>
          ))}
        </ul>
      </div>

      <div className="vp-controls">
        <div className="stepper" role="group" aria-label={t('poker.coins')}>
          <span className="stepper__label">{t('poker.coins')}</span>
          <div className="stepper__row">
            <button
              type="button"
              disabled={!canBet || coins <= 1}
              onClick={() => setCoins((c) => c - 1)}
              aria-label={t('decrease', { what: t('poker.coins') })}
            >
              −
            </button>
            <output aria-live="polite">{coins}</output>
            <button
              type="button"
              disabled={!canBet || coins >= config.maxCoins}
              onClick={() => setCoins((c) => c + 1)}
              aria-label={t('increase', { what: t('poker.coins') })}
            >
              +
            </button>
          </div>
        </div>
        <div className="stepper" role="group" aria-label={t('poker.coinValue')}>
          <span className="stepper__label">{t('poker.coinValue')}</span>
          <div className="stepper__row">
            <button
              type="button"
              disabled={!canBet || levelIdx <= 0}
              onClick={() => setLevelIdx((i) => i - 1)}
              aria-label={t('decrease', { what: t('poker.coinValue') })}
            >
              −
            </button>
            <output aria-live="polite">{formatCredits(money, betLevel)}</output>
            <button
              type="button"
              disabled={!canBet || levelIdx >= config.betLevels.length - 1}
              onClick={() => setLevelIdx((i) => i + 1)}
              aria-label={t('increase', { what: t('poker.coinValue') })}
            >
              +
            </button>
          </div>
        </div>
        <div className="slot__total">
          <span>{t('totalBet')}</span>
          <strong>{formatCredits(money, stake)}</strong>
        </div>
        <div className="vp-win">
          <span>{t('win')}</span>
          <strong data-testid="win">{formatCredits(money, phase === 'done' ? win : 0)}</strong>
        </div>
        <div className="vp-buttons">
          <button
            type="button"
            className="pbtn pbtn--ghost"
            disabled={!canBet}
            onClick={() => {
              setCoins(config.maxCoins);
              void deal(config.maxCoins);
            }}
          >
            {t('poker.betMax')}
          </button>
          <button type="button" className="pbtn pbtn--gold vp-main" disabled={busy} onClick={primary}>
            {phase === 'dealt' || phase === 'drawing' ? t('poker.draw') : t('poker.deal')}
          </button>
        </div>
      </div>
      {game.paytableOpen && (
        <Sheet title={t('poker.paytableTitle')} onClose={() => game.setPaytableOpen(false)}>
          <p>{t('rtp', { rtp: config.rtp })}</p>
          <p>{t('poker.holdHint')}</p>
        </Sheet>
      )}
    </div>
  );
}
