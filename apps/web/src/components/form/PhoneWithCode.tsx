import { useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sendSmsCode, useCountries } from '../../api/auth.ts';
import type { FormMessage } from '../error-text.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { Field } from './Field.tsx';
import { useFormMessage } from './Form.tsx';
import { placeServerErrors } from './server-errors.ts';

/** The captcha of the send button: a field of the form that the form's schema leaves out (never submitted). */
const SMS_CAPTCHA = 'smsCaptcha';

/**
 * Country code + mobile number + SMS code with a send button, inside a kit form (fields countryDialingCode,
 * mobileNum and `codeName`). Sending first checks the number with the form's own rule and asks for the captcha of
 * this part (fields smsCaptcha/smsCaptchaId, not sent with the form); afterwards a countdown of expiredMinutes ×
 * 60 s (spec §4); clicks throttled to 1 s.
 */
export function PhoneWithCode({
  purpose,
  codeName = 'code',
}: {
  purpose: 'login' | 'register' | 'reset';
  codeName?: string;
}) {
  const { t } = useTranslation();
  const show = useFormMessage();
  const countries = useCountries().data;
  const { register, trigger, getValues, setValue, setError } = useFormContext();
  const [captchaKey, setCaptchaKey] = useState(0);
  const [left, setLeft] = useState(0);
  const [sent, setSent] = useState<{ ok: true } | { ok: false; error: FormMessage } | null>(null);
  const lastClick = useRef(0);

  // The options arrive after the select was registered: show the form's value once they are there.
  useEffect(() => {
    if (countries?.length) setValue('countryDialingCode', getValues('countryDialingCode'));
  }, [countries, getValues, setValue]);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  async function send() {
    if (Date.now() - lastClick.current < 1000) return;
    lastClick.current = Date.now();
    setSent(null);
    if (!(await trigger('mobileNum'))) return;
    const [countryDialingCode, mobileNum, captcha, captchaId] = getValues([
      'countryDialingCode',
      'mobileNum',
      SMS_CAPTCHA,
      `${SMS_CAPTCHA}Id`,
    ]) as string[];
    if (!captcha?.trim()) return setError(SMS_CAPTCHA, { type: 'required', message: 'errors.captcha_required' });
    try {
      const r = await sendSmsCode(purpose, { countryDialingCode, mobileNum, captchaId, captcha });
      setLeft(r.expiredMinutes * 60);
      setSent({ ok: true });
    } catch (err) {
      const rest = placeServerErrors(setError, err, ['mobileNum', 'countryDialingCode', SMS_CAPTCHA], {
        captcha: SMS_CAPTCHA,
        captchaId: SMS_CAPTCHA,
      });
      if (rest) setSent({ ok: false, error: rest });
    }
    setCaptchaKey((k) => k + 1); // a captcha is single use
  }

  return (
    <>
      <Field name="mobileNum" label={t('auth.mobile')} required>
        {(control) => (
          <div className="phone">
            <select aria-label={t('auth.countryCode')} {...register('countryDialingCode')}>
              {countries?.map((c) => (
                <option key={c.countryCode} value={c.countryDialingCode}>
                  {c.countryCode} +{c.countryDialingCode}
                </option>
              ))}
            </select>
            <input {...control} inputMode="tel" autoComplete="tel-national" {...register('mobileNum')} />
          </div>
        )}
      </Field>
      <CaptchaField key={captchaKey} name={SMS_CAPTCHA} idName={`${SMS_CAPTCHA}Id`} />
      <Field
        name={codeName}
        label={t('auth.smsCode')}
        after={
          sent && (
            <p className={sent.ok ? 'field__hint' : 'field__error'} role={sent.ok ? 'status' : 'alert'}>
              {sent.ok ? t('auth.codeSent') : show(sent.error)}
            </p>
          )
        }
      >
        {(control) => (
          <div className="phone">
            <input {...control} inputMode="numeric" autoComplete="one-time-code" {...register(codeName)} />
            <button type="button" className="btn btn--ghost" onClick={send} disabled={left > 0}>
              {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
            </button>
          </div>
        )}
      </Field>
    </>
  );
}
