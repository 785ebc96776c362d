import { formatMoney } from '@sea/contracts';
import { clsx } from 'clsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { type LotteryIssue, useLotteryIssue, useLotteryLobby } from '../../api/lottery.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { useSystemStatus } from '../../state/system.ts';
import { ResultView } from './parts.tsx';
import { verifyIssue } from './verify-issue.ts';
import './lottery.css';
import '../../i18n/areas/lottery.ts';

const ISSUE_ID = /^\d{8}-\d{4}$/;

/**
 * /lottery/verify?game=…&issue=…: loads an issue (public data) and recomputes it in the browser with the server's
 * engines: the chain link of the revealed hash and the draw from it, each step with ✓ or ✗; the issue's totals.
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

function IssueCheckView({ issue, name }: { issue: LotteryIssue; name?: string }) {
  const { t } = useTranslation();
  const { currencyExponent } = useSystemStatus();
  const check = useMemo(() => verifyIssue(issue), [issue]);
  const ok = check !== null && check.link && check.resultMatches;
  return (
    <div className="lot-verify__issue" data-testid="issue-check">
      <h2>
        {name ?? issue.gameCode} · {t('lottery.issue', { id: issue.issueId })} ·{' '}
        {t(`lottery.issueStatuses.${issue.status}`)}
      </h2>
      <dl className="lot-verify__facts">
        <div>
          <dt>{t('lottery.chainIndex')}</dt>
          <dd>{issue.chainIndex}</dd>
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
        <div className={clsx('lot-verdict', ok ? 'lot-verdict--ok' : 'lot-verdict--fail')} data-testid="verdict">
          <strong>{ok ? t('lottery.verified') : t('lottery.failed')}</strong>
          <ul>
            <Step ok={check.link} yes={t('lottery.stepLink')} no={t('lottery.stepLinkFail')} />
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
