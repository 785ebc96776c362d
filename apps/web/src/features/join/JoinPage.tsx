import { ACTIVITY_COMMENT_MAX, formatMoney, type JoinItem, type JoinState, visibleLength } from '@sea/contracts';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApply, useJoinPage, useJoinPromotion, useRequestReward } from '../../api/join.ts';
import { errorText } from '../../components/error-text.ts';
import { Field } from '../../components/form/Field.tsx';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { ImageField } from '../../components/form/ImageField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Modal } from '../../components/Modal.tsx';
import { PromotionImage, usePromotionPeriod } from '../../components/promotions/PromotionCard.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { StatusBadge, type StatusTone } from '../../components/StatusBadge.tsx';
import { useSession } from '../../state/session.ts';
import { useUi } from '../../state/ui.ts';
import { applySchema, type ApplyFormValues, EMPTY_APPLICATION } from './apply-form.ts';
import '../../i18n/areas/promos.ts';
import '../../i18n/areas/join.ts';
import './join.css';

const TONE: Record<JoinState, StatusTone> = {
  join: 'waiting',
  joined: 'waiting',
  claim: 'paid',
  applying: 'waiting',
  process: 'waiting',
  issued: 'done',
  claimed: 'done',
  rejected: 'refused',
  close: 'void',
  'coming soon': 'void',
};
const stateKey = (s: JoinState) => (s === 'coming soon' ? 'comingSoon' : s);

/**
 * /join (spec §2 "Promotions, join"): the promotions a member can join — the sign-up bonus first, then deposit
 * bonuses and activities that take applications — each with the member's state in the spec's words and its action:
 * join, the sign-up reward request, or the application (comment and up to 3 images). A visitor is asked to log in
 * or register.
 */
export default function JoinPage() {
  const { t } = useTranslation();
  const query = useJoinPage();
  const isLogin = useSession((s) => s.isLogin);
  const { open } = useUi();
  return (
    <section className="join" aria-labelledby="page-title">
      <header className="join__head">
        <h1 id="page-title">{t('join.title')}</h1>
        <p className="join__intro">{t('join.intro')}</p>
        <Link className="join__all" to="/promotions">
          {t('join.allPromotions')} ›
        </Link>
      </header>
      {!isLogin && (
        <div className="join__visitor" role="note">
          <p>{t('join.loginFirst')}</p>
          <div className="join__visitor-actions">
            <button type="button" className="btn btn--primary" onClick={() => open('login')}>
              {t('join.login')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => open('register')}>
              {t('join.register')}
            </button>
          </div>
        </div>
      )}
      <QueryState
        query={query}
        isEmpty={(d) => d.list.length === 0}
        empty={<span className="empty-panel">{t('join.empty')}</span>}
        errorTitle={t('join.title')}
      >
        {(d) => (
          <ul className="join__list" aria-labelledby="page-title">
            {d.list.map((item) => (
              <li key={item.promotionId}>
                <JoinCard item={item} currency={d.currency} exponent={d.exponent} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function JoinCard({ item, currency, exponent }: { item: JoinItem; currency: string; exponent: number }) {
  const { t } = useTranslation();
  const period = usePromotionPeriod();
  const money = (v: string | null) => (v === null ? '—' : `${currency} ${formatMoney(v, exponent)}`);
  const terms =
    item.type === 'signup'
      ? t('join.terms.signup', { amount: money(item.amount), multiplier: item.multiplier })
      : item.type === 'application'
        ? t('join.terms.application')
        : t(`join.terms.${item.type}`, { percent: (item.percentBp ?? 0) / 100, max: money(item.maxBonus) });
  const titleId = `join-title-${item.promotionId}`;
  return (
    <article className="join-card" aria-labelledby={titleId}>
      <PromotionImage promotion={item} />
      <div className="join-card__body">
        <div className="join-card__top">
          <span className="promo-card__tag">{t(`join.type.${item.type}`)}</span>
          <StatusBadge tone={TONE[item.state]}>{t(`join.state.${stateKey(item.state)}`)}</StatusBadge>
        </div>
        <h2 className="join-card__title" id={titleId}>
          {item.title}
        </h2>
        <p className="promo-card__period">{period(item)}</p>
        <p className="join-card__terms">{terms}</p>
        {item.state === 'issued' && item.type === 'application' && item.amount && (
          <p className="join-card__note">{t('join.issuedAmount', { amount: money(item.amount) })}</p>
        )}
        {item.state === 'rejected' && item.reason && (
          <p className="join-card__note join-card__note--refused">{t('join.reason', { reason: item.reason })}</p>
        )}
        {item.state === 'process' && <p className="join-card__note">{t('join.processNote')}</p>}
        {item.state === 'applying' && <p className="join-card__note">{t('join.applyingNote')}</p>}
        <div className="join-card__actions">
          <JoinAction item={item} />
          <Link className="btn btn--ghost" to={`/promotions#${item.promotionId}`}>
            {t('join.details')}
          </Link>
        </div>
      </div>
    </article>
  );
}

function JoinAction({ item }: { item: JoinItem }) {
  const { t } = useTranslation();
  const isLogin = useSession((s) => s.isLogin);
  const join = useJoinPromotion();
  const reward = useRequestReward();
  const [applying, setApplying] = useState(false);
  if (!isLogin || item.state === 'coming soon' || item.state === 'close') return null;
  const failed = join.error ?? reward.error;
  let action = null;
  if (item.type === 'application' && (item.state === 'join' || item.state === 'rejected'))
    action = (
      <button type="button" className="btn btn--primary" onClick={() => setApplying(true)}>
        {item.state === 'rejected' ? t('join.applyAgain') : t('join.apply')}
      </button>
    );
  else if (item.type !== 'application' && item.state === 'join')
    action = (
      <button
        type="button"
        className="btn btn--primary"
        disabled={join.isPending}
        onClick={() => join.mutate(item.promotionId)}
      >
        {t('join.join')}
      </button>
    );
  else if (item.state === 'claim')
    action = (
      <button
        type="button"
        className="btn btn--primary"
        disabled={reward.isPending}
        onClick={() => reward.mutate(item.promotionId)}
      >
        {t('join.requestReward')}
      </button>
    );
  return (
    <>
      {action}
      {failed && (
        <p role="alert" className="form__error">
          {errorText(t, failed)}
        </p>
      )}
      {applying && <ApplyDialog item={item} onClose={() => setApplying(false)} />}
    </>
  );
}

function ApplyDialog({ item, onClose }: { item: JoinItem; onClose: () => void }) {
  const { t } = useTranslation();
  const apply = useApply();
  const form = useZodForm(applySchema, EMPTY_APPLICATION);
  return (
    <Modal open onClose={onClose} title={t('join.applyTitle', { title: item.title })}>
      <Form
        form={form}
        className="form join__form"
        aria-label={t('join.applyTitle', { title: item.title })}
        onSubmit={async (v: ApplyFormValues) => {
          const images = [v.image1, v.image2, v.image3].filter((f): f is File => f instanceof File);
          await apply.mutateAsync({ promotionId: item.promotionId, comment: v.comment.trim(), images });
          onClose();
          return t('join.applied');
        }}
      >
        <CommentField />
        <fieldset className="join__images">
          <legend>{t('join.images')}</legend>
          {[1, 2, 3].map((n) => (
            <ImageField key={n} name={`image${n}`} label={t('join.image', { n })} previewAlt={t('join.image', { n })} />
          ))}
        </fieldset>
        <FormFooter label={t('join.send')} />
      </Form>
    </Modal>
  );
}

function CommentField() {
  const { t } = useTranslation();
  const { register } = useFormContext<ApplyFormValues>();
  const comment = useWatch<ApplyFormValues, 'comment'>({ name: 'comment' }) ?? '';
  return (
    <Field
      name="comment"
      label={t('join.comment')}
      required
      hint={t('join.commentCount', { count: visibleLength(comment.trim()), max: ACTIVITY_COMMENT_MAX })}
    >
      {(control) => <textarea {...control} rows={4} required {...register('comment')} />}
    </Field>
  );
}
