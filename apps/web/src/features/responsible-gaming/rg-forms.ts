import { amountString, RG_EXCLUSIONS, RG_LIMIT_KINDS, RG_PERIODS, RG_TIME_OUTS } from '@sea/contracts';
import { z } from 'zod';

/** Set a limit: an amount in major units, or empty to remove it. */
export const limitSchema = z.object({
  kind: z.enum(RG_LIMIT_KINDS),
  period: z.enum(RG_PERIODS),
  amount: z.union([z.literal(''), amountString]),
});
export type LimitFormValues = z.input<typeof limitSchema>;

/** The session time limit (15–1440 minutes, empty for none) and the reality-check interval. */
export const sessionSchema = z.object({
  sessionLimit: z
    .union([z.literal(''), z.string().regex(/^\d{2,4}$/)])
    .refine((v) => v === '' || (Number(v) >= 15 && Number(v) <= 1440), 'rg.sessionHint'),
  realityCheck: z.enum(['15', '30', '60']),
});
export type SessionFormValues = z.input<typeof sessionSchema>;

export const BREAK_DURATIONS = { time_out: RG_TIME_OUTS, self_exclusion: RG_EXCLUSIONS } as const;

/** A time-out or self-exclusion, confirmed with the login password. */
export const breakSchema = z.object({
  kind: z.enum(['time_out', 'self_exclusion']),
  duration: z.enum([...RG_TIME_OUTS, ...RG_EXCLUSIONS]),
  password: z.string().min(1, 'rg.password'),
});
export type BreakFormValues = z.input<typeof breakSchema>;
