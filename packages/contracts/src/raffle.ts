import { z } from 'zod';
import { payAsHasTerms, payAsTermsIssue, rewardPayment, rewardPaymentView } from './bonus.ts';
import { minorInput, minorString } from './money.ts';

/**
 * Raffles (issue 23): members earn tickets from valid bet in the ticket window (one per `turnoverPerTicket`, at
 * most `maxTickets`); at the draw time the winners are drawn from a seed whose SHA-256 was published when the raffle
 * was created, revealed with the result (@sea/games drawRaffle). Prizes go to the reward centre.
 */
const money = { currency: z.string(), exponent: z.number().int() };
const positive = (v: string) => !/^\d{1,19}$/.test(v) || BigInt(v) > 0n;
export const raffleStatus = z.enum(['open', 'drawn']);
export type RaffleStatus = z.infer<typeof raffleStatus>;

export const raffleRequest = z
  .object({
    title: z.string().trim().min(1).max(80),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    drawAt: z.iso.datetime({ offset: true }),
    turnoverPerTicket: minorInput.refine(positive, 'Above 0.'),
    maxTickets: z.number().int().min(1, 'At least 1.').max(100_000),
    categories: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z0-9_]{1,32}$/),
      )
      .max(30)
      .default([]),
    /** Prize 1 first, minor units. */
    prizes: z.array(minorInput.refine(positive, 'Above 0.')).min(1, 'Add at least one prize.').max(50),
    /** The prizes paid as cash, or as bonus money with these wagering terms. */
    ...rewardPayment,
  })
  .refine(payAsHasTerms, payAsTermsIssue)
  .refine((r) => Date.parse(r.endsAt) > Date.parse(r.startsAt), {
    path: ['endsAt'],
    message: 'The ticket window ends after it starts.',
  })
  .refine((r) => Date.parse(r.drawAt) >= Date.parse(r.endsAt), {
    path: ['drawAt'],
    message: 'The draw is at or after the end of the ticket window.',
  });
export type RaffleRequest = z.infer<typeof raffleRequest>;

export const raffleSummary = z.object({
  id: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  drawAt: z.string(),
  turnoverPerTicket: minorString,
  maxTickets: z.number().int(),
  categories: z.array(z.string()),
  prizes: z.array(minorString),
  ...rewardPaymentView,
  status: raffleStatus,
  /** SHA-256 of the seed, published from the start. */
  seedHash: z.string(),
  /** The seed, once drawn. */
  seed: z.string().nullable(),
  drawnAt: z.string().nullable(),
  entrants: z.number().int(),
  tickets: z.number().int(),
});
export type RaffleSummary = z.infer<typeof raffleSummary>;
export const adminRaffleList = z.object({ list: z.array(raffleSummary), ...money });
export type AdminRaffleList = z.infer<typeof adminRaffleList>;

/** The published ticket list: holders in draw order, each with consecutive ticket numbers. */
export const raffleTicketBlock = z.object({ holder: z.string(), tickets: z.number().int(), from: z.number().int() });
export const raffleWinner = z.object({
  rank: z.number().int(),
  ticket: z.number().int(),
  holder: z.string(),
  amount: minorString,
  mine: z.boolean(),
});
export type RaffleWinner = z.infer<typeof raffleWinner>;
export const raffleDetail = z.object({
  raffle: raffleSummary,
  algorithm: z.string(),
  /** Filled once drawn. */
  blocks: z.array(raffleTicketBlock),
  winners: z.array(raffleWinner),
  /** The member's own standing (null for staff or a visitor). */
  mine: z.object({ turnover: minorString, tickets: z.number().int(), from: z.number().int().nullable() }).nullable(),
  ...money,
});
export type RaffleDetail = z.infer<typeof raffleDetail>;

export const playerRaffle = raffleSummary.extend({ myTickets: z.number().int(), myTurnover: minorString });
export type PlayerRaffle = z.infer<typeof playerRaffle>;
export const playerRaffleList = z.object({ list: z.array(playerRaffle), ...money });
export type PlayerRaffleList = z.infer<typeof playerRaffleList>;
