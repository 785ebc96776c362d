import { z } from 'zod';
import { FEATURE_FLAG_KEYS } from './flags.ts';
import { loginCheckSetting } from './login-check.ts';
import { REGISTER_FIELDS, registerFieldRule } from './registration.ts';

/** The merchant's site settings as the back office edits them (/admin/api/site-settings). */

export const siteSettingsPatch = z
  .object({
    maintenance: z.boolean(),
    maintenanceMessage: z.string().trim().max(500).nullable(),
    /** ISO time the site says maintenance ends; null = not announced. */
    maintenanceEndsAt: z.iso.datetime({ offset: true }).nullable(),
    /** off: everyone; block: not from these countries; allow: only from these countries. */
    regionMode: z.enum(['off', 'block', 'allow']),
    regionCountries: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, 'Two-letter country codes (ISO 3166-1)'),
      )
      .max(250),
    requireEncryption: z.boolean(),
    /** A login from a new device and IP: off, or the check asked (sms, email, bank_name; login-check.ts). */
    loginCheck: loginCheckSetting,
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, { message: 'Give at least one setting to change' })
  .refine((p) => !(p.regionMode && p.regionMode !== 'off' && p.regionCountries?.length === 0), {
    message: 'A region rule needs at least one country',
    path: ['regionCountries'],
  });
export type SiteSettingsPatch = z.infer<typeof siteSettingsPatch>;

export const siteSettings = z.object({
  merchant: z.object({
    code: z.string(),
    name: z.string(),
    currency: z.string(),
    timezone: z.string(),
    defaultLanguage: z.string(),
    languages: z.array(z.string()),
  }),
  maintenance: z.boolean(),
  maintenanceMessage: z.string().nullable(),
  maintenanceEndsAt: z.string().nullable(),
  regionMode: z.enum(['off', 'block', 'allow']),
  regionCountries: z.array(z.string()),
  requireEncryption: z.boolean(),
  loginCheck: loginCheckSetting,
  flags: z.array(z.object({ flag: z.string(), description: z.string(), enabled: z.boolean(), default: z.boolean() })),
  domains: z.array(z.object({ domain: z.string(), kind: z.string(), primary: z.boolean() })),
  registration: z.array(z.object({ field: z.enum(REGISTER_FIELDS), rule: registerFieldRule })),
});
export type SiteSettings = z.infer<typeof siteSettings>;

export const flagParams = z.object({ flag: z.enum(FEATURE_FLAG_KEYS as [string, ...string[]]) });
export const flagChange = z.object({ enabled: z.boolean() });
export const registerFieldParams = z.object({ field: z.enum(REGISTER_FIELDS) });
