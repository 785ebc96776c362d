import { z } from 'zod';

/**
 * The 18 pattern kinds of spec §5, by patternId. Each is a whole-string rule; length is checked apart
 * (minLength/maxLength). `u` flag: lengths and classes count code points.
 */
export const PATTERNS = {
  1: { name: 'any', regex: /^[\s\S]*$/u },
  2: { name: 'letterFirstAlphanumeric', regex: /^[A-Za-z][A-Za-z0-9]*$/u },
  3: { name: 'chineseAndDigits', regex: /^[\u4e00-\u9fa5\d]+$/u },
  4: { name: 'email', regex: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/u },
  5: { name: 'alphanumeric', regex: /^[A-Za-z0-9]+$/u },
  6: { name: 'lettersAndDigits', regex: /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]+$/u },
  7: { name: 'digits', regex: /^\d+$/u },
  8: { name: 'alphanumericWithUppercase', regex: /^(?=.*[A-Z])[A-Za-z0-9]+$/u },
  9: { name: 'englishLettersAndSpaces', regex: /^[A-Za-z ]+$/u },
  10: { name: 'noSpaces', regex: /^\S+$/u },
  11: {
    name: 'chineseAndPunctuation',
    regex: /^[\u4e00-\u9fa5\u3000-\u303f\uff00-\uffef·、。，！？；：“”‘’（）《》]+$/u,
  },
  12: {
    name: 'date',
    regex: /^(?:\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])|(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])-\d{4})$/u,
  },
  13: { name: 'lettersAndSpace', regex: /^[\p{L}\p{M} ]+$/u },
  14: { name: 'korean', regex: /^[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]+$/u },
  15: { name: 'thai', regex: /^[\u0e00-\u0e7f]+$/u },
  16: { name: 'thaiOrEnglishWithSpaces', regex: /^[\u0e00-\u0e7fA-Za-z ]+$/u },
  17: { name: 'uppercaseAndSpaces', regex: /^(?=.*[A-Z])[A-Z ]+$/u },
  18: { name: 'lettersDigitsSymbols', regex: /^[\x21-\x7e]+$/u },
} as const;

export type PatternId = keyof typeof PATTERNS;
export const PATTERN_IDS = Object.keys(PATTERNS).map(Number) as PatternId[];

/** The registration form fields of spec §3/§5 that a merchant can switch on. */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'referralCode',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export const registerFieldRule = z
  .object({
    enabled: z.boolean(),
    required: z.boolean(),
    minLength: z.number().int().min(0).max(255),
    maxLength: z.number().int().min(1).max(255),
    patternId: z.number().int().min(1).max(18),
    /** '*' means match all; otherwise a regular expression the whole value must match. */
    acceptedPattern: z.string().max(500),
  })
  .refine((r) => r.minLength <= r.maxLength, { message: 'minLength must not exceed maxLength', path: ['minLength'] });
export type RegisterFieldRule = z.infer<typeof registerFieldRule>;

export const registerSettings = z.partialRecord(z.enum(REGISTER_FIELDS), registerFieldRule);
export type RegisterSettings = Partial<Record<RegisterField, RegisterFieldRule>>;

export type RuleViolation = 'required' | 'tooShort' | 'tooLong' | 'pattern';

/**
 * Checks one value against its rule, the same way on server and client. An empty optional value passes.
 * Returns the first violation, or null.
 */
export function checkFieldRule(rule: RegisterFieldRule, raw: string | undefined | null): RuleViolation | null {
  const value = raw ?? '';
  if (value === '') return rule.required ? 'required' : null;
  const length = [...value].length;
  if (length < rule.minLength) return 'tooShort';
  if (length > rule.maxLength) return 'tooLong';
  if (!PATTERNS[rule.patternId as PatternId]?.regex.test(value)) return 'pattern';
  if (rule.acceptedPattern !== '*' && rule.acceptedPattern !== '') {
    let accepted: RegExp;
    try {
      accepted = new RegExp(`^(?:${rule.acceptedPattern})$`, 'u');
    } catch {
      return 'pattern'; // a broken operator pattern rejects rather than lets everything through
    }
    if (!accepted.test(value)) return 'pattern';
  }
  return null;
}

/** The hint under a field: "min–max" or one length when equal (spec §5). */
export function lengthHint(
  rule: Pick<RegisterFieldRule, 'minLength' | 'maxLength'>,
): { exact: number } | { min: number; max: number } {
  return rule.minLength === rule.maxLength ? { exact: rule.minLength } : { min: rule.minLength, max: rule.maxLength };
}

export const country = z.object({
  countryCode: z.string().length(2),
  countryDialingCode: z.string().regex(/^\d{1,4}$/),
});
export const countries = z.array(country);
export type Country = z.infer<typeof country>;

/** GET /wps/captcha: an image (SVG data URI) and the id to send back with the answer. */
export const captchaChallenge = z.object({
  captchaId: z.string(),
  image: z.string(),
  expiresInSeconds: z.number().int(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

export const captchaAnswer = {
  captchaId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
  captcha: z.string().max(16).optional(),
};

/** POST /wps/verification/sms/noLogin and /sms/register. */
export const smsCodeRequest = z.object({
  mobileNum: z.string().trim().min(1).max(20),
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/),
  ...captchaAnswer,
});
export type SmsCodeRequest = z.infer<typeof smsCodeRequest>;
export const smsCodeSent = z.object({ expiredMinutes: z.number().int(), resendAfterSeconds: z.number().int() });
