import type { LotteryAdminIssueDetail } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardResult } from '../../api/lottery.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useSignedInMe } from '../../components/me-context.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { ResultForm } from './ResultForm.tsx';
import type { FeedKind } from './result-layout.ts';

/**
 * What a staff member with lottery.results can do with a feed draw's result now: enter it (draw time passed, no
 * result yet), confirm or discard one waiting for a second person (the one who entered it cannot confirm: the server
 * refuses, and the page says so), or correct a settled result after a preview.
 */
export function ResultPanel({ detail }: { detail: LotteryAdminIssueDetail }) {
  const { t } = useTranslation();
  const me = useSignedInMe();
  const discard = useDiscardResult();
  const [discarding, setDiscarding] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const { issue } = detail;
  const kind = issue.kind as FeedKind;
  const pending = detail.versions.find((v) => v.status === 'pending');
  const settled = issue.status === 'settled';
  const form = (mode: 'enter' | 'confirm') => (
    <ResultForm
      key={`${mode}-${pending?.enteredAt ?? ''}`}
      kind={kind}
      region={detail.region}
      gameCode={issue.gameCode}
      issueId={issue.issueId}
      mode={mode}
      correction={settled}
      onDone={() => setCorrecting(false)}
    />
  );

  if (pending) {
    const mine = pending.enteredBy === me.id;
    return (
      <div className="bo-lottery-section">
        <p className="bo-alert bo-alert--info" role="status">
          {t(settled ? 'lottery.pending.correction' : 'lottery.pending.result', {
            version: pending.version,
            by: mine
              ? t('adjustments.you')
              : (pending.enteredByName ?? t('lottery.staffNo', { id: pending.enteredBy })),
            at: formatDateTime(pending.enteredAt),
          })}
        </p>
        {mine ? <p className="bo-hint">{t('lottery.pending.notYou')}</p> : form('confirm')}
        <div className="bo-form__actions bo-form__actions--start">
          <button type="button" className="bo-btn bo-btn--danger-ghost" onClick={() => setDiscarding(true)}>
            {t('lottery.pending.discard')}
          </button>
        </div>
        <ConfirmDialog
          open={discarding}
          onClose={() => setDiscarding(false)}
          title={t('lottery.pending.discardTitle', { issueId: issue.issueId })}
          text={t('lottery.pending.discardText')}
          confirmLabel={t('lottery.pending.discard')}
          danger
          mutation={discard}
          args={{ gameCode: issue.gameCode, issueId: issue.issueId }}
        />
      </div>
    );
  }
  if (settled)
    return correcting ? (
      <div className="bo-lottery-section">
        <p className="bo-hint">{t('lottery.correct.help')}</p>
        {form('enter')}
        <div className="bo-form__actions bo-form__actions--start">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={() => setCorrecting(false)}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    ) : (
      <div className="bo-form__actions bo-form__actions--start">
        <button type="button" className="bo-btn" onClick={() => setCorrecting(true)}>
          {t('lottery.correct.start')}
        </button>
      </div>
    );
  // 'awaiting': the server's draw job saw the draw time pass (the browser's clock may differ from the server's).
  if (issue.status === 'awaiting') return form('enter');
  if (issue.status === 'open' || issue.status === 'closed')
    return <p className="bo-hint">{t('lottery.notYet', { at: formatDateTime(issue.drawsAt) })}</p>;
  return null;
}
