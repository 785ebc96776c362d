import { z } from 'zod';
import { amountString, minorString } from './money.ts';

/**
 * Responsible gaming (security-reliability "Responsible gambling", §1.4 AGCO 2.13/2.14/2.23/2.24, UKGC RTS 12,
 * PA 814a.1(e)): deposit, loss and wager limits per day / week / month in the merchant's time zone, a session time
 * limit, the reality-check interval, time-outs and self-exclusion. A decrease applies at once; a raise or a removal
 * only after RG_COOLING_OFF_HOURS. A time-out or self-exclusion cannot be lifted early by anyone.
 */
export const RG_COOLING_OFF_HOURS = 24;
export const RG_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export const RG_PERIODS = ['day', 'week', 'month'] as const;
export const RG_REALITY_CHECK_MINUTES = [15, 30, 60] as const;
/** Time-outs: 24 hours, 1 week, 1 month, 6 weeks (UKGC SR 3.5.3; AGCO breaks). */
export const RG_TIME_OUTS = ['24h', '1w', '1m', '6w'] as const;
/** Self-exclusion terms: 6 months, 1 year, 5 years (AGCO 2.14). */
export const RG_EXCLUSIONS = ['6m', '1y', '5y'] as const;

export const rgLimitKind = z.enum(RG_LIMIT_KINDS);
export type RgLimitKind = z.infer<typeof rgLimitKind>;
export const rgPeriod = z.enum(RG_PERIODS);
export type RgPeriod = z.infer<typeof rgPeriod>;

/** One limit as it stands: amount (minor units; null none), what is used of it now, and a pending raise or removal. */
export const rgLimitView = z.object({
  kind: rgLimitKind,
  period: rgPeriod,
  amount: minorString.nullable(),
  used: minorString,
  pending: z.object({ amount: minorString.nullable(), effectiveAt: z.string() }).nullable(),
});
export type RgLimitView = z.infer<typeof rgLimitView>;

export const rgBlockView = z.object({ kind: z.enum(['time_out', 'self_exclusion']), until: z.string() }).nullable();

export const rgStatus = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  limits: z.array(rgLimitView),
  sessionLimit: z.object({
    minutes: z.number().int().nullable(),
    pending: z.object({ minutes: z.number().int().nullable(), effectiveAt: z.string() }).nullable(),
  }),
  realityCheckMinutes: z.number().int(),
  /** This login's start, and the net result (wins − stakes, minor units) and stakes since then. */
  session: z.object({ startedAt: z.string().nullable(), net: minorString, wagered: minorString }),
  block: rgBlockView,
});
export type RgStatus = z.infer<typeof rgStatus>;

/** Set, lower, raise (after 24 h) or remove (amount null, after 24 h) one limit. */
export const rgLimitRequest = z.object({ kind: rgLimitKind, period: rgPeriod, amount: amountString.nullable() });
export type RgLimitRequest = z.infer<typeof rgLimitRequest>;

export const rgSessionRequest = z.object({
  sessionLimitMinutes: z.number().int().min(15).max(1440).nullable().optional(),
  realityCheckMinutes: z
    .number()
    .int()
    .refine((m) => (RG_REALITY_CHECK_MINUTES as readonly number[]).includes(m), 'Choose 15, 30 or 60 minutes')
    .optional(),
});
export type RgSessionRequest = z.infer<typeof rgSessionRequest>;

export const rgBreakRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('time_out'), duration: z.enum(RG_TIME_OUTS), password: z.string().min(1).max(128) }),
  z.object({
    kind: z.literal('self_exclusion'),
    duration: z.enum(RG_EXCLUSIONS),
    password: z.string().min(1).max(128),
  }),
]);
export type RgBreakRequest = z.infer<typeof rgBreakRequest>;

export const rgEvent = z.object({
  id: z.string(),
  actor: z.enum(['member', 'staff']),
  staff: z.string().nullable(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const rgEventList = z.object({ items: z.array(rgEvent) });

/** The back office's view of a member's tools and the log of every change. */
export const adminRgView = rgStatus.extend({ events: z.array(rgEvent) });
export type AdminRgView = z.infer<typeof adminRgView>;

/** Staff on the member's request: lower (or set) a limit — never raise or remove it — or start a break (audited). */
export const adminRgLimitRequest = z.object({ kind: rgLimitKind, period: rgPeriod, amount: amountString });
export const adminRgBreakRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('time_out'), duration: z.enum(RG_TIME_OUTS), note: z.string().trim().min(1).max(500) }),
  z.object({
    kind: z.literal('self_exclusion'),
    duration: z.enum(RG_EXCLUSIONS),
    note: z.string().trim().min(1).max(500),
  }),
]);

/** The operator's help contacts on the responsible-gaming page: plain text per language, at most this long. */
export const RG_HELP_MAX_CHARS = 2000;

/** `GET /wps/responsible-gaming/help`: the operator's text in the reader's language (else the merchant's default); null: none written. */
export const rgHelp = z.object({ text: z.string().nullable() });
export type RgHelp = z.infer<typeof rgHelp>;

const rgHelpTexts = z.record(
  z.string().regex(/^[a-z]{2,3}$/, 'A language code such as en, ty or tl.'),
  z.string().trim().max(RG_HELP_MAX_CHARS, `At most ${RG_HELP_MAX_CHARS} characters.`),
);

/** Back office: the help texts by language, and the merchant's languages (one field each). */
export const adminRgHelp = z.object({ texts: z.record(z.string(), z.string()), languages: z.array(z.string()) });
export type AdminRgHelp = z.infer<typeof adminRgHelp>;

/** Back office: every language's text (an empty text: none in that language, the site's default help shows). */
export const adminRgHelpRequest = z.object({ texts: rgHelpTexts });
export type AdminRgHelpRequest = z.infer<typeof adminRgHelpRequest>;
