import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLotteryIssue } from '../../api/lottery.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../../components/permissions.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { CancelIssueDialog } from './CancelIssueDialog.tsx';
import { ResultPanel } from './ResultPanel.tsx';
import { issueTone } from './status-tone.ts';
import './lottery.css';

/** One draw: its totals, the result applied, every result entry, and what may be done with it now. */
export function IssuePage() {
  const { t } = useTranslation();
  const can = useCan();
  const { gameCode = '', issueId = '' } = useParams();
  const one = useLotteryIssue(gameCode, issueId);
  const [cancelling, setCancelling] = useState(false);
  const d = one.data;
  const money = (minor: string) => (d ? formatAmount(minor, d.exponent, d.currency) : '');
  /** A staff member by username; by number only when the account is gone. */
  const staffName = (name: string | null, id: string) => name ?? t('lottery.staffNo', { id });

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('lottery.issueTitle', { issueId, game: d?.issue.gameName ?? gameCode })}</h1>
        <Link className="bo-btn bo-btn--ghost" to="/lottery/issues">
          {t('common.back')}
        </Link>
      </div>
      {one.isPending && <p role="status">{t('common.loading')}</p>}
      {one.isError && <ErrorAlert error={one.error} onRetry={() => void one.refetch()} />}
      {d && (
        <div className="bo-lottery-grid">
          <section className="bo-card bo-lottery-section" aria-labelledby="lottery-totals">
            <h2 id="lottery-totals">{t('lottery.totals')}</h2>
            <dl className="bo-detail">
              <dt>{t('payments.status')}</dt>
              <dd>
                <Badge tone={issueTone(d.issue.status)}>{t(`lottery.statuses.${d.issue.status}`)}</Badge>{' '}
                {d.issue.pendingResult && <Badge tone="warn">{t('lottery.pendingBadge')}</Badge>}
              </dd>
              <dt>{t('lottery.game')}</dt>
              <dd>
                {d.issue.gameName} <span className="bo-muted">({t(`lottery.sources.${d.issue.source}`)})</span>
              </dd>
              <dt>{t('lottery.closesAt')}</dt>
              <dd>{formatDateTime(d.issue.closesAt)}</dd>
              <dt>{t('lottery.drawsAt')}</dt>
              <dd>{formatDateTime(d.issue.drawsAt)}</dd>
              {d.issue.settledAt && (
                <>
                  <dt>{t('lottery.settledAt')}</dt>
                  <dd>{formatDateTime(d.issue.settledAt)}</dd>
                </>
              )}
              <dt>{t('lottery.bets')}</dt>
              <dd>{d.issue.bets}</dd>
              <dt>{t('lottery.stake')}</dt>
              <dd>{money(d.issue.stake)}</dd>
              <dt>{t('lottery.payout')}</dt>
              <dd>{money(d.issue.payout)}</dd>
              <dt>{t('lottery.houseResult')}</dt>
              <dd className="bo-detail__amount">{money(d.issue.houseResult)}</dd>
              <dt>{t('lottery.winners')}</dt>
              <dd>{d.issue.winners}</dd>
              {d.refundedBets > 0 && (
                <>
                  <dt>{t('lottery.refunded')}</dt>
                  <dd>{t('lottery.refundedText', { count: d.refundedBets, amount: money(d.refunded) })}</dd>
                </>
              )}
            </dl>
            {can('lottery.results') &&
              ['open', 'closed', 'awaiting'].includes(d.issue.status) &&
              !d.issue.pendingResult && (
                <div className="bo-form__actions bo-form__actions--start">
                  <button type="button" className="bo-btn bo-btn--danger-ghost" onClick={() => setCancelling(true)}>
                    {t('lottery.cancel.start')}
                  </button>
                </div>
              )}
          </section>
          <section className="bo-card bo-lottery-section" aria-labelledby="lottery-result">
            <h2 id="lottery-result">{t('lottery.result')}</h2>
            {d.board ? (
              <dl className="bo-board">
                {d.board.map((p) => (
                  <div key={p.prize} style={{ display: 'contents' }}>
                    <dt>{t(`lottery.prizes.${p.prize}`, { defaultValue: p.prize })}</dt>
                    <dd>{p.numbers.join(' ')}</dd>
                  </div>
                ))}
              </dl>
            ) : d.numbers ? (
              <p className="bo-hash">{d.numbers.join(' ')}</p>
            ) : (
              <p className="bo-muted">{t('lottery.noResult')}</p>
            )}
            {d.issue.source === 'chain' ? (
              <p className="bo-hint">{t('lottery.chainResult')}</p>
            ) : (
              can('lottery.results') && <ResultPanel detail={d} />
            )}
          </section>
          {d.versions.length > 0 && (
            <section className="bo-card bo-lottery-section bo-lottery-wide" aria-labelledby="lottery-versions">
              <h2 id="lottery-versions">{t('lottery.versions.title')}</h2>
              <div className="bo-table">
                <div className="bo-table__scroll bo-lottery-scroll">
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">{t('lottery.versions.version')}</th>
                        <th scope="col">{t('lottery.versions.source')}</th>
                        <th scope="col">{t('payments.status')}</th>
                        <th scope="col">{t('lottery.versions.enteredBy')}</th>
                        <th scope="col">{t('lottery.versions.confirmedBy')}</th>
                        <th scope="col">{t('lottery.versions.applied')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {d.versions.map((v, i) => (
                        <tr key={i}>
                          <td>{v.version}</td>
                          <td>{t(`lottery.versions.sources.${v.source}`)}</td>
                          <td>
                            <Badge tone={issueTone(v.status)}>{t(`lottery.versions.statuses.${v.status}`)}</Badge>
                          </td>
                          <td>
                            {v.enteredBy ? staffName(v.enteredByName, v.enteredBy) : t('lottery.versions.feed')}{' '}
                            <span className="bo-muted">{formatDateTime(v.enteredAt)}</span>
                          </td>
                          <td>
                            {v.confirmedBy ? staffName(v.confirmedByName, v.confirmedBy) : '—'}{' '}
                            <span className="bo-muted">{formatDateTime(v.confirmedAt)}</span>
                          </td>
                          <td>{formatDateTime(v.appliedAt) || '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            </section>
          )}
        </div>
      )}
      {cancelling && d && (
        <CancelIssueDialog
          gameCode={d.issue.gameCode}
          issueId={d.issue.issueId}
          bets={d.issue.bets}
          stake={money(d.issue.stake)}
          onClose={() => setCancelling(false)}
        />
      )}
    </div>
  );
}
