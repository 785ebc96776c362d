import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendSmsCode, useCountries } from '../../api/auth.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { errorText } from '../error-text.ts';

type Phone = { countryDialingCode: string; mobileNum: string; code: string };

/**
 * Country code + mobile number + SMS code with a send button: the number must look valid and the captcha be
 * filled before sending; after sending, a countdown of expiredMinutes × 60 s (spec §4); clicks throttled to 1 s.
 */
export function PhoneWithCode(props: {
  purpose: 'login' | 'register' | 'reset';
  value: Phone;
  onChange: (p: Phone) => void;
}) {
  const { t } = useTranslation();
  const countries = useCountries().data ?? [];
  const { value, onChange } = props;
  const [captcha, setCaptcha] = useState({ answer: '', id: '' });
  const [captchaKey, setCaptchaKey] = useState(0);
  const [left, setLeft] = useState(0);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const lastClick = useRef(0);
  const onCaptcha = useCallback((answer: string, id: string) => setCaptcha({ answer, id }), []);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  async function send() {
    if (Date.now() - lastClick.current < 1000) return;
    lastClick.current = Date.now();
    if (!/^\d{6,15}$/.test(value.mobileNum.replace(/[\s-]/g, '')))
      return setMessage({ text: t('errors.invalid_phone_number'), error: true });
    if (!captcha.answer.trim()) return setMessage({ text: t('errors.captcha_required'), error: true });
    try {
      const r = await sendSmsCode(props.purpose, {
        countryDialingCode: value.countryDialingCode,
        mobileNum: value.mobileNum,
        captchaId: captcha.id,
        captcha: captcha.answer,
      });
      setLeft(r.expiredMinutes * 60);
      setMessage({ text: t('auth.codeSent'), error: false });
    } catch (err) {
      setMessage({ text: errorText(t, err), error: true });
    }
    setCaptchaKey((k) => k + 1); // a captcha is single use
  }

  return (
    <>
      <div className="field">
        <label htmlFor={`${props.purpose}-mobile`}>
          {t('auth.mobile')}
          <span aria-hidden="true"> *</span>
        </label>
        <div className="phone">
          <select
            aria-label={t('auth.countryCode')}
            value={value.countryDialingCode}
            onChange={(e) => onChange({ ...value, countryDialingCode: e.target.value })}
          >
            {countries.map((c) => (
              <option key={c.countryCode} value={c.countryDialingCode}>
                {c.countryCode} +{c.countryDialingCode}
              </option>
            ))}
          </select>
          <input
            id={`${props.purpose}-mobile`}
            inputMode="tel"
            autoComplete="tel-national"
            value={value.mobileNum}
            onChange={(e) => onChange({ ...value, mobileNum: e.target.value })}
          />
        </div>
      </div>
      <CaptchaField key={captchaKey} value={captcha.answer} onChange={onCaptcha} />
      <div className="field">
        <label htmlFor={`${props.purpose}-code`}>{t('auth.smsCode')}</label>
        <div className="phone">
          <input
            id={`${props.purpose}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={value.code}
            onChange={(e) => onChange({ ...value, code: e.target.value })}
          />
          <button type="button" className="btn btn--ghost" onClick={send} disabled={left > 0}>
            {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
          </button>
        </div>
        {message && (
          <p className={message.error ? 'field__error' : 'field__hint'} role={message.error ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
      </div>
    </>
  );
}
