import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../api/auth.ts';
import { useChangeMobile, useSendMobileCode } from '../../api/profile.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { PasswordField, SelectField, TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { mobileCodeSchema, type MobileCodeValues, type MobileFormValues, mobileSchema } from './profile-form.ts';
import '../../i18n/areas/profile.ts';

type Sent = { countryDialingCode: string; mobileNum: string };

/**
 * Changing the mobile number: the new number and the login password send a code by SMS to that number; the code
 * confirms the change (the server audits it; this session and the others stay).
 */
export function MobileChange({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<Sent | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  return (
    <section className="form profile-form" aria-labelledby="mobile-title">
      <h2 id="mobile-title">{t('profile.mobileTitle')}</h2>
      <p className="field__hint">{current ? t('profile.mobileCurrent', { number: current }) : t('profile.noMobile')}</p>
      {changed && (
        <p className="form__done" role="status">
          {t('profile.mobileChanged', { mobile: changed })}
        </p>
      )}
      {sent ? (
        <CodeStep
          sent={sent}
          onBack={() => setSent(null)}
          onDone={(mobile) => {
            setSent(null);
            setChanged(mobile);
          }}
        />
      ) : (
        <NumberStep
          onSent={(s) => {
            setChanged(null);
            setSent(s);
          }}
        />
      )}
    </section>
  );
}

function NumberStep({ onSent }: { onSent: (s: Sent) => void }) {
  const { t } = useTranslation();
  const countries = useCountries().data;
  const send = useSendMobileCode();
  const form = useZodForm(mobileSchema, { countryDialingCode: '63', mobileNum: '', password: '' } as MobileFormValues);
  return (
    <Form
      form={form}
      className="profile-form__step"
      aria-label={t('profile.mobileTitle')}
      onSubmit={async (v) => {
        const mobileNum = v.mobileNum.replace(/[\s-]/g, '');
        await send.mutateAsync({ countryDialingCode: v.countryDialingCode, mobileNum, password: v.password });
        onSent({ countryDialingCode: v.countryDialingCode, mobileNum });
      }}
    >
      <SelectField name="countryDialingCode" label={t('auth.countryCode')} required>
        {(countries ?? [{ countryCode: 'PH', countryDialingCode: '63' }]).map((c) => (
          <option key={c.countryCode} value={c.countryDialingCode}>
            {c.countryCode} +{c.countryDialingCode}
          </option>
        ))}
      </SelectField>
      <TextField name="mobileNum" label={t('profile.newMobile')} inputMode="tel" autoComplete="tel-national" required />
      <PasswordField name="password" label={t('profile.password')} autoComplete="current-password" />
      <FormFooter label={t('profile.sendMobileCode')} />
    </Form>
  );
}

function CodeStep({ sent, onBack, onDone }: { sent: Sent; onBack: () => void; onDone: (mobile: string) => void }) {
  const { t } = useTranslation();
  const change = useChangeMobile();
  const form = useZodForm(mobileCodeSchema, { code: '' } as MobileCodeValues);
  return (
    <Form
      form={form}
      className="profile-form__step"
      aria-label={t('profile.mobileCode')}
      onSubmit={async (v) => {
        const r = await change.mutateAsync({ ...sent, code: v.code });
        onDone(r.mobile);
      }}
    >
      <p className="field__hint" role="status">
        {t('profile.mobileCodeSent', { number: `+${sent.countryDialingCode} ${sent.mobileNum}` })}
      </p>
      <TextField
        name="code"
        label={t('profile.mobileCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
      />
      <FormFooter label={t('profile.confirmMobile')} />
      <button type="button" className="btn btn--ghost" onClick={onBack}>
        {t('profile.otherNumber')}
      </button>
    </Form>
  );
}
