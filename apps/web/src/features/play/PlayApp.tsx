import type { Fairness, HouseRound, HouseSession } from '@sea/contracts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HouseApi } from '../../api/house.ts';
import { FairnessPanel } from './FairnessPanel.tsx';
import { GameContext, type GameContextValue } from './game-context.tsx';
import type { PlayMoney } from './money.ts';
import { formatMinor } from './money.ts';
import { type PlayError, playErrorOf } from './play-errors.ts';
import { Sheet } from './Sheet.tsx';
import { GameSound } from './sound.ts';

const SlotGame = lazy(() => import('./slot/SlotGame.tsx'));
const PokerGame = lazy(() => import('./poker/PokerGame.tsx'));
const ScratchGame = lazy(() => import('./scratch/ScratchGame.tsx'));

type Load = { state: 'loading' } | { state: 'ready'; session: HouseSession } | { state: 'failed'; error: PlayError };

/**
 * A game page of our own provider (/play/<gameCode>?token=…&lang=…, loaded in the site's game popup): the
 * session (maths, balance, fairness, an open hand), the header with the balance, and the game of the session.
 */
export function PlayApp(props: { api: HouseApi | null }) {
  const { t } = useTranslation();
  const { api } = props;
  const [load, setLoad] = useState<Load>(() =>
    api ? { state: 'loading' } : { state: 'failed', error: { key: 'errors.noToken', fatal: true } },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!api) return;
    let live = true;
    setLoad({ state: 'loading' });
    api.session().then(
      (session) => live && setLoad({ state: 'ready', session }),
      (err: unknown) => live && setLoad({ state: 'failed', error: playErrorOf(err) }),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  useEffect(() => {
    if (load.state === 'ready') document.title = load.session.displayName;
  }, [load]);

  if (load.state === 'loading')
    return (
      <div className="play-splash" role="status">
        <span className="play-spinner" aria-hidden="true" />
        {t('loading')}
      </div>
    );
  if (load.state === 'failed')
    return (
      <FatalScreen error={load.error} onRetry={api && !load.error.fatal ? () => setAttempt((n) => n + 1) : null} />
    );
  return <GameShell api={api!} session={load.session} />;
}

function FatalScreen(props: { error: PlayError; onRetry: (() => void) | null }) {
  const { t } = useTranslation();
  return (
    <div className="play-splash" role="alert">
      <svg viewBox="0 0 48 48" className="play-splash__icon" aria-hidden="true">
        <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 13v14M24 33v2" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h1>{t('errors.title')}</h1>
      <p>{t(props.error.key)}</p>
      {props.onRetry && (
        <button type="button" className="pbtn pbtn--gold" onClick={props.onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

function GameShell(props: { api: HouseApi; session: HouseSession }) {
  const { t } = useTranslation();
  const { session, api } = props;
  const money = useMemo<PlayMoney>(
    () => ({ currency: session.currency, exponent: session.exponent, creditValue: BigInt(session.creditValue) }),
    [session],
  );
  const [balance, setBalance] = useState(() => BigInt(session.balance));
  const [fairness, setFairness] = useState<Fairness>(session.fairness);
  const [lastRound, setLastRound] = useState<HouseRound | null>(session.openRound);
  const [fatal, setFatal] = useState<PlayError | null>(null);
  const [toast, setToast] = useState<{ text: string; kind: 'error' | 'info'; id: number } | null>(null);
  const [panel, setPanel] = useState<'fairness' | null>(null);
  const [paytableOpen, setPaytableOpen] = useState(false);
  const sound = useRef<GameSound | null>(null);
  sound.current ??= new GameSound();
  const [soundOn, setSoundOn] = useState(sound.current.enabled);

  const reportError = useCallback(
    (err: unknown) => {
      const p = playErrorOf(err);
      if (p.fatal) setFatal(p);
      else setToast({ text: p.detail ?? t(p.key), kind: 'error', id: Date.now() });
    },
    [t],
  );
  const notify = useCallback((text: string) => setToast({ text, kind: 'info', id: Date.now() }), []);
  useEffect(() => {
    if (!toast) return;
    const id = setTimeout(() => setToast(null), toast.kind === 'error' ? 6000 : 3500);
    return () => clearTimeout(id);
  }, [toast]);

  const ctx = useMemo<GameContextValue>(
    () => ({
      api,
      session,
      money,
      balance,
      setBalance,
      fairness,
      setFairness,
      lastRound,
      setLastRound,
      sound: sound.current!,
      reportError,
      notify,
      paytableOpen,
      setPaytableOpen,
    }),
    [api, session, money, balance, fairness, lastRound, reportError, notify, paytableOpen],
  );

  const kind = (session.config as { kind?: string }).kind;
  const closePanel = useCallback(() => setPanel(null), []);
  if (fatal) return <FatalScreen error={fatal} onRetry={null} />;

  return (
    <GameContext.Provider value={ctx}>
      <div className={`play play--${kind ?? 'game'}`}>
        <header className="play-top">
          <h1 className="play-top__title">{session.displayName}</h1>
          <div className="play-top__balance" aria-live="polite">
            <span className="play-top__label">{session.freePlay ? t('playMoney') : t('balance')}</span>
            <strong aria-label={t('balance')} data-testid="balance">
              {session.currency} {formatMinor(money, balance)}
            </strong>
          </div>
          {session.freePlay && (
            <span className="play-badge" title={t('freeTrialHint')}>
              {t('freeTrial')}
            </span>
          )}
          <div className="play-top__tools">
            <button
              type="button"
              className="icon-btn"
              aria-label={t('fairness.title')}
              title={t('fairness.title')}
              onClick={() => setPanel('fairness')}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5l8-3z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                />
                <path d="M8.5 12l2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('paytable')}
              title={t('paytable')}
              onClick={() => setPaytableOpen(true)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M12 11v6M12 7v1" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              </svg>
            </button>
            <button
              type="button"
              className="icon-btn"
              aria-pressed={soundOn}
              aria-label={soundOn ? t('soundOff') : t('soundOn')}
              title={soundOn ? t('soundOff') : t('soundOn')}
              onClick={() => {
                sound.current!.setEnabled(!soundOn);
                setSoundOn(!soundOn);
              }}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
                {soundOn ? (
                  <path
                    d="M16 8.5a5 5 0 010 7M18.5 6a8.5 8.5 0 010 12"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                ) : (
                  <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                )}
              </svg>
            </button>
          </div>
        </header>
        <main className="play-main">
          <Suspense
            fallback={
              <div className="play-splash" role="status">
                <span className="play-spinner" aria-hidden="true" />
                {t('loading')}
              </div>
            }
          >
            {kind === 'slot' && <SlotGame />}
            {kind === 'video-poker' && <PokerGame />}
            {kind === 'scratch' && <ScratchGame />}
          </Suspense>
        </main>
        {toast && (
          <div
            key={toast.id}
            className={`play-toast play-toast--${toast.kind}`}
            role={toast.kind === 'error' ? 'alert' : 'status'}
          >
            {toast.text}
          </div>
        )}
        {panel === 'fairness' && (
          <Sheet title={t('fairness.title')} onClose={closePanel}>
            <FairnessPanel />
          </Sheet>
        )}
      </div>
    </GameContext.Provider>
  );
}
