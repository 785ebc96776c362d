import type {
  AdminSabongProof,
  SabongArenaSummary,
  SabongArenaView,
  SabongBetRequest,
  SabongBetResult,
  SabongFightProof,
  SabongHistory,
  SabongLobby,
} from '@sea/contracts';
import { verifyFight } from '@sea/games';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { placeTableBet, tableSession, type TableWords } from '../games/index.ts';
import { type LedgerModule, memberMain } from '../ledger/index.ts';
import type { ArenaRow, SabongRepository } from './sabong.repository.ts';
import type { SabongDealer, SabongTimings } from './sabong-dealer.ts';
import { arenaSummary, fightView, myBetView } from './sabong-view.ts';
import { SABONG_GAME, SABONG_VENDOR, type SabongGames, type SabongWallet } from './sabong-wallet.ts';

/** The arenas every merchant starts with (major units of its currency; plasada in basis points). */
export const DEFAULT_ARENAS = [
  { code: 'ARENA-1', name: 'Arena 1', plasadaBps: 500, min: 20, max: 50_000, sort: 1 },
  { code: 'ARENA-2', name: 'Arena 2', plasadaBps: 500, min: 100, max: 100_000, sort: 2 },
] as const;
/** All stakes of one fight together, in multiples of an arena's max bet. */
const FIGHT_MAX_BETS = 50;
const HISTORY_FIGHTS = 30;
const BOARD_FIGHTS = 20;
const words: TableWords = { table: 'arena', round: 'fight', here: 'in this arena' };

/**
 * The players' side of the sabong arenas: the lobby, an arena's view (its fight for everyone with live estimated
 * payouts, the member's own bets), placing a bet (recorded under the fight's lock while OPEN — server time decides,
 * a bet after close is refused — then its stake taken by the wallet), the member's history and a fight's proof.
 */
export function createSabongService(deps: {
  repo: SabongRepository;
  games: SabongGames;
  wallet: SabongWallet;
  dealer: SabongDealer;
  ledger: Pick<LedgerModule, 'balances'>;
  timings: SabongTimings;
  defaultBettingSeconds?: number;
  clock: () => Date;
  /** Told after a bet was placed (the pools and estimated payouts changed): the realtime nudge. */
  betPlaced?: (arena: ArenaRow, fightId: bigint) => void;
}) {
  const { repo, games, timings } = deps;
  const seeded = new Set<bigint>();

  /** The default arenas, created on a merchant's first visit (idempotent). */
  async function ensureArenas(merchant: Merchant): Promise<void> {
    if (seeded.has(merchant.id)) return;
    const unit = 10n ** BigInt(merchant.currencyExponent);
    await repo.addArenas(
      DEFAULT_ARENAS.map((a) => ({
        merchant_id: merchant.id,
        code: a.code,
        name: a.name,
        plasada_bps: a.plasadaBps,
        min_bet: BigInt(a.min) * unit,
        max_bet: BigInt(a.max) * unit,
        fight_max: BigInt(a.max * FIGHT_MAX_BETS) * unit,
        betting_seconds: deps.defaultBettingSeconds ?? 30,
        sort: a.sort,
      })),
    );
    seeded.add(merchant.id);
  }

  /** The live (unexpired) real-money session of the arena page's token, at our own games' sabong. */
  const sessionOf = (merchant: Merchant, token: string | undefined) =>
    tableSession(games, { merchant, token, now: deps.clock(), vendor: SABONG_VENDOR, game: SABONG_GAME, words });

  async function summary(arena: ArenaRow, now: Date): Promise<SabongArenaSummary> {
    const [fight, history] = await Promise.all([
      repo.currentFight(arena.id),
      repo.recentFights(arena.id, BOARD_FIGHTS),
    ]);
    const current = fight ?? (await repo.lastFight(arena.id));
    const view = current ? fightView(current, await repo.pools(current.id), now, timings) : null;
    return arenaSummary(arena, view, history);
  }

  async function arenaOf(merchant: Merchant, code: string): Promise<ArenaRow> {
    await ensureArenas(merchant);
    const arena = await repo.arena(merchant.id, code);
    if (!arena) throw new AppError('not_found', 'No such arena.');
    // A closed arena finishes the fight in play (its players still see it and may bet while it is open).
    if (arena.status !== 'open' && !(await repo.currentFight(arena.id)))
      throw new AppError('not_found', 'This arena is closed.');
    return arena;
  }

  const balanceOf = async (merchant: Merchant, memberId: bigint) =>
    (await deps.ledger.balances(merchant.id, [memberMain(memberId)]))[memberMain(memberId)]!.available;

  return {
    ensureArenas,

    async lobby(merchant: Merchant, token: string | undefined): Promise<SabongLobby> {
      await sessionOf(merchant, token);
      await ensureArenas(merchant);
      const now = deps.clock();
      const arenas = await repo.arenas(merchant.id);
      return {
        serverTime: now.toISOString(),
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        arenas: await Promise.all(arenas.map((a) => summary(a, now))),
      };
    },

    async arena(merchant: Merchant, token: string | undefined, code: string): Promise<SabongArenaView> {
      const s = await sessionOf(merchant, token);
      const arena = await arenaOf(merchant, code);
      const now = deps.clock();
      const view = await summary(arena, now);
      const myBets = view.fight ? await repo.memberFightBets(BigInt(view.fight.id), s.member_id) : [];
      return {
        serverTime: now.toISOString(),
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        balance: String(await balanceOf(merchant, s.member_id)),
        arena: view,
        myBets: myBets.map(myBetView),
      };
    },

    async bet(
      merchant: Merchant,
      token: string | undefined,
      code: string,
      req: SabongBetRequest,
    ): Promise<SabongBetResult> {
      const s = await sessionOf(merchant, token);
      if (s.free_play) throw new AppError('state_invalid', 'Sabong is played with real money only.');
      const arena = await arenaOf(merchant, code);
      const amount = BigInt(req.amount);
      const fightId = BigInt(req.fightId);
      const { bet, replay } = await placeTableBet({
        words,
        table: { ...arena, roundMax: arena.fight_max },
        amount,
        clock: deps.clock,
        recorded: () => repo.betByRequest(s.member_id, req.requestId),
        sameRequest: (b) => b.fight_id === fightId && b.side === req.side && b.amount === amount,
        db: repo.db,
        lockRound: async (trx) => {
          const fight = await repo.lockFight(trx, fightId);
          return fight && { tableId: fight.arena_id, betting: fight.status === 'open', closesAt: fight.closes_at };
        },
        staked: async (trx) => {
          const p = await repo.pools(fightId, false, trx);
          return p.meron + p.wala + p.draw;
        },
        insert: (trx) =>
          repo.insertBet(trx, {
            fightId,
            merchantId: merchant.id,
            memberId: s.member_id,
            side: req.side,
            amount,
            requestId: req.requestId,
          }),
        post: (bet) => deps.wallet.postBet(merchant, bet, token!),
        setStatus: (bet, to) => repo.setBetStatus(repo.db, [bet.id], ['pending'], to),
      });
      // A repeated request answers its bet as recorded and nudges no one (nothing changed).
      if (!replay) deps.betPlaced?.(arena, bet.fight_id);
      return { bet: myBetView(bet), balance: String(await balanceOf(merchant, s.member_id)) };
    },

    async history(merchant: Merchant, token: string | undefined): Promise<SabongHistory> {
      const s = await sessionOf(merchant, token);
      const rows = await repo.memberHistory(s.member_id, HISTORY_FIGHTS);
      return {
        fights: rows.map((r) => ({
          fightId: String(r.fight_id),
          arena: r.code,
          fightNo: r.fight_no,
          outcome: r.status === 'result' || r.status === 'settled' ? r.outcome : null,
          status:
            r.status === 'cancelled'
              ? 'cancelled'
              : r.status === 'settled' || r.status === 'result'
                ? 'settled'
                : 'open',
          stake: String(r.stake ?? 0),
          payout: String(r.payout ?? 0),
          at: r.opens_at.toISOString(),
        })),
      };
    },

    /** A fight's proof: the seed hash always, the seed and outcome once the fight is over. */
    async fightProof(merchant: Merchant, fightId: bigint): Promise<SabongFightProof> {
      const fight = await repo.fight(fightId);
      const arena = fight && (await repo.arenaById(fight.arena_id));
      if (!fight || !arena || arena.merchant_id !== merchant.id) throw new AppError('not_found', 'No such fight.');
      const over = fight.status === 'result' || fight.status === 'settled';
      return {
        id: String(fight.id),
        arena: arena.code,
        fightNo: fight.fight_no,
        seedHash: fight.seed_hash,
        seed: over || fight.status === 'cancelled' ? fight.seed : null,
        outcome: over ? fight.outcome : null,
        cancelled: fight.status === 'cancelled',
      };
    },

    /**
     * Back office round lookup: a fight's proof by its wallet reference (`sb<fight id>`, what the betting record
     * shows): its commitment, and once fought or cancelled its seed and the check (the seed hashes to the commitment
     * and decides this outcome). Null for a reference that is not one of this merchant's fights.
     */
    async roundProof(merchant: Merchant, reference: string): Promise<AdminSabongProof | null> {
      const m = /^sb(\d{1,18})$/.exec(reference);
      if (!m) return null;
      const fight = await repo.fight(BigInt(m[1]!));
      const arena = fight && (await repo.arenaById(fight.arena_id));
      if (!fight || !arena || arena.merchant_id !== merchant.id) return null;
      const fought = fight.status === 'result' || fight.status === 'settled';
      const cancelled = fight.status === 'cancelled';
      const seed = fought || cancelled ? fight.seed : null;
      const outcome = fought ? fight.outcome : null;
      const check = seed !== null && outcome ? verifyFight(seed, fight.seed_hash, outcome) : null;
      return {
        game: 'sabong',
        table: arena.code,
        fightNo: fight.fight_no,
        outcome,
        cancelled,
        seedHash: fight.seed_hash,
        seed,
        verification: check && { hashMatches: check.seedMatches, outcomeMatches: check.outcomeMatches },
      };
    },

    /** Back office: cancel a fight not yet paid; every bet refunded. */
    async cancelFight(merchant: Merchant, fightId: bigint) {
      const fight = await repo.fight(fightId);
      const arena = fight && (await repo.arenaById(fight.arena_id));
      if (!fight || !arena || arena.merchant_id !== merchant.id) throw new AppError('not_found', 'No such fight.');
      const r = await deps.dealer.cancel(merchant, fight);
      if (!r.cancelled)
        throw new AppError('state_invalid', 'This fight is already paid or cancelled: it cannot be cancelled.');
      return { fightId: String(fight.id), refunded: r.refunded };
    },
  };
}

export type SabongService = ReturnType<typeof createSabongService>;
