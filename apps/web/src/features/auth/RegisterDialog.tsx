import { checkFieldRule, lengthHint, type RegisterField, type RegisterFieldRule } from '@sea/contracts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { checkAffiliate, register, useRegisterSettings } from '../../api/auth.ts';
import { useWhitelabel } from '../../api/system.ts';
import { useUi } from '../../state/ui.ts';
import { Modal } from '../../components/Modal.tsx';
import { CaptchaField } from '../../components/form/CaptchaField.tsx';
import { errorText } from '../../components/error-text.ts';
import { PhoneWithCode } from '../../components/form/PhoneWithCode.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useOnLoggedIn } from './use-auth-actions.ts';

/** Text fields in form order; captcha, SMS code and the mobile number have their own widgets. */
const TEXT_FIELDS: RegisterField[] = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
  'referralCode',
];
const SECRET = new Set<RegisterField>(['password', 'confirmPassword', 'paymentPassword']);
type Values = Partial<Record<RegisterField, string>>;

export function RegisterDialog() {
  const { t } = useTranslation();
  const { dialog, close, open } = useUi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const flags = useWhitelabel().data;
  const tabs = (['username', 'mobile'] as const).filter((m) =>
    m === 'username' ? flags?.USERNAMEREG3 !== false : flags?.MOBILENUMREG3,
  );
  const [tab, setTab] = useState<'username' | 'mobile'>('username');
  if (dialog !== 'register') return null;
  const active = tabs.includes(tab) ? tab : (tabs[0] ?? 'username');
  const onClose = () => {
    close();
    if (pathname === '/register') navigate('/');
  };
  return (
    <Modal open onClose={onClose} title={t('auth.registerTitle')}>
      {tabs.length > 1 && (
        <div className="tabs" role="tablist" aria-label={t('auth.method')}>
          {tabs.map((m) => (
            <button key={m} type="button" role="tab" aria-selected={active === m} onClick={() => setTab(m)}>
              {t(m === 'username' ? 'auth.byUsername' : 'auth.byMobile')}
            </button>
          ))}
        </div>
      )}
      <RegisterForm key={active} method={active} passwordOnMobile={Boolean(flags?.MOBILENUMPASSREG3)} />
      <p className="modal__foot">
        {t('auth.haveAccount')}{' '}
        <button type="button" className="btn btn--link" onClick={() => open('login')}>
          {t('header.login')}
        </button>
      </p>
    </Modal>
  );
}

function RegisterForm({ method, passwordOnMobile }: { method: 'username' | 'mobile'; passwordOnMobile: boolean }) {
  const { t } = useTranslation();
  const rules = useRegisterSettings().data;
  const onLoggedIn = useOnLoggedIn();
  const query = new URLSearchParams(window.location.search);
  const initial = (): Values => ({
    referralCode: query.get('referralCode') ?? undefined,
    affiliateCode: query.get('affiliateCode') ?? undefined,
  });
  const [values, setValues] = useState<Values>(initial);
  const [phone, setPhone] = useState({ countryDialingCode: '63', mobileNum: '', code: '' });
  const [captcha, setCaptcha] = useState({ answer: '', id: '' });
  const [agree, setAgree] = useState(false);
  const [affiliateFromUrlValid, setAffiliateFromUrlValid] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const onCaptcha = useCallback((answer: string, id: string) => setCaptcha({ answer, id }), []);
  const onPhone = useCallback((p: typeof phone) => setPhone(p), []);

  useEffect(() => {
    const code = new URLSearchParams(window.location.search).get('affiliateCode');
    if (code)
      checkAffiliate(code).then(
        () => setAffiliateFromUrlValid(true),
        () => setAffiliateFromUrlValid(false),
      );
  }, []);

  if (!rules) return <p role="status">{t('common.loading')}</p>;
  const shown = TEXT_FIELDS.filter((f) => {
    if (!rules[f]) return false;
    if (method === 'mobile' && f === 'username') return false;
    if (method === 'mobile' && (f === 'password' || f === 'confirmPassword')) return passwordOnMobile;
    if (f === 'affiliateCode' && affiliateFromUrlValid) return false;
    return true;
  });
  const hint = (r: RegisterFieldRule) => {
    const h = lengthHint(r);
    return 'exact' in h ? t('auth.hintExact', { n: h.exact }) : t('auth.hintRange', { min: h.min, max: h.max });
  };

  function validate(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const f of shown) {
      const rule = rules![f]!;
      const problem = checkFieldRule(rule, values[f]);
      if (problem) out[f] = t(`auth.rule.${problem}`, { hint: hint(rule) });
    }
    if (shown.includes('confirmPassword') && values.password !== values.confirmPassword)
      out.confirmPassword = t('auth.mismatch');
    if (!agree) out.agree = t('auth.mustAgree');
    return out;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      if (values.affiliateCode && !affiliateFromUrlValid) await checkAffiliate(values.affiliateCode);
      const result = await register(method, {
        ...values,
        ...(method === 'mobile' && {
          countryDialingCode: phone.countryDialingCode,
          mobileNum: phone.mobileNum,
          verificationCode: phone.code,
        }),
        ...(rules?.captcha && { captchaId: captcha.id, captcha: captcha.answer }),
        agreeTerms: true,
        registerMethod: 'WEB',
        domain: window.location.host,
        registerUrl: window.location.href,
      });
      onLoggedIn(result);
    } catch (err) {
      setErrors({ form: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  }

  function reset() {
    setValues(initial());
    setPhone({ countryDialingCode: '63', mobileNum: '', code: '' });
    setAgree(false);
    setErrors({});
  }

  return (
    <form onSubmit={submit} noValidate className="form">
      {method === 'mobile' && <PhoneWithCode purpose="register" value={phone} onChange={onPhone} />}
      {shown.map((f) => (
        <TextField
          key={f}
          id={`reg-${f}`}
          label={t(`auth.field.${f}`)}
          type={SECRET.has(f) ? 'password' : f === 'email' ? 'email' : 'text'}
          autoComplete={f === 'username' ? 'username' : SECRET.has(f) ? 'new-password' : 'off'}
          value={values[f] ?? ''}
          onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
          hint={hint(rules[f]!)}
          error={errors[f]}
          required={rules[f]!.required}
        />
      ))}
      {rules.captcha && <CaptchaField value={captcha.answer} onChange={onCaptcha} />}
      <label className="check">
        <input
          type="checkbox"
          checked={agree}
          onChange={(e) => setAgree(e.target.checked)}
          aria-invalid={Boolean(errors.agree)}
        />
        {t('auth.agree')}
      </label>
      {errors.agree && <p className="field__error">{errors.agree}</p>}
      {errors.form && (
        <p className="form__error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={reset}>
          {t('auth.reset')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? t('common.loading') : t('header.register')}
        </button>
      </div>
    </form>
  );
}
