import {
  checkProfileValue,
  normaliseProfileValue,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileSettings,
  type ProfileUpdate,
  type ProfileValues,
} from '@sea/contracts';
import { z } from 'zod';
import { message } from '../../lib/validation.ts';

export type ProfileFormValues = Record<ProfileField, string>;

/** The fields the member sees and may edit (hidden ones out; a real name once set is shown, not edited). */
export const editableFields = (s: ProfileSettings, realNameLocked: boolean): ProfileField[] =>
  PROFILE_FIELDS.filter((f) => s.fields[f] !== 'hidden' && !(f === 'realName' && realNameLocked));

/** The form's starting values: the stored ones, '' for none. */
export const formValuesOf = (v: ProfileValues): ProfileFormValues =>
  Object.fromEntries(PROFILE_FIELDS.map((f) => [f, v[f] ?? ''])) as ProfileFormValues;

/** The same check as the server's (packages/contracts checkProfileValue), with the site's messages. */
export function profileSchema(s: ProfileSettings, realNameLocked: boolean, today: string) {
  const fields = editableFields(s, realNameLocked);
  const shape = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, z.string()])) as Record<ProfileField, z.ZodString>;
  return z.object(shape).superRefine((v, ctx) => {
    for (const f of fields) {
      const problem = checkProfileValue(f, normaliseProfileValue(f, v[f]), s.fields[f], { minAge: s.minAge, today });
      if (problem)
        ctx.addIssue({
          code: 'custom',
          path: [f],
          message: message(`profile.problems.${problem}`, { minAge: s.minAge }),
        });
    }
  });
}

/** What is sent: the editable fields only, '' as null (cleared). */
export const updateOf = (v: ProfileFormValues, fields: ProfileField[]): ProfileUpdate =>
  Object.fromEntries(fields.map((f) => [f, v[f].trim() === '' ? null : v[f]])) as ProfileUpdate;

/** Closing the account: the login password and a ticked confirmation. */
export const closeSchema = z.object({
  password: z.string().min(1, 'profile.passwordRequired'),
  confirm: z.boolean().refine((v) => v, 'profile.closeConfirmRequired'),
});
export type CloseFormValues = z.input<typeof closeSchema>;

/** A new mobile number: the country code, the number as people type it (6 to 15 digits) and the login password. */
export const mobileSchema = z.object({
  countryDialingCode: z.string().min(1),
  mobileNum: z
    .string()
    .trim()
    .refine((v) => /^\d{6,15}$/.test(v.replace(/[\s-]/g, '')), 'errors.invalid_phone_number'),
  password: z.string().min(1, 'profile.passwordRequired'),
});
export type MobileFormValues = z.input<typeof mobileSchema>;

/** The 6-digit code sent to the new number. */
export const mobileCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'profile.mobileCodeRequired'),
});
export type MobileCodeValues = z.input<typeof mobileCodeSchema>;
