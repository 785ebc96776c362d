import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../i18n/languages.ts';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { LOTTERY_KEY, type LotteryGame, useLotteryGame, useLotteryResults } from '../../api/lottery.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { BetPanel } from './BetPanel.tsx';
import { clockOffset, issuePhase, useServerNow } from './clock.ts';
import { MyBets } from './MyBets.tsx';
import { Countdown, onArrowKeys, ResultView, rovingTab, useIntervalText } from './parts.tsx';
import { ResultsTable } from './ResultsTable.tsx';
import { useWatchLotteryGame } from '../../state/realtime.ts';
import './lottery.css';
import '../../i18n/areas/lottery.ts';

type Tab = 'bet' | 'results' | 'myBets';
const TABS: readonly Tab[] = ['bet', 'results', 'myBets'];

/** /lottery/:gameCode: the current issue with its countdown, the last result, betting, results and my bets. */
export default function LotteryGamePage() {
  const { t } = useTranslation();
  const { gameCode = '' } = useParams();
  const query = useLotteryGame(gameCode);
  return (
    <section className="lottery lottery--game" aria-labelledby="page-title">
      <Link className="lottery__back" to="/lottery">
        ← {t('lottery.back')}
      </Link>
      <QueryState
        query={query}
        errorTitle={
          query.error instanceof ApiError && query.error.code === 'not_found' ? t('lottery.notFound') : undefined
        }
      >
        {(game) => <GameView game={game} receivedAt={query.dataUpdatedAt} />}
      </QueryState>
    </section>
  );
}

function GameView({ game, receivedAt }: { game: LotteryGame; receivedAt: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  useWatchLotteryGame(game.gameCode); // a drawn issue (pushed) refreshes this game's results
  const offset = clockOffset(game.serverTime, receivedAt);
  const now = useServerNow(offset);
  const phase = issuePhase(game.current, now);
  const [tab, setTab] = useState<Tab>('bet');
  const every = useIntervalText();
  const latest = useLotteryResults(game.gameCode, 1, 1);
  const last = latest.data?.list[0];

  // Between the close and the next issue: ask again every 2 s until the server has moved on.
  const waiting = phase.phase !== 'open';
  useEffect(() => {
    if (!waiting) return;
    const id = setInterval(
      () => void qc.invalidateQueries({ queryKey: [...LOTTERY_KEY, 'game', game.gameCode] }),
      2000,
    );
    return () => clearInterval(id);
  }, [waiting, qc, game.gameCode]);

  // A new issue (or the awaited result): the results lists are refetched.
  const issueId = game.current.issueId;
  const seenIssue = useRef(issueId);
  useEffect(() => {
    if (seenIssue.current === issueId) return;
    seenIssue.current = issueId;
    void qc.invalidateQueries({ queryKey: [...LOTTERY_KEY, 'results', game.gameCode] });
  }, [issueId, qc, game.gameCode]);
  // The previous issue's result is awaited while the latest row is not drawn or is older than that issue (the list
  // may only carry drawn issues); not forever: a game with no draws for 5 minutes stops asking.
  const previousDraw = Date.parse(game.current.drawsAt) - game.intervalSeconds * 1000;
  const lastPending =
    now - previousDraw < 5 * 60_000 &&
    (!last || last.result === null || Date.parse(last.drawsAt) < previousDraw - 1000);
  useEffect(() => {
    if (!lastPending && !waiting) return;
    const id = setInterval(
      () => void qc.invalidateQueries({ queryKey: [...LOTTERY_KEY, 'results', game.gameCode] }),
      3000,
    );
    return () => clearInterval(id);
  }, [lastPending, waiting, qc, game.gameCode]);

  return (
    <>
      <header className="lot-head">
        <div className="lot-head__title">
          <h1 id="page-title">{game.name}</h1>
          <span className="lot-card__kind">
            {t(`lottery.kinds.${game.kind}`)} · {every(game.intervalSeconds)}
          </span>
        </div>
        <div className="lot-head__issue" data-testid="current-issue">
          <span className="lot-head__label">{t('lottery.currentIssue')}</span>
          <strong className="lot-head__id">{issueId}</strong>
          <Countdown phase={phase} />
        </div>
        <div className="lot-head__last" data-testid="last-result">
          <span className="lot-head__label">
            {last ? t('lottery.issue', { id: last.issueId }) : t('lottery.lastResult')}
          </span>
          <span className="lot-head__balls">
            {last?.result ? (
              <ResultView key={last.issueId} kind={game.kind} result={last.result} reveal />
            ) : (
              <span className="field__hint">{last ? t('lottery.drawing') : t('lottery.noResult')}</span>
            )}
          </span>
        </div>
      </header>
      <ChainInfo game={game} />

      <div className="tabs lot-tabs" role="tablist" aria-label={t('lottery.tabsLabel')} onKeyDown={onArrowKeys}>
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`lot-tab-${k}`}
            aria-controls={`lot-panel-${k}`}
            aria-selected={tab === k}
            tabIndex={rovingTab(tab === k)}
            onClick={() => setTab(k)}
          >
            {t(`lottery.tabs.${k}`)}
          </button>
        ))}
      </div>
      <div id={`lot-panel-${tab}`} role="tabpanel" aria-labelledby={`lot-tab-${tab}`} className={clsx('lot-panel')}>
        {tab === 'bet' && <BetPanel game={game} phase={phase} />}
        {tab === 'results' && <ResultsTable game={game} />}
        {tab === 'myBets' && <MyBets game={game} open={phase.phase === 'open'} />}
      </div>
    </>
  );
}

/** Provably fair: the current chain's commitment and, once published, the next chain's (before its first issue). */
function ChainInfo({ game }: { game: LotteryGame }) {
  const { t, i18n } = useTranslation();
  const { chain, nextChain } = game;
  const when = (iso: string) =>
    new Date(iso).toLocaleString(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <details className="lot-fair" data-testid="chain-info">
      <summary>{t('lottery.fairTitle', { seq: chain.seq })}</summary>
      <dl className="lot-verify__facts">
        <div className="lot-verify__wide">
          <dt>{t('lottery.fairCurrent', { first: chain.firstIssueId, last: chain.lastIssueId })}</dt>
          <dd>
            <code>{chain.terminalHash}</code>
          </dd>
        </div>
        <div className="lot-verify__wide">
          {nextChain ? (
            <>
              <dt>
                {t('lottery.fairNext', {
                  seq: nextChain.seq,
                  first: nextChain.firstIssueId,
                  when: when(nextChain.publishedAt),
                })}
              </dt>
              <dd>
                <code>{nextChain.terminalHash}</code>
              </dd>
            </>
          ) : (
            <dt>{t('lottery.fairNoNext')}</dt>
          )}
        </div>
      </dl>
      <Link to={`/lottery/verify?game=${encodeURIComponent(game.gameCode)}`}>{t('lottery.verifyTitle')}</Link>
    </details>
  );
}
