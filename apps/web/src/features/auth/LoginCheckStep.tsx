import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { answerLoginCheck, resendLoginCheck } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../components/error-text.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { message, requiredText } from '../../lib/validation.ts';
import { type PendingCheck, useLoginCheck } from './login-check-state.ts';
import { useOnLoggedIn } from './use-auth-actions.ts';

const codeSchema = z.object({ answer: requiredText().regex(/^\d{6}$/, 'auth.check.codeFormat') });
const nameSchema = z.object({ answer: requiredText() });

/**
 * The login's second step from a new device (spec §4): the code sent by SMS or e-mail (with a resend after the
 * cooldown) or the bank account holder's name; the session comes only from a right answer.
 */
export function LoginCheckStep({ pending }: { pending: PendingCheck }) {
  const { t } = useTranslation();
  const setPending = useLoginCheck((s) => s.set);
  const onLoggedIn = useOnLoggedIn(pending.area === 'agent' ? '/agentHome' : '/');
  const isCode = pending.method !== 'bank_name';
  const form = useZodForm(isCode ? codeSchema : nameSchema, { answer: '' });
  const [left, setLeft] = useState(pending.resendAfterSeconds);
  const [resent, setResent] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  async function submit({ answer }: { answer: string }) {
    try {
      const result = await answerLoginCheck({
        challengeId: pending.challengeId,
        ...(isCode ? { code: answer } : { bankAccountName: answer }),
      });
      setPending(null);
      onLoggedIn(result);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'login_check_failed') {
        const count = (err.value as { attemptsLeft?: number } | null)?.attemptsLeft ?? 0;
        form.setError('answer', { type: 'code', message: message('auth.check.attemptsLeft', { n: count }) });
        return;
      }
      if (err instanceof ApiError && err.code === 'login_check_expired') setOver(true);
      throw err;
    }
  }

  async function resend() {
    setResent(null);
    try {
      const r = await resendLoginCheck(pending.challengeId);
      setLeft(r.resendAfterSeconds);
      setResent(t('auth.check.resent'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'too_many_requests')
        setLeft((err.value as { retryAfterSeconds?: number } | null)?.retryAfterSeconds ?? 60);
      if (err instanceof ApiError && err.code === 'login_check_expired') setOver(true);
      setResent(errorText(t, err));
    }
  }

  const intro = useMemo(
    () => t(`auth.check.${pending.method}`, { destination: pending.destination ?? '' }),
    [t, pending.method, pending.destination],
  );
  return (
    <div className="login-check">
      <h3 className="login-check__title">{t('auth.check.title')}</h3>
      <p className="field__hint">{t('auth.check.intro')}</p>
      <p>{intro}</p>
      <Form form={form} className="form" onSubmit={submit}>
        <TextField
          name="answer"
          label={t(isCode ? 'auth.check.code' : 'auth.check.bankAccountName')}
          autoComplete={isCode ? 'one-time-code' : 'off'}
          inputMode={isCode ? 'numeric' : 'text'}
          maxLength={isCode ? 6 : 100}
          required
        />
        {isCode && !over && (
          <div className="login-check__resend">
            <button type="button" className="btn btn--ghost" onClick={resend} disabled={left > 0}>
              {left > 0 ? t('auth.check.resendIn', { seconds: left }) : t('auth.check.resend')}
            </button>
            {resent && (
              <p className="field__hint" role="status">
                {resent}
              </p>
            )}
          </div>
        )}
        <FormFooter label={t('auth.check.confirm')} />
      </Form>
      <div className="modal__links">
        <button type="button" className="btn btn--link" onClick={() => setPending(null)}>
          {t('auth.check.back')}
        </button>
      </div>
    </div>
  );
}
