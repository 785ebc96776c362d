import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type MessageSend, useSendMessage } from '../../api/promotions-messages.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert, TextAreaField } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { LanguageTexts, translationsBody, translationsDefaults, translationsForm } from './LanguageTexts.tsx';
import '../../styles/agents-content.css';

const schema = z
  .object({
    to: z.enum(['member', 'all', 'segment']),
    account: z.string().trim().max(64),
    agentAccount: z.string().trim().max(64),
    registeredFrom: z.string(),
    registeredTo: z.string(),
    title: z.string().trim().min(1, 'content.titleRequired').max(200, 'content.titleLong'),
    content: z.string().min(1, 'content.contentRequired').max(20_000, 'content.contentLong'),
    translations: translationsForm,
  })
  .refine((v) => v.to !== 'member' || v.account !== '', { message: 'content.accountRequired', path: ['account'] })
  .refine((v) => v.to !== 'segment' || v.agentAccount || v.registeredFrom || v.registeredTo, {
    message: 'content.segmentRequired',
    path: ['agentAccount'],
  })
  .refine((v) => !v.registeredFrom || !v.registeredTo || v.registeredFrom <= v.registeredTo, {
    message: 'content.endBeforeStart',
    path: ['registeredTo'],
  });
type Values = z.infer<typeof schema>;

function requestOf(v: Values): MessageSend {
  const text = { title: v.title, content: v.content, translations: translationsBody(v.translations) };
  if (v.to === 'member') return { to: 'member', account: v.account, ...text };
  if (v.to === 'all') return { to: 'all', ...text };
  return {
    to: 'segment',
    segment: {
      ...(v.agentAccount && { agentAccount: v.agentAccount }),
      ...(v.registeredFrom && { registeredFrom: v.registeredFrom }),
      ...(v.registeredTo && { registeredTo: v.registeredTo }),
    },
    ...text,
  };
}

/** A message to one member, to every member, or to a segment (an agent's team and/or a registration date range). */
export function MessageDialog({
  onClose,
  onSent,
}: {
  onClose: () => void;
  onSent: (recipients: number | null) => void;
}) {
  const { t } = useTranslation();
  const send = useSendMessage();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      to: 'member',
      account: '',
      agentAccount: '',
      registeredFrom: '',
      registeredTo: '',
      title: '',
      content: '',
      translations: translationsDefaults(),
    },
  });
  const to = form.watch('to');
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      const sent = await send.mutateAsync(requestOf(v));
      onSent(sent.recipients);
      onClose();
    } catch (err) {
      const segment = (err as { fields?: { field: string }[] }).fields?.some((f) => f.field.startsWith('segment'));
      setAlert(
        segment ? t('content.segmentRequired') : placeServerErrors(form.setError, err, ['account', 'title', 'content']),
      );
    }
  });
  return (
    <AppDialog open onClose={onClose} title={t('content.newMessage')} wide>
      <form onSubmit={submit} noValidate className="bo-form">
        <fieldset className="bo-radios">
          <legend>{t('content.recipients')}</legend>
          {(['member', 'all', 'segment'] as const).map((v) => (
            <label key={v} className="bo-check">
              <input type="radio" value={v} {...form.register('to')} />
              {t(`content.to.${v}`)}
            </label>
          ))}
        </fieldset>
        {to === 'member' && (
          <Field
            label={t('content.memberAccount')}
            autoComplete="off"
            {...form.register('account')}
            error={errors.account}
          />
        )}
        {to === 'all' && <p className="bo-hint">{t('content.allHelp')}</p>}
        {to === 'segment' && (
          <>
            <p className="bo-hint">{t('content.segmentHelp')}</p>
            <Field
              label={t('content.agentTeam')}
              autoComplete="off"
              {...form.register('agentAccount')}
              error={errors.agentAccount}
            />
            <Field
              label={t('content.registeredFrom')}
              type="date"
              {...form.register('registeredFrom')}
              error={errors.registeredFrom}
            />
            <Field
              label={t('content.registeredTo')}
              type="date"
              {...form.register('registeredTo')}
              error={errors.registeredTo}
            />
          </>
        )}
        <LanguageTexts
          register={form.register}
          errors={errors}
          values={form.watch('translations')}
          defaultInvalid={Boolean(errors.title || errors.content)}
          submitCount={form.formState.submitCount}
        >
          <Field label={t('content.title')} {...form.register('title')} error={errors.title} />
          <TextAreaField
            label={t('content.content')}
            hint={t('content.htmlHelp')}
            {...form.register('content')}
            error={errors.content}
          />
        </LanguageTexts>
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--primary" disabled={send.isPending}>
            {t('content.send')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
