import { countWords, FEEDBACK_MAX_WORDS, FEEDBACK_QUESTION_TYPES, type FeedbackItem } from '@sea/contracts';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMyFeedback, useSendFeedback } from '../../api/feedback.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { Field } from '../../components/form/Field.tsx';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { ImageField } from '../../components/form/ImageField.tsx';
import { SelectField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { StatusBadge, type StatusTone } from '../../components/StatusBadge.tsx';
import { feedbackSchema, type FeedbackFormValues } from './feedback-form.ts';
import './feedback.css';
import '../../i18n/areas/feedback.ts';

const PAGE_SIZE = 5;
const TONE: Record<FeedbackItem['status'], StatusTone> = { new: 'waiting', answered: 'done', closed: 'void' };
const EMPTY: FeedbackFormValues = { questionType: '', content: '', image1: null, image2: null, image3: null };

/**
 * Member centre › feedback (spec §2 help / feedback): question type, content within the word bounds, up to 3
 * images; below, the member's own feedback with its status and the staff's reply (which also arrives in messages).
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  return (
    <section className="feedback" aria-labelledby="page-title">
      <h1 id="page-title">{t('centre.member.feedback')}</h1>
      <p className="feedback__note">{t('feedback.intro')}</p>
      <FeedbackForm />
      <MyFeedback />
    </section>
  );
}

/** The feedback form, on the member centre page and in the help centre's feedback popup (same rules). */
export function FeedbackForm(props: { titled?: boolean }) {
  const { titled = true } = props;
  const { t } = useTranslation();
  const send = useSendFeedback();
  const form = useZodForm(feedbackSchema, EMPTY);
  return (
    <Form
      form={form}
      className="form feedback__form"
      aria-label={t('feedback.newTitle')}
      onSubmit={async (v) => {
        const images = [v.image1, v.image2, v.image3].filter((f): f is File => f instanceof File);
        const sent = await send.mutateAsync({ questionType: v.questionType as never, content: v.content, images });
        form.reset(EMPTY);
        return t('feedback.sent', { reference: sent.reference });
      }}
    >
      {titled && <h2>{t('feedback.newTitle')}</h2>}
      <SelectField name="questionType" label={t('feedback.type')} required>
        <option value="">{t('feedback.typeChoose')}</option>
        {FEEDBACK_QUESTION_TYPES.map((q) => (
          <option key={q} value={q}>
            {t(`feedback.types.${q}`)}
          </option>
        ))}
      </SelectField>
      <ContentField />
      <fieldset className="feedback__images">
        <legend>{t('feedback.images')}</legend>
        {[1, 2, 3].map((n) => (
          <ImageField
            key={n}
            name={`image${n}`}
            label={t('feedback.image', { n })}
            previewAlt={t('feedback.image', { n })}
          />
        ))}
      </fieldset>
      <FormFooter label={t('feedback.send')} />
    </Form>
  );
}

function ContentField() {
  const { t } = useTranslation();
  const { register } = useFormContext<FeedbackFormValues>();
  const content = useWatch<FeedbackFormValues, 'content'>({ name: 'content' }) ?? '';
  return (
    <Field
      name="content"
      label={t('feedback.content')}
      required
      hint={t('feedback.wordCount', { count: countWords(content), max: FEEDBACK_MAX_WORDS })}
    >
      {(control) => <textarea {...control} rows={6} required {...register('content')} />}
    </Field>
  );
}

function MyFeedback() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const query = useMyFeedback(pageNo, PAGE_SIZE);
  return (
    <section className="feedback__mine" aria-labelledby="feedback-mine">
      <h2 id="feedback-mine">{t('feedback.mine')}</h2>
      <QueryState
        query={query}
        isEmpty={(d) => d.total === 0}
        empty={<span className="empty-panel">{t('feedback.empty')}</span>}
      >
        {(d) => (
          <>
            <ul className="feedback__list">
              {d.list.map((f) => (
                <li key={f.reference} className="feedback__item">
                  <div className="feedback__meta">
                    <strong>{t(`feedback.types.${f.questionType}`)}</strong>
                    <span className="feedback__ref">{f.reference}</span>
                    <DateTime value={f.createdAt} />
                    <StatusBadge tone={TONE[f.status]}>{t(`feedback.status.${f.status}`)}</StatusBadge>
                  </div>
                  <p className="feedback__text">{f.content}</p>
                  {f.imageCount > 0 && (
                    <p className="feedback__images-count">{t('feedback.imageCount', { count: f.imageCount })}</p>
                  )}
                  {f.reply && (
                    <div className="feedback__reply">
                      <strong>{t('feedback.reply')}</strong>
                      <p>{f.reply}</p>
                    </div>
                  )}
                </li>
              ))}
            </ul>
            {d.total > PAGE_SIZE && (
              <Pager
                page={pageNo}
                pages={Math.ceil(d.total / PAGE_SIZE)}
                onPage={setPageNo}
                label={t('feedback.mine')}
              />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
