import { z } from 'zod';

/**
 * The demo vendor's own page API (/demo-vendor/api/*): the vendor's protocol between its game pages and its
 * backend, not the site's API (so not enveloped, and not in packages/contracts: no site code calls it).
 */
export const DEMO_SESSION_HEADER = 'x-demo-session';

const minor = z.string().regex(/^\d{1,15}$/, 'an integer amount of minor units');

export const demoBetRequest = z.object({
  /** The page's id for this bet: a retry with the same id returns the same round. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  pick: z.string().min(1).max(20),
  amount: minor,
});

export const demoRound = z.object({
  id: z.string(),
  gameCode: z.string(),
  pick: z.string(),
  pickLabel: z.string(),
  stake: z.string(),
  status: z.enum(['placing', 'open', 'settled', 'cancelled', 'refused']),
  payout: z.string().nullable(),
  summary: z.string().nullable(),
  message: z.string().nullable(),
  settleAt: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type DemoRoundView = z.infer<typeof demoRound>;

export const demoSession = z.object({
  vendorName: z.string(),
  vendorCode: z.string(),
  walletMode: z.enum(['seamless', 'transfer']),
  /** The page's language: the player's at launch when the vendor has it (en, ty, tl), else en. */
  language: z.enum(['en', 'ty', 'tl']),
  game: z.object({
    code: z.string(),
    name: z.string(),
    category: z.string(),
    blurb: z.string(),
    picks: z.array(z.object({ key: z.string(), label: z.string() })),
    settleAfterSeconds: z.number(),
    minBet: z.string(),
  }),
  currency: z.string(),
  exponent: z.number(),
  /** The player's balance as the wallet told it (null when the wallet did not answer). */
  balance: z.string().nullable(),
  balanceMessage: z.string().nullable(),
  rounds: z.array(demoRound),
});
export type DemoSessionView = z.infer<typeof demoSession>;

export const demoError = z.object({ error: z.string(), message: z.string() });
