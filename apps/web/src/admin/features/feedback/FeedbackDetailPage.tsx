import { FEEDBACK_REPLY_MAX_CHARS, type AdminFeedbackDetail } from '@sea/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { useCloseFeedback, useFeedback, useReplyFeedback } from '../../api/feedback.ts';
import { Badge } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { Can } from '../../components/permissions.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { feedbackTone } from './status-tone.ts';
import { PersonalText } from '../../components/Removed.tsx';

const replySchema = z.object({
  reply: z.string().trim().min(1, 'feedback.replyRequired').max(FEEDBACK_REPLY_MAX_CHARS, 'feedback.replyTooLong'),
});

/** One feedback: the member's text and images, the reply sent (if any), the reply form and closing. */
export function FeedbackDetailPage() {
  const { t } = useTranslation();
  const reference = useParams().reference ?? '';
  const query = useFeedback(reference);
  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>
          {t('feedback.one')} <code>{reference}</code>
        </h1>
        <Link to="/feedback" className="bo-btn bo-btn--ghost">
          {t('feedback.back')}
        </Link>
      </div>
      {query.isPending ? (
        <p className="bo-muted" role="status">
          {t('common.loading')}
        </p>
      ) : query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <FeedbackView f={query.data} />
      )}
    </div>
  );
}

function FeedbackView({ f }: { f: AdminFeedbackDetail }) {
  const { t } = useTranslation();
  const [closing, setClosing] = useState(false);
  const close = useCloseFeedback();
  return (
    <div className="bo-feedback">
      <dl className="bo-feedback__facts">
        <dt>{t('payments.member')}</dt>
        <dd>{f.account}</dd>
        <dt>{t('feedback.type')}</dt>
        <dd>{t(`feedback.types.${f.questionType}`)}</dd>
        <dt>{t('payments.status')}</dt>
        <dd>
          <Badge tone={feedbackTone[f.status]}>{t(`feedback.statuses.${f.status}`)}</Badge>
        </dd>
        <dt>{t('payments.time')}</dt>
        <dd>{formatDateTime(f.createdAt)}</dd>
        {f.handledBy && (
          <>
            <dt>{t('feedback.handledBy')}</dt>
            <dd>{f.handledBy}</dd>
          </>
        )}
      </dl>
      <section aria-labelledby="fb-content">
        <h2 id="fb-content">{t('feedback.content')}</h2>
        <p className="bo-feedback__text">
          <PersonalText value={f.content} />
        </p>
      </section>
      {f.images.length > 0 && (
        <section aria-labelledby="fb-images">
          <h2 id="fb-images">{t('feedback.images')}</h2>
          <ul className="bo-feedback__images">
            {f.images.map((src, i) => (
              <li key={i}>
                <a href={src} target="_blank" rel="noreferrer" download={`${f.reference}-${i + 1}.jpg`}>
                  <img src={src} alt={t('feedback.imageN', { n: i + 1 })} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {f.reply && (
        <section aria-labelledby="fb-reply">
          <h2 id="fb-reply">{t('feedback.replySent')}</h2>
          <p className="bo-feedback__text">
            <PersonalText value={f.reply} />
          </p>
          {f.repliedAt && <p className="bo-muted">{formatDateTime(f.repliedAt)}</p>}
        </section>
      )}
      {f.status !== 'closed' && (
        <Can permission="feedback.reply">
          <ReplyForm reference={f.reference} answered={f.status === 'answered'} />
          <div>
            <button type="button" className="bo-btn bo-btn--ghost" onClick={() => setClosing(true)}>
              {t('feedback.close')}
            </button>
          </div>
          <ConfirmDialog
            open={closing}
            onClose={() => setClosing(false)}
            title={t('feedback.close')}
            text={t('feedback.closeText', { reference: f.reference })}
            confirmLabel={t('feedback.close')}
            mutation={close}
            args={f.reference}
          />
        </Can>
      )}
    </div>
  );
}

function ReplyForm({ reference, answered }: { reference: string; answered: boolean }) {
  const { t } = useTranslation();
  const reply = useReplyFeedback();
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const form = useForm<{ reply: string }>({ resolver: zodResolver(replySchema), defaultValues: { reply: '' } });
  const error = form.formState.errors.reply;
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    setSent(false);
    try {
      await reply.mutateAsync({ reference, reply: v.reply.trim() });
      form.reset({ reply: '' });
      setSent(true);
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['reply']));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="bo-form bo-feedback__reply" aria-labelledby="fb-reply-title">
      <h2 id="fb-reply-title">{answered ? t('feedback.replyAgain') : t('feedback.reply')}</h2>
      <div className="bo-field">
        <label htmlFor="fb-reply-text">{t('feedback.replyLabel')}</label>
        <textarea
          id="fb-reply-text"
          rows={5}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'fb-reply-err' : 'fb-reply-hint'}
          {...form.register('reply')}
        />
        {error?.message ? (
          <p id="fb-reply-err" className="bo-field__error" role="alert">
            {t(error.message, { defaultValue: error.message })}
          </p>
        ) : (
          <p id="fb-reply-hint" className="bo-hint">
            {t('feedback.replyHint')}
          </p>
        )}
      </div>
      <FormAlert message={alert} />
      {sent && (
        <p className="bo-alert bo-alert--success" role="status">
          {t('feedback.replyDone')}
        </p>
      )}
      <div className="bo-form__actions">
        <button type="submit" className="bo-btn bo-btn--primary" disabled={form.formState.isSubmitting}>
          {t('feedback.send')}
        </button>
      </div>
    </form>
  );
}
