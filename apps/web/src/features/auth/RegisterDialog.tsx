import type { RegisterField, RegisterSettings } from '@sea/contracts';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { checkAffiliate, register, useRegisterSettings } from '../../api/auth.ts';
import { useWhitelabel } from '../../api/system.ts';
import { CaptchaField } from '../../components/form/CaptchaField.tsx';
import { CheckField } from '../../components/form/Field.tsx';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { PhoneWithCode } from '../../components/form/PhoneWithCode.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Modal } from '../../components/Modal.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useUi } from '../../state/ui.ts';
import { registerSchema } from './register-schema.ts';
import { hintMessage, PHONE_DEFAULTS } from './schemas.ts';
import { useOnLoggedIn } from './use-auth-actions.ts';
import { BannerGroup } from '../../components/banners/BannerGroup.tsx';

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
      <BannerGroup group="w_register" />
      <Tabs
        label={t('auth.method')}
        tabs={tabs.map((m) => ({ key: m, label: t(m === 'username' ? 'auth.byUsername' : 'auth.byMobile') }))}
        active={active}
        onChange={(k) => setTab(k)}
      />
      <RegisterForm
        key={active}
        method={active}
        passwordOnMobile={Boolean(flags?.MOBILENUMPASSREG3)}
        smsOnUsername={Boolean(flags?.REGMOBVERF3)}
      />
      <p className="modal__foot">
        {t('auth.haveAccount')}{' '}
        <button type="button" className="btn btn--link" onClick={() => open('login')}>
          {t('header.login')}
        </button>
      </p>
    </Modal>
  );
}

/** `smsOnUsername` (REGMOBVERF3): username registration also verifies a phone number by SMS code. */
function RegisterForm(props: { method: 'username' | 'mobile'; passwordOnMobile: boolean; smsOnUsername: boolean }) {
  const { t } = useTranslation();
  return (
    <QueryState query={useRegisterSettings()} loading={t('common.loading')}>
      {(rules) => <RegisterFields rules={rules} {...props} />}
    </QueryState>
  );
}

/** Links may carry the referral and invitation codes (spec §4): they pre-fill the form. */
function codesFromUrl() {
  const query = new URLSearchParams(window.location.search);
  return { referralCode: query.get('referralCode') ?? '', affiliateCode: query.get('affiliateCode') ?? '' };
}

function RegisterFields({
  rules,
  method,
  passwordOnMobile,
  smsOnUsername,
}: {
  rules: RegisterSettings;
  method: 'username' | 'mobile';
  passwordOnMobile: boolean;
  smsOnUsername: boolean;
}) {
  const { t } = useTranslation();
  const onLoggedIn = useOnLoggedIn();
  const [fromUrl] = useState(codesFromUrl);
  const [affiliateFromUrlValid, setAffiliateFromUrlValid] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);

  useEffect(() => {
    if (fromUrl.affiliateCode)
      checkAffiliate(fromUrl.affiliateCode).then(
        () => setAffiliateFromUrlValid(true),
        () => setAffiliateFromUrlValid(false),
      );
  }, [fromUrl]);

  const shown = TEXT_FIELDS.filter((f) => {
    if (!rules[f]) return false;
    if (method === 'mobile' && f === 'username') return false;
    if (method === 'mobile' && (f === 'password' || f === 'confirmPassword')) return passwordOnMobile;
    if (f === 'affiliateCode' && affiliateFromUrlValid) return false;
    return true;
  });
  // The phone number and its SMS code: always for mobile registration, and for username registration under REGMOBVERF3.
  const withPhone = method === 'mobile' || smsOnUsername;
  const schema = registerSchema(rules, shown, { mobile: withPhone, captcha: Boolean(rules.captcha) });
  const defaults = {
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])),
    ...fromUrl,
    ...PHONE_DEFAULTS,
    verificationCode: '',
    captcha: '',
    captchaId: '',
    agreeTerms: false,
  };
  const form = useZodForm(schema, defaults);

  async function submit(values: Record<string, unknown>) {
    try {
      if (values.affiliateCode && !affiliateFromUrlValid) await checkAffiliate(String(values.affiliateCode));
      // The URL's codes go with the request even when their field is not shown.
      onLoggedIn(
        await register(method, {
          ...pickFilled(fromUrl),
          ...values,
          registerMethod: 'WEB',
          domain: window.location.host,
          registerUrl: window.location.href,
        }),
      );
    } catch (err) {
      if (rules.captcha) setCaptchaKey((k) => k + 1); // a captcha is single use
      throw err;
    }
  }

  return (
    <Form form={form} className="form" onSubmit={submit}>
      {withPhone && <PhoneWithCode purpose="register" codeName="verificationCode" />}
      {shown.map((f) => {
        const hint = hintMessage(rules[f]!);
        return (
          <TextField
            key={f}
            name={f}
            label={t(`auth.field.${f}`)}
            type={SECRET.has(f) ? 'password' : f === 'email' ? 'email' : 'text'}
            autoComplete={f === 'username' ? 'username' : SECRET.has(f) ? 'new-password' : 'off'}
            hint={t(hint.key, hint.values)}
            required={rules[f]!.required}
          />
        );
      })}
      {rules.captcha && <CaptchaField key={captchaKey} />}
      <CheckField
        name="agreeTerms"
        label={
          <Trans
            i18nKey="auth.agree"
            components={{
              // A new tab: the form keeps what was typed while the terms are read.
              terms: <a href="/help#terms" target="_blank" rel="noopener noreferrer" />,
            }}
          />
        }
      />
      <FormFooter
        label={t('header.register')}
        buttonClassName="btn btn--primary"
        secondary={
          <button type="button" className="btn btn--ghost" onClick={() => form.reset()}>
            {t('auth.reset')}
          </button>
        }
      />
    </Form>
  );
}

const pickFilled = (codes: Record<string, string>) => Object.fromEntries(Object.entries(codes).filter(([, v]) => v));
