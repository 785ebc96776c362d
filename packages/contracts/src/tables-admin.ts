import { z } from 'zod';
import { minorInput, minorString } from './money.ts';

// The back office's baccarat tables and sabong arenas (issue 27): their state and settings; settings changed while
// a round is in play apply from the next round (shown as `pending` until then). Amounts are minor units (strings).

const limitsRefined = <T extends z.ZodRawShape>(shape: T, roundField: 'roundMax' | 'fightMax') =>
  z
    .object(shape)
    .strict()
    .superRefine((v, ctx) => {
      const o = v as Record<string, unknown>;
      const [min, max, round] = [o.minBet, o.maxBet, o[roundField]].map((x) =>
        typeof x === 'string' && /^\d{1,19}$/.test(x) ? BigInt(x) : null,
      );
      if (min !== null && min! <= 0n)
        ctx.addIssue({ code: 'custom', path: ['minBet'], message: 'The minimum bet must be above zero.' });
      if (min !== null && max !== null && max! < min!)
        ctx.addIssue({ code: 'custom', path: ['maxBet'], message: 'The maximum bet must be at least the minimum.' });
      if (max !== null && round !== null && round! < max!)
        ctx.addIssue({
          code: 'custom',
          path: [roundField],
          message: 'The round limit must be at least the maximum bet.',
        });
    });

/** PUT /admin/api/baccarat/tables/:code/settings — every setting (applies from the next round). */
export const adminBaccaratSettings = limitsRefined(
  {
    variant: z.enum(['commission', 'no-commission']),
    minBet: minorInput,
    maxBet: minorInput,
    /** All stakes of one round together. */
    roundMax: minorInput,
    bettingSeconds: z.number().int().min(5, 'At least 5 seconds.').max(60, 'At most 60 seconds.'),
  },
  'roundMax',
);
export type AdminBaccaratSettings = z.infer<typeof adminBaccaratSettings>;

export const adminTableState = z.enum(['open', 'closed']);

export const adminBaccaratTable = z.object({
  code: z.string(),
  name: z.string(),
  status: adminTableState,
  variant: z.enum(['commission', 'no-commission']),
  minBet: minorString,
  maxBet: minorString,
  roundMax: minorString,
  bettingSeconds: z.number().int(),
  /** Settings saved while a round was in play: they apply when the next round opens. */
  pending: z
    .object({
      variant: z.enum(['commission', 'no-commission']),
      minBet: minorString,
      maxBet: minorString,
      roundMax: minorString,
      bettingSeconds: z.number().int(),
    })
    .nullable(),
  /** The round in play (or the last one). */
  round: z.object({ id: z.string(), hand: z.number().int(), phase: z.string(), inPlay: z.boolean() }).nullable(),
  shoe: z.object({ id: z.string(), hands: z.number().int(), ending: z.boolean() }).nullable(),
});
export type AdminBaccaratTable = z.infer<typeof adminBaccaratTable>;
export const adminBaccaratTables = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  items: z.array(adminBaccaratTable),
});
export type AdminBaccaratTables = z.infer<typeof adminBaccaratTables>;

/** PUT /admin/api/sabong/arenas/:code/settings — every setting (applies from the next fight). */
export const adminSabongSettings = limitsRefined(
  {
    /** The merchant's cut of the Meron + Wala pool in basis points (500 = 5 %). */
    plasadaBps: z.number().int().min(0, 'At least 0.').max(1500, 'At most 1,500 (15 %).'),
    bettingSeconds: z.number().int().min(10, 'At least 10 seconds.').max(300, 'At most 300 seconds.'),
    minBet: minorInput,
    maxBet: minorInput,
    /** All stakes of one fight together. */
    fightMax: minorInput,
    /** A fight is cancelled (refunded) when the Meron or Wala payout per 100 is at or below this (§6.2: 107). */
    minPayout: z.number().int().min(100, 'At least 100.').max(150, 'At most 150.'),
  },
  'fightMax',
);
export type AdminSabongSettings = z.infer<typeof adminSabongSettings>;

const sabongSettingsView = z.object({
  plasadaBps: z.number().int(),
  bettingSeconds: z.number().int(),
  minBet: minorString,
  maxBet: minorString,
  fightMax: minorString,
  minPayout: z.number().int(),
});
export const adminSabongArena = sabongSettingsView.extend({
  code: z.string(),
  name: z.string(),
  status: adminTableState,
  pending: sabongSettingsView.nullable(),
  fight: z.object({ id: z.string(), fightNo: z.number().int(), phase: z.string(), inPlay: z.boolean() }).nullable(),
});
export type AdminSabongArena = z.infer<typeof adminSabongArena>;
export const adminSabongArenas = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  items: z.array(adminSabongArena),
});
export type AdminSabongArenas = z.infer<typeof adminSabongArenas>;

/** Cancelling a round or fight, ending a shoe: why (audited). */
export const adminTableReason = z
  .object({ reason: z.string().trim().min(3, 'Say why (3 characters or more).').max(500, 'At most 500 characters.') })
  .strict();
export type AdminTableReason = z.infer<typeof adminTableReason>;
