import { z } from 'zod';

/** Every /wps and /lgw answer: `{ success, value, message, code }`. */
export interface Envelope<T> {
  success: boolean;
  value: T;
  message: string;
  code: string;
}

export const SUCCESS_CODE = 'ok';

export function envelopeOf<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    value,
    message: z.string(),
    code: z.string(),
  });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  value: z.unknown().nullable(),
  message: z.string(),
  code: z.string(),
});
