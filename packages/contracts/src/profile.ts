import { z } from 'zod';

/**
 * The player's profile (issue 25, spec §3's labelled fields): what the member keeps in the security centre and
 * staff see and edit on the member's page. Each field has the merchant's mode (required / optional / hidden); the
 * real name is set once by the member (then only staff change it); the birthday gives an age checked against the
 * merchant's minimum age. `checkProfile` is the one check, the same on the server and in the browser.
 */
export const PROFILE_FIELDS = [
  'nickname',
  'realName',
  'birthday',
  'email',
  'zalo',
  'telegram',
  'address',
  'nationality',
  'occupation',
  'incomeSource',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const PROFILE_MODES = ['required', 'optional', 'hidden'] as const;
export const profileMode = z.enum(PROFILE_MODES);
export type ProfileMode = z.infer<typeof profileMode>;

/** Source of income (a fixed list: AML questionnaires ask for one of these). */
export const INCOME_SOURCES = ['salary', 'business', 'investments', 'pension', 'savings', 'family', 'other'] as const;

/** What a merchant has until it sets its own: every field optional, minimum age 18. */
export const DEFAULT_MIN_AGE = 18;
export const DEFAULT_PROFILE_MODES: Record<ProfileField, ProfileMode> = Object.fromEntries(
  PROFILE_FIELDS.map((f) => [f, 'optional']),
) as Record<ProfileField, ProfileMode>;

/** Days a closed account keeps its personal fields before they are wiped (5 years: AML record keeping). */
export const DEFAULT_CLOSED_RETENTION_DAYS = 1825;
export const CLOSED_RETENTION_MIN_DAYS = 30;
/**
 * The fixed marker the retention anonymisation writes in place of a member's free text (feedback, chat messages,
 * activity applications, staff notes, personal messages): the web shows it translated ("removed").
 */
export const ANONYMISED_TEXT = '[removed]';
export const CLOSED_RETENTION_MAX_DAYS = 3650;
const closedRetentionDays = z.number().int().min(CLOSED_RETENTION_MIN_DAYS).max(CLOSED_RETENTION_MAX_DAYS);

export const profileSettings = z.object({
  minAge: z.number().int().min(16).max(25),
  fields: z.record(z.enum(PROFILE_FIELDS), profileMode),
  closedRetentionDays,
});
export type ProfileSettings = {
  minAge: number;
  fields: Record<ProfileField, ProfileMode>;
  /** A closed account's personal fields are wiped this many days after the closure (the ledger is kept). */
  closedRetentionDays: number;
};

/** PUT /admin/api/site-settings/profile: the minimum age and / or some fields' modes. */
export const profileSettingsPatch = z.object({
  minAge: z.number().int().min(16).max(25).optional(),
  fields: z.partialRecord(z.enum(PROFILE_FIELDS), profileMode).optional(),
  closedRetentionDays: closedRetentionDays.optional(),
});
export type ProfileSettingsPatch = z.infer<typeof profileSettingsPatch>;

/** Each field's value (null: not given). */
export const profileValues = z.object(
  Object.fromEntries(PROFILE_FIELDS.map((f) => [f, z.string().nullable()])) as Record<
    ProfileField,
    z.ZodNullable<z.ZodString>
  >,
);
export type ProfileValues = Record<ProfileField, string | null>;

/** GET /wps/member/profile: the values, the phone (read only), the real name's lock and the merchant's settings. */
export const memberProfile = z.object({
  values: profileValues,
  mobile: z.string().nullable(),
  /** The real name is set: only staff can change it. */
  realNameLocked: z.boolean(),
  /** The e-mail shown was verified by its link (a new address needs a new link). */
  emailVerified: z.boolean(),
  settings: profileSettings,
});
export type MemberProfile = z.infer<typeof memberProfile>;

/** PUT /wps/member/profile (and the staff's PUT): the fields sent are set ('' or null clears), the others kept. */
export const profileUpdate = z
  .object(
    Object.fromEntries(PROFILE_FIELDS.map((f) => [f, z.string().max(500).nullable().optional()])) as Record<
      ProfileField,
      z.ZodOptional<z.ZodNullable<z.ZodString>>
    >,
  )
  .strict();
export type ProfileUpdate = Partial<Record<ProfileField, string | null>>;

/** The back office's view of a member's profile (the same values, and the account's closure). */
export const adminMemberProfile = memberProfile.extend({
  account: z.string(),
  closedAt: z.string().nullable(),
  /** When the closed account's personal fields were wiped (retention period over): it can no longer be reopened. */
  anonymisedAt: z.string().nullable(),
});
export type AdminMemberProfile = z.infer<typeof adminMemberProfile>;

/** POST /admin/api/members/:account/reopen: staff reopen a closed account (audited with the reason). */
export const memberReopenRequest = z.object({ reason: z.string().trim().min(1).max(500) });
export type MemberReopenRequest = z.infer<typeof memberReopenRequest>;

/** Hours an e-mail verification link stays valid. */
export const EMAIL_VERIFY_HOURS = 24;
/** POST /wps/member/profile/email/confirm: the token of the link (no session needed: the link may open anywhere). */
export const emailVerifyConfirm = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

/** POST /wps/member/close: the login password confirms it. */
export const accountCloseRequest = z.object({ password: z.string().min(1).max(128) });

export type ProfileProblem =
  'required' | 'tooShort' | 'tooLong' | 'pattern' | 'invalidDate' | 'future' | 'underAge' | 'hidden' | 'setOnce';

/** Control, format and lone-surrogate characters: never part of a profile value (nor storable text). */
const CONTROL = /[\p{Cc}\p{Cf}\p{Cs}]/u;
const RULES: Record<Exclude<ProfileField, 'birthday' | 'incomeSource'>, { min: number; max: number; re: RegExp }> = {
  nickname: { min: 2, max: 20, re: /^[^\p{Cc}\p{Cf}]+$/u },
  realName: { min: 2, max: 50, re: /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u },
  email: { min: 5, max: 100, re: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/u },
  zalo: { min: 6, max: 16, re: /^\+?\d{6,15}$/u },
  telegram: { min: 5, max: 33, re: /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/u },
  address: { min: 5, max: 200, re: /^[^\p{Cc}\p{Cf}]+$/u },
  nationality: { min: 2, max: 50, re: /^[\p{L}\p{M}][\p{L}\p{M} '-]*$/u },
  occupation: { min: 2, max: 50, re: /^[\p{L}\p{M}\d][\p{L}\p{M}\d .,'&/()-]*$/u },
};

/** Whole years between a YYYY-MM-DD birthday and a YYYY-MM-DD day. */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

function validDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text && text >= '1900-01-01';
}

/** A value as stored: trimmed, inner white space collapsed; '' → null. */
export function normaliseProfileValue(field: ProfileField, raw: string | null | undefined): string | null {
  const v = (raw ?? '').trim().replace(/\s+/gu, ' ');
  if (v === '') return null;
  if (field === 'email') return v.toLowerCase();
  if (field === 'telegram') return v.startsWith('@') ? v : `@${v}`;
  return v;
}

/** One value's problem (null: fine). `today` is the merchant's local date (YYYY-MM-DD) for the age. */
export function checkProfileValue(
  field: ProfileField,
  value: string | null,
  mode: ProfileMode,
  ctx: { minAge: number; today: string },
): ProfileProblem | null {
  if (value === null) return mode === 'required' ? 'required' : null;
  if (mode === 'hidden') return 'hidden';
  if (field === 'birthday') {
    if (!validDate(value)) return 'invalidDate';
    if (value > ctx.today) return 'future';
    return ageOn(value, ctx.today) < ctx.minAge ? 'underAge' : null;
  }
  if (field === 'incomeSource') return (INCOME_SOURCES as readonly string[]).includes(value) ? null : 'pattern';
  const rule = RULES[field];
  const length = [...value].length;
  if (length < rule.min) return 'tooShort';
  if (length > rule.max) return 'tooLong';
  return rule.re.test(value) && !CONTROL.test(value) ? null : 'pattern';
}

/** Length hints for the form (min–max characters), for the fields that have them. */
export const profileLengths = (field: ProfileField): { min: number; max: number } | null =>
  field === 'birthday' || field === 'incomeSource' ? null : { min: RULES[field].min, max: RULES[field].max };

/** POST /wps/member/mobile/code: send a code to the new number (the login password confirms it is the member). */
export const mobileChangeCodeRequest = z.object({
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/),
  mobileNum: z.string().trim().min(1).max(20),
  password: z.string().min(1).max(200),
});
export type MobileChangeCodeRequest = z.infer<typeof mobileChangeCodeRequest>;

/** PUT /wps/member/mobile: the new number with the code it received. */
export const mobileChangeRequest = z.object({
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/),
  mobileNum: z.string().trim().min(1).max(20),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
export type MobileChangeRequest = z.infer<typeof mobileChangeRequest>;
export const mobileChanged = z.object({ mobile: z.string() });
export type MobileChanged = z.infer<typeof mobileChanged>;
