import { checkFieldRule, lengthHint, PATTERNS, type RegisterFieldRule } from '@sea/contracts';
import { z } from 'zod';
import { message, requiredText } from '../../lib/validation.ts';

/** The length hint of a registration rule (spec §5): "min–max characters", or one length when they are equal. */
export function hintMessage(rule: Pick<RegisterFieldRule, 'minLength' | 'maxLength'>): {
  key: string;
  values: Record<string, number>;
} {
  const h = lengthHint(rule);
  return 'exact' in h
    ? { key: 'auth.hintExact', values: { n: h.exact } }
    : { key: 'auth.hintRange', values: { min: h.min, max: h.max } };
}

/** A value checked against its server-given rule with the contracts' checkFieldRule (the server's own check). */
export const ruleText = (rule: RegisterFieldRule) =>
  z.string().superRefine((value, ctx) => {
    const problem = checkFieldRule(rule, value);
    if (problem)
      ctx.addIssue({ code: 'custom', message: message(`auth.rule.${problem}`, { hint: hintMessage(rule) }) });
  });

/** A new password: required, and the merchant's password rule once it has arrived (the server checks it too). */
export const newPassword = (rule: RegisterFieldRule | undefined) =>
  rule ? ruleText({ ...rule, required: true }) : z.string().min(1, 'auth.required');

/** The mobile number as people type it (spaces and dashes allowed): 6 to 15 digits. */
const mobileNum = requiredText().refine(
  (v) => /^\d{6,15}$/.test(v.replace(/[\s-]/g, '')),
  'errors.invalid_phone_number',
);

/** The fields of components/form/PhoneWithCode: country code, number and the SMS code under `codeName`. */
export const phoneFields = <K extends string>(codeName: K) =>
  ({ countryDialingCode: z.string(), mobileNum, [codeName]: requiredText() }) as {
    countryDialingCode: z.ZodString;
    mobileNum: typeof mobileNum;
  } & Record<K, ReturnType<typeof requiredText>>;

export const PHONE_DEFAULTS = { countryDialingCode: '63', mobileNum: '', smsCaptcha: '', smsCaptchaId: '' };

/** Username + password (popup and header); the captcha joins once the server asks for it. */
export const passwordLoginSchema = (withCaptcha: boolean) =>
  z.object({
    username: requiredText(),
    password: z.string().min(1, 'auth.required'),
    keep: z.boolean(),
    captcha: withCaptcha ? requiredText('errors.captcha_required') : z.string(),
    captchaId: z.string(),
  });

export const smsLoginSchema = z.object(phoneFields('code'));

/** Old, new and confirmed password (spec §5). */
export const changePasswordSchema = (rule: RegisterFieldRule | undefined) =>
  z
    .object({
      oldPassword: z.string().min(1, 'auth.required'),
      newPassword: newPassword(rule),
      confirmNewPassword: z.string().min(1, 'auth.required'),
    })
    .refine((v) => !v.confirmNewPassword || v.confirmNewPassword === v.newPassword, {
      path: ['confirmNewPassword'],
      message: 'auth.mismatch',
    });

/** Forgot by e-mail: the username and the account's e-mail (the registration's mailbox pattern). */
export const emailResetSchema = z.object({
  username: requiredText(),
  email: requiredText().refine((v) => PATTERNS[4].regex.test(v), 'auth.rule.pattern'),
});

/** Forgot by phone: number, SMS code and the new password. */
export const phoneResetSchema = (rule: RegisterFieldRule | undefined) =>
  z.object({ ...phoneFields('verificationCode'), newPassword: newPassword(rule) });

/** The e-mailed link's page: a new password, twice. */
export const resetPasswordSchema = (rule: RegisterFieldRule | undefined) =>
  z
    .object({ newPassword: newPassword(rule), confirm: z.string().min(1, 'auth.required') })
    .refine((v) => !v.confirm || v.confirm === v.newPassword, { path: ['confirm'], message: 'auth.mismatch' });
