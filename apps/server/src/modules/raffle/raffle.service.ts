import { randomBytes } from 'node:crypto';
import type { PlayerRaffleList, RaffleDetail, RaffleRequest, RaffleSummary } from '@sea/contracts';
import { commitServerSeed, drawRaffle, holderOfTicket, RAFFLE_ALGORITHM } from '@sea/games';
import type { Kysely } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { AuthenticatedAdmin, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type AppliedIds,
  applyAlone,
  type PlayEvent,
  type PlayEventConsumer,
  type PreparedBatch,
} from '../../lib/play-events.ts';
import type { AdminModule } from '../admin/index.ts';
import { presentPayment, termColumns, termsFromRequest, termsOf } from '../bonus/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { RewardsModule } from '../rewards/index.ts';
import type { RaffleRepository, RaffleRow } from './raffle.repository.ts';
import type { RaffleTables } from './raffle.tables.ts';

type Db = Kysely<RaffleTables>;
export const RAFFLE_CONSUMER = 'raffle';

export interface RaffleDeps {
  db: Db;
  repo: RaffleRepository;
  merchants: Pick<MerchantsModule, 'findById'>;
  members: Pick<MembersModule, 'accountsOf'>;
  rewards: Pick<RewardsModule, 'grantReward' | 'notifyRewards'>;
  audit: Pick<AdminModule, 'recordAction'>;
  maskName: (account: string) => string;
  clock: () => Date;
  /** The queue's applied ids (play-events `firstTime`), for `handle`. */
  firstTime: AppliedIds;
}

const moneyOf = (m: Merchant) => ({ currency: m.currency, exponent: m.currencyExponent });

/** A member's tickets: one per turnover_per_ticket of counted valid bet, at most max_tickets. */
export function ticketsOf(r: Pick<RaffleRow, 'turnover_per_ticket' | 'max_tickets'>, turnover: bigint): number {
  const n = turnover / r.turnover_per_ticket;
  return n > BigInt(r.max_tickets) ? r.max_tickets : Number(n);
}

const counts = (r: RaffleRow, e: Array<{ raffle_id: bigint; turnover: bigint }>) => {
  const mine = e
    .filter((x) => x.raffle_id === r.id)
    .map((x) => ticketsOf(r, x.turnover))
    .filter((t) => t > 0);
  return { entrants: mine.length, tickets: mine.reduce((a, b) => a + b, 0) };
};

function present(r: RaffleRow, c: { entrants: number; tickets: number }): RaffleSummary {
  return {
    id: String(r.id),
    title: r.title,
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    drawAt: r.draw_at.toISOString(),
    turnoverPerTicket: String(r.turnover_per_ticket),
    maxTickets: r.max_tickets,
    categories: r.categories,
    prizes: r.prizes,
    ...presentPayment(r),
    status: r.status,
    seedHash: r.seed_hash,
    seed: r.status === 'drawn' ? r.seed : null,
    drawnAt: r.drawn_at?.toISOString() ?? null,
    ...c,
  };
}

const counted = (r: RaffleRow, e: Extract<PlayEvent, { kind: 'bet_settled' }>) =>
  e.validBet > 0n &&
  r.starts_at <= e.settledAt &&
  e.settledAt < r.ends_at &&
  (r.categories.length === 0 || r.categories.includes(e.category.toUpperCase()));

/**
 * Raffles: tickets from valid bet in the window (the consumer, once per event id, under a share lock of the open
 * raffles so a draw waits for it); at draw time the job locks the raffle, numbers the tickets (members by id), draws
 * with the seed committed at creation (@sea/games drawRaffle) and grants each prize to the reward centre in the same
 * transaction as the result; a rerun finds the raffle drawn and does nothing.
 */
export function createRaffleService(deps: RaffleDeps) {
  const { db, repo, clock } = deps;

  const consumer: PlayEventConsumer = {
    name: RAFFLE_CONSUMER,
    handle: (events) =>
      applyAlone(db, consumer.prepare!(events), (trx, ids) => deps.firstTime(trx, RAFFLE_CONSUMER, ids)),
    async prepare(events: readonly PlayEvent[]): Promise<PreparedBatch | undefined> {
      const bets = events.filter((e) => e.kind === 'bet_settled');
      if (!bets.length) return undefined;
      const now = clock();
      return {
        async apply(trx, firstTime) {
          const fresh = await firstTime([...new Set(bets.map((e) => e.id))]);
          const adds = new Map<string, { raffleId: bigint; memberId: bigint; turnover: bigint }>();
          const byMerchant = new Map<bigint, RaffleRow[]>();
          for (const e of bets) {
            if (!fresh.delete(e.id)) continue; // applied before, or earlier in this batch
            let open = byMerchant.get(e.merchantId);
            if (!open) {
              const times = bets.filter((b) => b.merchantId === e.merchantId).map((b) => b.settledAt.getTime());
              open = await repo.openAt(trx, e.merchantId, new Date(Math.min(...times)), new Date(Math.max(...times)));
              byMerchant.set(e.merchantId, open);
            }
            for (const r of open) {
              if (!counted(r, e)) continue;
              const key = `${r.id}|${e.memberId}`;
              const a = adds.get(key) ?? { raffleId: r.id, memberId: e.memberId, turnover: 0n };
              a.turnover += e.validBet;
              adds.set(key, a);
            }
          }
          await repo.addTurnover(trx, [...adds.values()], now);
        },
      };
    },
  };

  /** Draws one due raffle; false when it was drawn already (or is not due). */
  async function drawOne(id: bigint, merchantId: bigint, now: Date): Promise<boolean> {
    const merchant = await deps.merchants.findById(merchantId);
    if (!merchant) return false;
    // Holders' labels are read before the transaction (PGlite has one connection); a member who entered in between
    // has none and the draw is tried again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = await repo.entries(db, id);
      const accounts = await deps.members.accountsOf(
        merchantId,
        before.map((e) => e.member_id),
      );
      const winners: bigint[] = [];
      const result = await db.transaction().execute(async (trx) => {
        const r = await repo.lock(trx, id);
        if (!r || r.status !== 'open' || r.draw_at > now) return 'skip' as const;
        const entries = (await repo.entries(trx, id))
          .map((e) => ({ memberId: e.member_id, tickets: ticketsOf(r, e.turnover) }))
          .filter((e) => e.tickets > 0);
        if (entries.some((e) => !accounts.has(e.memberId))) return 'retry' as const;
        const blocks = entries.map((e) => ({
          holder: deps.maskName(accounts.get(e.memberId)!),
          tickets: e.tickets,
          memberId: String(e.memberId),
        }));
        const total = blocks.reduce((a, b) => a + b.tickets, 0);
        const drawn = drawRaffle(r.seed, String(r.id), total, r.prizes.length);
        const rows = drawn.map((ticket, i) => ({
          raffle_id: r.id,
          rank: i + 1,
          ticket,
          member_id: BigInt(blocks[holderOfTicket(blocks, ticket)]!.memberId),
          amount: BigInt(r.prizes[i]!),
        }));
        await repo.saveDraw(trx, { raffle_id: r.id, blocks: JSON.stringify(blocks), total_tickets: total }, rows, now);
        for (const w of rows) {
          await deps.rewards.grantReward(trx as AnyDb, {
            merchantId: r.merchant_id,
            memberId: w.member_id,
            source: 'raffle',
            sourceKey: `${r.id}:${w.rank}`,
            amount: w.amount,
            title: `${r.title} · prize ${w.rank} (ticket ${w.ticket})`,
            bonus: termsOf(r),
            at: now,
          });
          winners.push(w.member_id);
        }
        return 'drawn' as const;
      });
      if (result === 'retry') continue;
      for (const m of new Set(winners)) void deps.rewards.notifyRewards(m).catch(() => undefined);
      return result === 'drawn';
    }
    return false;
  }

  async function detail(merchant: Merchant, id: bigint, memberId: bigint | null): Promise<RaffleDetail> {
    const r = await repo.find(merchant.id, id);
    if (!r) throw new AppError('raffle_not_found');
    const [all, draw, winners, own] = await Promise.all([
      repo.entrantTurnovers([r.id]),
      r.status === 'drawn' ? repo.draw(r.id) : undefined,
      r.status === 'drawn' ? repo.winners(r.id) : [],
      memberId === null ? undefined : repo.entry(r.id, memberId),
    ]);
    let from = 1;
    const blocks = (draw?.blocks ?? []).map((b) => {
      const out = { holder: b.holder, tickets: b.tickets, from, memberId: b.memberId };
      from += b.tickets;
      return out;
    });
    const myBlock = memberId === null ? undefined : blocks.find((b) => b.memberId === String(memberId));
    const holderOf = (t: number) => blocks[holderOfTicket(blocks, t)]?.holder ?? '';
    return {
      raffle: present(r, counts(r, all)),
      algorithm: RAFFLE_ALGORITHM,
      blocks: blocks.map(({ memberId: _m, ...b }) => b),
      winners: winners.map((w) => ({
        rank: w.rank,
        ticket: w.ticket,
        holder: holderOf(w.ticket),
        amount: String(w.amount),
        mine: memberId !== null && w.member_id === memberId,
      })),
      mine:
        memberId === null
          ? null
          : {
              turnover: String(own?.turnover ?? 0n),
              tickets: ticketsOf(r, own?.turnover ?? 0n),
              from: myBlock?.from ?? null,
            },
      ...moneyOf(merchant),
    };
  }

  const fields = (b: RaffleRequest, now: Date) => ({
    title: b.title,
    starts_at: new Date(b.startsAt),
    ends_at: new Date(b.endsAt),
    draw_at: new Date(b.drawAt),
    turnover_per_ticket: BigInt(b.turnoverPerTicket),
    max_tickets: b.maxTickets,
    categories: JSON.stringify(b.categories),
    prizes: JSON.stringify(b.prizes),
    ...termColumns(termsFromRequest(b)),
    updated_at: now,
  });

  return {
    consumer,
    drawOne,

    /** Draws every raffle whose draw time has come (the job; rerun safe). */
    async drawDue(now: Date = clock()): Promise<{ drawn: number }> {
      let drawn = 0;
      for (const d of await repo.due(now)) if (await drawOne(d.id, d.merchant_id, now)) drawn += 1;
      return { drawn };
    },

    detail,

    /** Raffles for the member: open ones and those drawn in the last 30 days, with the member's tickets. */
    async playerList(merchant: Merchant, memberId: bigint): Promise<PlayerRaffleList> {
      const since = clock().getTime() - 30 * 86_400_000;
      const list = (await repo.list(merchant.id)).filter((r) => r.status === 'open' || r.draw_at.getTime() >= since);
      const ids = list.map((r) => r.id);
      const [all, mine] = await Promise.all([repo.entrantTurnovers(ids), repo.entriesOf(memberId, ids)]);
      return {
        list: list.map((r) => {
          const t = mine.find((m) => m.raffle_id === r.id)?.turnover ?? 0n;
          return { ...present(r, counts(r, all)), myTickets: ticketsOf(r, t), myTurnover: String(t) };
        }),
        ...moneyOf(merchant),
      };
    },

    async adminList(merchant: Merchant) {
      const list = await repo.list(merchant.id);
      const all = await repo.entrantTurnovers(list.map((r) => r.id));
      return { list: list.map((r) => present(r, counts(r, all))), ...moneyOf(merchant) };
    },

    /** Adds (id null) or changes an open raffle; a new raffle's seed is made and its hash published now. */
    async save(merchant: Merchant, admin: AuthenticatedAdmin, id: bigint | null, b: RaffleRequest, ip: string) {
      const now = clock();
      const row = await db.transaction().execute(async (trx) => {
        let r: RaffleRow | undefined;
        if (id === null) {
          const seed = randomBytes(32).toString('hex');
          r = await repo.insert(trx, {
            ...fields(b, now),
            merchant_id: merchant.id,
            seed,
            seed_hash: commitServerSeed(seed),
            created_at: now,
          });
        } else {
          const old = await repo.find(merchant.id, id, trx);
          if (!old) throw new AppError('raffle_not_found');
          if (old.status === 'drawn') throw new AppError('raffle_drawn');
          r = await repo.updateOpen(trx, merchant.id, id, fields(b, now));
          if (!r) throw new AppError('raffle_drawn');
        }
        await deps.audit.recordAction(trx as AnyDb, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: id === null ? 'raffle.create' : 'raffle.update',
          targetType: 'raffle',
          targetId: String(r.id),
          detail: { title: r.title, drawAt: r.draw_at.toISOString(), prizes: r.prizes },
          ip,
        });
        return r;
      });
      return present(row, { entrants: 0, tickets: 0 });
    },
  };
}

export type RaffleService = ReturnType<typeof createRaffleService>;
