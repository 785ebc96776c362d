import type { RegisterField, RegisterSettings } from '@sea/contracts';
import { z } from 'zod';
import { requiredText } from '../../lib/validation.ts';
import { phoneFields, ruleText } from './schemas.ts';

/**
 * The registration form's schema, built from the server's rules (spec §5: each field only when enabled, required
 * per its rule, checked by the contracts' checkFieldRule): the shown text fields, the phone part for mobile
 * registration, the captcha when enabled, the 18+ terms; confirmPassword must equal password.
 */
export function registerSchema(
  rules: RegisterSettings,
  shown: readonly RegisterField[],
  opts: { mobile: boolean; captcha: boolean },
) {
  const text = Object.fromEntries(shown.map((f) => [f, ruleText(rules[f]!)]));
  return z
    .object({
      ...text,
      ...(opts.mobile ? phoneFields('verificationCode') : {}),
      ...(opts.captcha ? { captcha: requiredText('errors.captcha_required'), captchaId: z.string() } : {}),
      agreeTerms: z.boolean().refine((v) => v, 'auth.mustAgree'),
    })
    .superRefine((v: Record<string, unknown>, ctx) => {
      if (shown.includes('confirmPassword') && v.password !== v.confirmPassword)
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'auth.mismatch' });
    });
}
