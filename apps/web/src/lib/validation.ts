import { z } from 'zod';
import { amountProblem, type AmountRules } from './amount.ts';

/**
 * The zod pieces every form schema is built from. A validation message is an i18n key (translated when shown, so
 * it follows a language change), with its interpolation values when it has some: `message(key, values)` packs
 * both into the one string react-hook-form carries; the form kit (components/form) unpacks and translates it.
 */
const VALUES = '\u0000';

/** Interpolation values; a value may itself be a message (translated first), e.g. the length hint of a rule. */
export type MessageValues = Record<string, string | number | { key: string; values?: Record<string, string | number> }>;

export function message(key: string, values?: MessageValues): string {
  return values ? `${key}${VALUES}${JSON.stringify(values)}` : key;
}

export function parseMessage(text: string): { key: string; values?: MessageValues } {
  const at = text.indexOf(VALUES);
  if (at < 0) return { key: text };
  return { key: text.slice(0, at), values: JSON.parse(text.slice(at + 1)) as MessageValues };
}

/** Text that must not be blank (trimmed). */
export const requiredText = (key = 'auth.required') => z.string().trim().min(1, key);

/** Text that passes a schema of packages/contracts (the server's own rule), reported with our message. */
export const passes = (schema: z.ZodType, key: string) => z.string().refine((v) => schema.safeParse(v).success, key);

/** A typed major-unit amount within the rules (lib/amount.ts); `prefix` is the feature's text namespace. */
export const amountText = (rules: AmountRules, prefix: string) =>
  z
    .string()
    .superRefine((text, ctx) => {
      const problem = amountProblem(text, rules, prefix);
      if (problem) ctx.addIssue({ code: 'custom', message: message(...problem) });
    })
    .transform((text) => text.trim());

/** The images members attach (deposit receipt, withdrawal proof, avatar): PNG or JPG, 5 MB at most. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The one image check of the site, with the feature's messages; `required: null` makes the file optional. */
export const imageFile = (keys: { required: string | null; type: string; size: string }) =>
  z.custom<File | null>().superRefine((file, ctx) => {
    if (!(file instanceof File)) {
      if (keys.required) ctx.addIssue({ code: 'custom', message: keys.required });
      return;
    }
    if (!IMAGE_TYPES.includes(file.type)) ctx.addIssue({ code: 'custom', message: keys.type });
    else if (file.size > IMAGE_MAX_BYTES) ctx.addIssue({ code: 'custom', message: keys.size });
  });
