import { formatMoney } from '@sea/contracts';
import { clsx } from 'clsx';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../i18n/languages.ts';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { type LotteryIssue, useLotteryBeaconRound, useLotteryIssue, useLotteryLobby } from '../../api/lottery.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { useSystemStatus } from '../../state/system.ts';
import { ResultView } from './parts.tsx';
import { beaconCheck, reachesCommitment, verifyIssue } from './verify-issue.ts';
import './lottery.css';
import '../../i18n/areas/lottery.ts';

const ISSUE_ID = /^\d{8}-\d{4}$/;

/**
 * /lottery/verify?game=…&issue=…: loads an issue (public data) and recomputes it in the browser with the server's
 * engines: the chain link of the revealed hash, the walk from it to its own chain's published commitment (chains roll
 * over: chain n + 1 is published before chain n ends), the beacon round mixed into the draw against its source (chains
 * committed with a beacon) and the draw from it, each step with ✓ or ✗; the issue's totals.
 */
export default function LotteryVerifyPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const game = params.get('game') ?? '';
  const issue = params.get('issue') ?? '';
  const valid = Boolean(game) && ISSUE_ID.test(issue);
  const query = useLotteryIssue(valid ? game : null, valid ? issue : null);
  const lobby = useLotteryLobby();
  const [gameText, setGameText] = useState(game);
  const [issueText, setIssueText] = useState(issue);
  const [problem, setProblem] = useState<string | null>(null);
  const games = lobby.data?.games ?? [];

  return (
    <section className="lottery lot-verify" aria-labelledby="page-title">
      <Link className="lottery__back" to={game ? `/lottery/${encodeURIComponent(game)}` : '/lottery'}>
        ← {t('lottery.back')}
      </Link>
      <h1 id="page-title">{t('lottery.verifyTitle')}</h1>
      <p className="lottery__intro">{t('lottery.verifyIntro')}</p>
      <form
        className="lot-verify__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!ISSUE_ID.test(issueText.trim()) || !gameText) {
            setProblem(t('lottery.invalidIssue'));
            return;
          }
          setProblem(null);
          setParams({ game: gameText, issue: issueText.trim() });
        }}
      >
        <label className="field">
          <span className="field__label">{t('lottery.game')}</span>
          <select className="input" value={gameText} onChange={(e) => setGameText(e.target.value)}>
            <option value="">{t('lottery.pickGame')}</option>
            {games.map((g) => (
              <option key={g.gameCode} value={g.gameCode}>
                {g.name}
              </option>
            ))}
            {game && !games.some((g) => g.gameCode === game) && <option value={game}>{game}</option>}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('lottery.issueId')}</span>
          <input
            className="input"
            value={issueText}
            placeholder="20261126-0961"
            aria-invalid={Boolean(problem)}
            onChange={(e) => setIssueText(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn--primary">
          {t('lottery.load')}
        </button>
        {problem && (
          <p className="field__error" role="alert">
            {problem}
          </p>
        )}
      </form>
      {valid && (
        <QueryState
          query={query}
          errorTitle={
            query.error instanceof ApiError && query.error.code === 'not_found' ? t('lottery.notFound') : undefined
          }
        >
          {(data) => <IssueCheckView issue={data} name={games.find((g) => g.gameCode === data.gameCode)?.name} />}
        </QueryState>
      )}
    </section>
  );
}

/** The walk from the issue hash to its chain's commitment: null while it runs. */
function useCommitmentCheck(issue: LotteryIssue): boolean | null {
  const [reached, setReached] = useState<{ key: string; ok: boolean } | null>(null);
  const key = `${issue.hash}:${issue.chainIndex}:${issue.chain.terminalHash}`;
  useEffect(() => {
    if (!issue.hash) return;
    const stop = new AbortController();
    void reachesCommitment(issue.hash, issue.chainIndex, issue.chain.terminalHash, { signal: stop.signal }).then(
      (ok) => {
        if (!stop.signal.aborted) setReached({ key, ok });
      },
    );
    return () => stop.abort();
  }, [issue.hash, issue.chainIndex, issue.chain.terminalHash, key]);
  return reached?.key === key ? reached.ok : null;
}

/** The beacon round as its source publishes it, against the issue: null while it loads or when there is none. */
function useBeaconCheck(issue: LotteryIssue): { ok: boolean | null; round: number | null } {
  const round = issue.beacon && issue.hash ? issue.beacon.round : null;
  const query = useLotteryBeaconRound(round);
  if (round === null) return { ok: null, round };
  if (query.isError) return { ok: false, round };
  if (!query.data) return { ok: null, round };
  const c = beaconCheck(issue, query.data);
  return { ok: c.sameValue && c.afterBets, round };
}

function IssueCheckView({ issue, name }: { issue: LotteryIssue; name?: string }) {
  const { t, i18n } = useTranslation();
  const { currencyExponent } = useSystemStatus();
  const check = useMemo(() => verifyIssue(issue), [issue]);
  const reached = useCommitmentCheck(issue);
  const beacon = useBeaconCheck(issue);
  const beaconPending = beacon.round !== null && beacon.ok === null;
  const verdict =
    check === null || !check.link || !check.resultMatches || reached === false || beacon.ok === false
      ? 'fail'
      : reached === null || beaconPending
        ? 'pending'
        : 'ok';
  const when = (iso: string) =>
    new Date(iso).toLocaleString(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="lot-verify__issue" data-testid="issue-check">
      <h2>
        {name ?? issue.gameCode} · {t('lottery.issue', { id: issue.issueId })} ·{' '}
        {t(`lottery.issueStatuses.${issue.status}`)}
      </h2>
      <dl className="lot-verify__facts">
        <div>
          <dt>{t('lottery.chain')}</dt>
          <dd data-testid="chain-seq">{t('lottery.chainNo', { seq: issue.chain.seq })}</dd>
        </div>
        <div>
          <dt>{t('lottery.chainIndex')}</dt>
          <dd>
            {issue.chainIndex} / {issue.chain.length}
          </dd>
        </div>
        <div>
          <dt>{t('lottery.chainIssues')}</dt>
          <dd>
            {issue.chain.firstIssueId} – {issue.chain.lastIssueId}
          </dd>
        </div>
        <div>
          <dt>{t('lottery.publishedAt')}</dt>
          <dd>{when(issue.chain.publishedAt)}</dd>
        </div>
        <div className="lot-verify__wide">
          <dt>{t('lottery.commitment')}</dt>
          <dd>
            <code>{issue.chain.terminalHash}</code>
          </dd>
        </div>
        <div>
          <dt>{t('lottery.algorithm')}</dt>
          <dd>{issue.algorithm}</dd>
        </div>
        <div className="lot-verify__wide">
          <dt>{t('lottery.salt')}</dt>
          <dd>
            <code>{issue.salt}</code>
          </dd>
        </div>
        <div className="lot-verify__wide">
          <dt>{t('lottery.secretHeldBy')}</dt>
          <dd data-testid="secret-held-by">
            {issue.chain.secretHeldBy === 'signer' ? t('lottery.secretSigner') : t('lottery.secretDatabase')}
          </dd>
        </div>
        <div className="lot-verify__wide">
          <dt>{t('lottery.beacon')}</dt>
          <dd data-testid="beacon-source">
            {issue.beacon
              ? issue.beacon.simulated
                ? t('lottery.beaconSimulated', { source: issue.beacon.source })
                : issue.beacon.source
              : t('lottery.noBeacon')}
          </dd>
        </div>
        {issue.beacon && (
          <>
            <div>
              <dt>{t('lottery.beaconRound')}</dt>
              <dd>{issue.beacon.round}</dd>
            </div>
            <div>
              <dt>{t('lottery.beaconPublishedAt')}</dt>
              <dd>{when(issue.beacon.publishedAt)}</dd>
            </div>
            {issue.beacon.value && (
              <div className="lot-verify__wide">
                <dt>{t('lottery.beaconValue')}</dt>
                <dd>
                  <code>{issue.beacon.value}</code>
                </dd>
              </div>
            )}
          </>
        )}
        <div className="lot-verify__wide">
          <dt>{t('lottery.previousHash')}</dt>
          <dd>
            <code>{issue.previousHash}</code>
          </dd>
        </div>
        {issue.hash && (
          <div className="lot-verify__wide">
            <dt>{t('lottery.hash')}</dt>
            <dd>
              <code>{issue.hash}</code>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('lottery.storedResult')}</dt>
          <dd>{issue.result ? <ResultView kind={issue.kind} result={issue.result} small /> : '–'}</dd>
        </div>
        {check?.recomputed && (
          <div>
            <dt>{t('lottery.recomputed')}</dt>
            <dd>
              <ResultView kind={issue.kind} result={check.recomputed} small />
            </dd>
          </div>
        )}
      </dl>
      {check === null ? (
        <p className="lot-note" role="note">
          {t('lottery.notDrawn')}
        </p>
      ) : (
        <div className={clsx('lot-verdict', `lot-verdict--${verdict}`)} data-testid="verdict" aria-live="polite">
          <strong>
            {verdict === 'ok'
              ? t('lottery.verified')
              : verdict === 'pending'
                ? t('lottery.checking')
                : t('lottery.failed')}
          </strong>
          <ul>
            <Step ok={check.link} yes={t('lottery.stepLink')} no={t('lottery.stepLinkFail')} />
            {reached === null ? (
              <li className="lot-step--pending" role="status">
                <span aria-hidden="true">…</span> {t('lottery.stepChainPending', { seq: issue.chain.seq })}
              </li>
            ) : (
              <Step
                ok={reached}
                yes={t('lottery.stepChain', { count: issue.chainIndex, seq: issue.chain.seq })}
                no={t('lottery.stepChainFail', { count: issue.chainIndex, seq: issue.chain.seq })}
              />
            )}
            {beacon.round !== null &&
              (beacon.ok === null ? (
                <li className="lot-step--pending" role="status">
                  <span aria-hidden="true">…</span> {t('lottery.stepBeaconPending', { round: beacon.round })}
                </li>
              ) : (
                <Step
                  ok={beacon.ok}
                  yes={t('lottery.stepBeacon', { round: beacon.round })}
                  no={t('lottery.stepBeaconFail', { round: beacon.round })}
                />
              ))}
            <Step ok={check.resultMatches} yes={t('lottery.stepResult')} no={t('lottery.stepResultFail')} />
          </ul>
          {check.error && <p className="field__error">{check.error}</p>}
        </div>
      )}
      {issue.totals && (
        <section className="lot-verify__totals" aria-labelledby="totals-title">
          <h3 id="totals-title">{t('lottery.issueTotals')}</h3>
          <dl className="lot-verify__facts">
            <div>
              <dt>{t('lottery.totalBets')}</dt>
              <dd>{issue.totals.bets}</dd>
            </div>
            <div>
              <dt>{t('lottery.totalStake')}</dt>
              <dd>{formatMoney(issue.totals.stake, currencyExponent)}</dd>
            </div>
            <div>
              <dt>{t('lottery.totalPayout')}</dt>
              <dd>{formatMoney(issue.totals.payout, currencyExponent)}</dd>
            </div>
            <div>
              <dt>{t('lottery.winners')}</dt>
              <dd>{issue.totals.winners}</dd>
            </div>
          </dl>
        </section>
      )}
    </div>
  );
}

function Step({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <li className={ok ? 'lot-step--ok' : 'lot-step--fail'}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {ok ? yes : no}
    </li>
  );
}
