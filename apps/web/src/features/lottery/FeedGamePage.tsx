import { formatMoney, minorToMajor, parseAmount } from '@sea/contracts';
import { GameInputError } from '@sea/games';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../i18n/languages.ts';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { type FeedGame, LOTTERY_KEY, useFeedGame, useFeedResults, usePlaceLotteryBets } from '../../api/lottery.ts';
import { useRequestId } from '../../api/request-id.ts';
import { errorText } from '../../components/error-text.ts';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { unitStakeOf } from './bet-slip.ts';
import { clockOffset, issuePhase, type IssuePhase, useServerNow } from './clock.ts';
import {
  canPermute,
  countRule,
  digitsOf,
  type FourDEntry,
  parseNumbers,
  quickPick,
  slipBets,
  slipCharge,
} from './feed-slip.ts';
import { BoardView, useScheduleText } from './FeedParts.tsx';
import { MyBets } from './MyBets.tsx';
import { Countdown, onArrowKeys, rovingTab } from './parts.tsx';
import { useWatchLotteryGame } from '../../state/realtime.ts';
import './lottery.css';
import '../../i18n/areas/lottery.ts';

type Tab = 'bet' | 'results' | 'myBets';

/** A quick pick for a 4D roll entry: one of its digits becomes the R. */
const withRoll = (n: string) => {
  const at = Math.floor(Math.random() * n.length);
  return `${n.slice(0, at)}R${n.slice(at + 1)}`;
};
const TABS: readonly Tab[] = ['bet', 'results', 'myBets'];

/** /vnLottery/:gameCode and /seaLottery/:gameCode: a feed game's next draw, last board, bet slip, results, my bets. */
export default function FeedGamePage({ menu }: { menu: 'vnLottery' | 'seaLottery' }) {
  const { t } = useTranslation();
  const { gameCode = '' } = useParams();
  const query = useFeedGame(gameCode);
  return (
    <section className="lottery lottery--game" aria-labelledby="page-title">
      <Link className="lottery__back" to={`/${menu}`}>
        ← {t('lottery.feed.back')}
      </Link>
      <QueryState
        query={query}
        errorTitle={
          query.error instanceof ApiError && query.error.code === 'not_found' ? t('lottery.notFound') : undefined
        }
      >
        {(game) => <FeedGameView game={game} receivedAt={query.dataUpdatedAt} />}
      </QueryState>
    </section>
  );
}

function FeedGameView({ game, receivedAt }: { game: FeedGame; receivedAt: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  useWatchLotteryGame(game.gameCode); // a drawn issue (pushed) refreshes this game's results
  const now = useServerNow(clockOffset(game.serverTime, receivedAt));
  const phase: IssuePhase | null = game.current ? issuePhase(game.current, now) : null;
  const [tab, setTab] = useState<Tab>('bet');
  const schedule = useScheduleText();
  const latest = useFeedResults(game.gameCode, 1, 1);
  const last = latest.data?.list[0];
  // Past the close: the game is asked again every 10 s until its next draw opens.
  const waiting = phase !== null && phase.phase !== 'open';
  useEffect(() => {
    if (!waiting) return;
    const id = setInterval(() => void qc.invalidateQueries({ queryKey: [...LOTTERY_KEY, 'feedGame'] }), 10_000);
    return () => clearInterval(id);
  }, [waiting, qc]);

  return (
    <>
      <header className="lot-head">
        <div className="lot-head__title">
          <h1 id="page-title">{game.name}</h1>
          <span className="lot-card__kind">
            {game.station} · {schedule(game)}
          </span>
          {game.source === 'simulated' && <span className="lot-card__demo">{t('lottery.feed.simulated')}</span>}
        </div>
        <div className="lot-head__issue" data-testid="current-issue">
          <span className="lot-head__label">{t('lottery.currentIssue')}</span>
          <strong className="lot-head__id">{game.current?.issueId ?? '–'}</strong>
          {phase ? <Countdown phase={phase} /> : <span className="field__hint">{t('lottery.noIssue')}</span>}
        </div>
        <div className="lot-head__last" data-testid="last-result">
          <span className="lot-head__label">
            {last ? t('lottery.issue', { id: last.issueId }) : t('lottery.lastResult')}
          </span>
          {last?.board ? (
            <BoardView board={last.board} compact />
          ) : (
            <span className="field__hint">
              {last ? t(`lottery.issueStatuses.${last.status}`) : t('lottery.noResult')}
            </span>
          )}
        </div>
      </header>

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
      <div id={`lot-panel-${tab}`} role="tabpanel" aria-labelledby={`lot-tab-${tab}`} className="lot-panel">
        {tab === 'bet' && <FeedBetPanel game={game} open={phase?.phase === 'open'} />}
        {tab === 'results' && <FeedResultsTable game={game} />}
        {tab === 'myBets' && <MyBets game={game} open={phase?.phase === 'open'} />}
      </div>
    </>
  );
}

/** The slip: bet type, numbers (typed or quick-picked; đảo; 4D entry), unit stake, live units and charge, place. */
export function FeedBetPanel({ game, open }: { game: FeedGame; open: boolean }) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState(game.betTypes[0]?.code ?? '');
  const [text, setText] = useState('');
  const [permute, setPermute] = useState(false);
  const [entry, setEntry] = useState<FourDEntry>('ordinary');
  const [stakeText, setStakeText] = useState(() => minorToMajor(BigInt(game.minUnitStake), game.exponent));
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const place = usePlaceLotteryBets();
  const requestId = useRequestId();
  const digits = digitsOf(code);
  const rule = countRule(code);
  const numbers = parseNumbers(text);
  const money = (m: bigint | string) => formatMoney(m, game.exponent);
  let stakeMinor: bigint | null = null;
  try {
    stakeMinor = parseAmount(stakeText, game.exponent);
  } catch {
    stakeMinor = null;
  }
  const stake = unitStakeOf(stakeMinor, BigInt(game.minUnitStake), BigInt(game.maxUnitStake));
  let problem: string | null = null;
  let bets: ReturnType<typeof slipBets> = [];
  if (numbers.length > 0)
    try {
      bets = slipBets(game, code, numbers, { permute, entry });
    } catch (e) {
      if (!(e instanceof GameInputError)) throw e;
      problem = e.message;
    }
  const units = bets.reduce((s, b) => s + b.units, 0);
  const charge = stake.ok ? slipCharge(bets, stake.value) : null;
  const lines = game.betTypes.find((b) => b.code === code)?.lines ?? [];
  const quickCount = rule.exact ?? rule.least ?? 1;
  const roll = code.startsWith('4d.') && entry === 'roll';
  const formatHint = rule.exact
    ? t('lottery.feed.pickHint', { count: rule.exact })
    : rule.least
      ? t('lottery.feed.pickAtLeast', { count: rule.least })
      : code.startsWith('4d.') && entry !== 'ordinary'
        ? t(`lottery.feed.${entry}Hint`)
        : t('lottery.feed.numbersHint', { digits });
  // A bet type's lines: 3 tode's by the number's orders, 4D's by prize.
  const lineName = (key: string) =>
    t(`lottery.feed.lines.${key}`, { defaultValue: t(`lottery.feed.prizes.${key}`, { defaultValue: key }) });

  const submit = async () => {
    if (!stake.ok || !game.current || bets.length === 0) return;
    setNote(null);
    const body = (rid: string) => ({
      gameCode: game.gameCode,
      issueId: game.current!.issueId,
      requestId: rid,
      bets: bets.map((b) => ({ code: b.code, selection: b.selection, unitStake: stake.value.toString() })),
    });
    try {
      const placed = await requestId.run(JSON.stringify(body('')), (rid) => place.mutateAsync(body(rid)));
      setText('');
      setNote({ ok: true, text: t('lottery.feed.placed', { ref: placed.orderRef }) });
    } catch (err) {
      setNote({ ok: false, text: errorText(t, err) });
    }
  };

  if (!game.current) return <p className="field__hint">{t('lottery.feed.noOpen')}</p>;
  return (
    <form
      className="lot-feedslip"
      data-testid="feed-slip"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div
        className="lot-feedslip__types"
        role="radiogroup"
        aria-label={t('lottery.feed.betType')}
        onKeyDown={onArrowKeys}
      >
        {game.betTypes.map((b) => (
          <button
            key={b.code}
            type="button"
            role="radio"
            aria-checked={b.code === code}
            tabIndex={rovingTab(b.code === code)}
            className={clsx('lot-type', b.code === code && 'lot-type--on')}
            onClick={() => {
              setCode(b.code);
              setNote(null);
            }}
          >
            {t(`lottery.feed.codes.${b.code}`, { defaultValue: b.code })}
          </button>
        ))}
      </div>
      <p className="field__hint">
        {lines.length > 1
          ? `${t('lottery.feed.oddsTitle')} ${lines.map((l) => t('lottery.feed.oddsLine', { line: lineName(l.key), odds: l.odds })).join(' · ')}`
          : lines.map((l) => t('lottery.feed.odds', { odds: l.odds })).join('')}
      </p>
      <label className="field">
        <span className="field__label">{t('lottery.feed.numbers')}</span>
        <input
          className="input lot-feedslip__numbers"
          // a roll entry has an R: a phone's numeric keypad has none
          inputMode={roll ? 'text' : 'numeric'}
          autoComplete="off"
          value={text}
          placeholder={roll ? '12R4' : '0'.repeat(digits)}
          aria-invalid={Boolean(problem)}
          aria-describedby="feed-numbers-hint"
          // a phone capitalises nothing: 12r4 is 12R4
          onChange={(e) => setText(roll ? e.target.value.toUpperCase() : e.target.value)}
        />
        <span id="feed-numbers-hint" className={problem ? 'field__error' : 'field__hint'}>
          {problem
            ? // the engine's messages are English: other languages get the format hint instead
              t('lottery.feed.invalid', { message: i18n.language === 'en' ? problem : formatHint })
            : formatHint}
        </span>
      </label>
      <div className="lot-feedslip__quick">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() =>
            setText(
              quickPick(quickCount, digits)
                .map(roll ? withRoll : String)
                .join(' '),
            )
          }
        >
          {t('lottery.feed.quick', { count: quickCount })}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setText('')}>
          {t('lottery.feed.clear')}
        </button>
        {canPermute(code) && (
          <label className="lot-feedslip__check">
            <input type="checkbox" checked={permute} onChange={(e) => setPermute(e.target.checked)} />
            <span>{t('lottery.feed.permute')}</span>
          </label>
        )}
        {game.kind === '4d' && (
          <label className="field lot-feedslip__entry">
            <span className="field__label">{t('lottery.feed.entry')}</span>
            <select className="input" value={entry} onChange={(e) => setEntry(e.target.value as FourDEntry)}>
              {(['ordinary', 'roll', 'system'] as const).map((k) => (
                <option key={k} value={k}>
                  {t(`lottery.feed.entries.${k}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <label className="field">
        <span className="field__label">{t('lottery.feed.unitStake')}</span>
        <input
          className="input"
          inputMode="decimal"
          value={stakeText}
          aria-invalid={!stake.ok}
          onChange={(e) => setStakeText(e.target.value)}
        />
        {!stake.ok && (
          <span className="field__error">
            {t(`lottery.${stake.problem}`, {
              min: money(game.minUnitStake),
              max: money(game.maxUnitStake),
            })}
          </span>
        )}
      </label>
      <p className="lot-stake__sum" aria-live="polite" data-testid="feed-charge">
        {t('lottery.feed.units', { count: units })} ·{' '}
        {t('lottery.feed.total', { amount: charge === null ? '–' : money(charge) })}
      </p>
      <button
        type="submit"
        className="btn btn--primary"
        disabled={!open || bets.length === 0 || Boolean(problem) || !stake.ok || place.isPending}
      >
        {t('lottery.feed.place')}
      </button>
      {note && (
        <p role={note.ok ? 'status' : 'alert'} className={note.ok ? 'lot-note' : 'field__error'}>
          {note.text}
        </p>
      )}
    </form>
  );
}

/** Recent draws with their prize boards (corrected ones marked). */
function FeedResultsTable({ game }: { game: FeedGame }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useFeedResults(game.gameCode, page, 5);
  return (
    <QueryState query={query} isEmpty={(d) => d.list.length === 0} empty={t('lottery.resultsEmpty')}>
      {(r) => (
        <div className="lot-feedresults" data-testid="feed-results">
          {r.list.map((row) => (
            <article key={row.issueId} className="lot-feedresults__item">
              <h3 className="lot-feedresults__id">
                {t('lottery.issue', { id: row.issueId })}{' '}
                <span className="field__hint">
                  {new Date(row.drawsAt).toLocaleString(localeOf(i18n.language), {
                    timeZone: game.timezone,
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                  {row.version > 1 && ` · ${t('lottery.feed.corrected')}`}
                </span>
              </h3>
              {row.board ? (
                <BoardView board={row.board} />
              ) : (
                <span className="field__hint">{t(`lottery.issueStatuses.${row.status}`)}</span>
              )}
            </article>
          ))}
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(r.total / 5))}
            onPage={setPage}
            label={t('lottery.results')}
          />
        </div>
      )}
    </QueryState>
  );
}
