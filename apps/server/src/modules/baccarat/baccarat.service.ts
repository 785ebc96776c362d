import type {
  AdminBaccaratProof,
  BaccaratBetRequest,
  BaccaratBetResult,
  BaccaratHistory,
  BaccaratLobby,
  BaccaratShoeProof,
  BaccaratTableSummary,
  BaccaratTableView,
} from '@sea/contracts';
import { cardCode, dealFromShoe, shoeCommitment, shuffledShoe } from '@sea/games';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { placeTableBet, tableSession, type TableWords } from '../games/index.ts';
import { type LedgerModule, memberMain } from '../ledger/index.ts';
import type { BaccaratRepository, TableRow } from './baccarat.repository.ts';
import type { StoredHand } from './baccarat.tables.ts';
import type { BaccaratTimings, Dealer } from './baccarat-dealer.ts';
import { myBetView, roundView, tableSummary } from './baccarat-view.ts';
import { BACCARAT_GAME, BACCARAT_VENDOR, type BaccaratGames, type BaccaratWallet } from './baccarat-wallet.ts';

/** The tables every merchant starts with (major units of its currency). */
export const DEFAULT_TABLES = [
  { code: 'BAC-1', name: 'Baccarat 1', variant: 'commission', min: 10, max: 50_000, sort: 1 },
  { code: 'BAC-2', name: 'Baccarat 2', variant: 'commission', min: 10, max: 50_000, sort: 2 },
  { code: 'SUPER6', name: 'Super 6', variant: 'no-commission', min: 10, max: 50_000, sort: 3 },
] as const;
/** All stakes of one round together, in multiples of a table's max bet. */
const ROUND_MAX_BETS = 20;
const HISTORY_ROUNDS = 30;
const words: TableWords = { table: 'table', round: 'round', here: 'at this table' };

/**
 * The players' side of the baccarat tables: the lobby, a table's view (its round for everyone, the member's own
 * bets), placing a bet (recorded under the round's lock while BETTING — server time decides, a bet after CLOSED is
 * refused — then its stake taken by the wallet), the member's history and a shoe's fairness proof.
 */
export function createBaccaratService(deps: {
  repo: BaccaratRepository;
  games: BaccaratGames;
  wallet: BaccaratWallet;
  dealer: Dealer;
  ledger: Pick<LedgerModule, 'balances'>;
  timings: BaccaratTimings;
  defaultBettingSeconds?: number;
  clock: () => Date;
  /** Told after a bet was placed (the table's totals changed): the realtime nudge. */
  betPlaced?: (table: TableRow, roundId: bigint) => void;
}) {
  const { repo, games, timings } = deps;
  const seeded = new Set<bigint>();

  /** The default tables, created on a merchant's first visit (idempotent). */
  async function ensureTables(merchant: Merchant): Promise<void> {
    if (seeded.has(merchant.id)) return;
    const unit = 10n ** BigInt(merchant.currencyExponent);
    await repo.addTables(
      DEFAULT_TABLES.map((t) => ({
        merchant_id: merchant.id,
        code: t.code,
        name: t.name,
        variant: t.variant,
        min_bet: BigInt(t.min) * unit,
        max_bet: BigInt(t.max) * unit,
        round_max: BigInt(t.max * ROUND_MAX_BETS) * unit,
        betting_seconds: deps.defaultBettingSeconds ?? 15,
        sort: t.sort,
      })),
    );
    seeded.add(merchant.id);
  }

  /** The live (unexpired) real-money session of the table page's token, at our own games' baccarat. */
  const sessionOf = (merchant: Merchant, token: string | undefined) =>
    tableSession(games, { merchant, token, now: deps.clock(), vendor: BACCARAT_VENDOR, game: BACCARAT_GAME, words });

  async function summary(table: TableRow, now: Date): Promise<BaccaratTableSummary> {
    const [shoe, round] = await Promise.all([repo.activeShoe(table.id), repo.openRound(table.id)]);
    const current = round ?? (await repo.lastRound(table.id));
    const view = current ? roundView(current, await repo.totals(current.id), now, timings) : null;
    return tableSummary(table, shoe, view, shoe ? await repo.shoeResults(shoe.id) : []);
  }

  async function tableOf(merchant: Merchant, code: string): Promise<TableRow> {
    await ensureTables(merchant);
    const table = await repo.table(merchant.id, code);
    if (!table) throw new AppError('not_found', 'No such table.');
    // A closed table finishes the round in play (its players still see it and may bet while it is BETTING).
    if (table.status !== 'open' && !(await repo.openRound(table.id)))
      throw new AppError('not_found', 'This table is closed.');
    return table;
  }

  const balanceOf = async (merchant: Merchant, memberId: bigint) =>
    (await deps.ledger.balances(merchant.id, [memberMain(memberId)]))[memberMain(memberId)]!.available;

  return {
    ensureTables,

    async lobby(merchant: Merchant, token: string | undefined): Promise<BaccaratLobby> {
      await sessionOf(merchant, token);
      await ensureTables(merchant);
      const now = deps.clock();
      const tables = await repo.tables(merchant.id);
      return {
        serverTime: now.toISOString(),
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        tables: await Promise.all(tables.map((t) => summary(t, now))),
      };
    },

    async table(merchant: Merchant, token: string | undefined, code: string): Promise<BaccaratTableView> {
      const s = await sessionOf(merchant, token);
      const table = await tableOf(merchant, code);
      const now = deps.clock();
      const view = await summary(table, now);
      const myBets = view.round ? await repo.memberRoundBets(BigInt(view.round.id), s.member_id) : [];
      return {
        serverTime: now.toISOString(),
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        balance: String(await balanceOf(merchant, s.member_id)),
        table: view,
        myBets: myBets.map(myBetView),
      };
    },

    async bet(
      merchant: Merchant,
      token: string | undefined,
      code: string,
      req: BaccaratBetRequest,
    ): Promise<BaccaratBetResult> {
      const s = await sessionOf(merchant, token);
      if (s.free_play) throw new AppError('state_invalid', 'Baccarat tables are played with real money only.');
      const table = await tableOf(merchant, code);
      const amount = BigInt(req.amount);
      const roundId = BigInt(req.roundId);
      const { bet, replay } = await placeTableBet({
        words,
        table: { ...table, roundMax: table.round_max },
        amount,
        clock: deps.clock,
        recorded: () => repo.betByRequest(s.member_id, req.requestId),
        sameRequest: (b) => b.round_id === roundId && b.spot === req.spot && b.amount === amount,
        db: repo.db,
        lockRound: async (trx) => {
          const round = await repo.lockRound(trx, roundId);
          return round && { tableId: round.table_id, betting: round.status === 'betting', closesAt: round.closes_at };
        },
        staked: async (trx) => (await repo.totals(roundId, trx)).reduce((sum, x) => sum + x.total, 0n),
        insert: (trx) =>
          repo.insertBet(trx, {
            roundId,
            merchantId: merchant.id,
            memberId: s.member_id,
            spot: req.spot,
            amount,
            requestId: req.requestId,
          }),
        post: (bet) => deps.wallet.postBet(merchant, bet, token!),
        setStatus: (bet, to) => repo.setBetStatus(repo.db, [bet.id], ['pending'], to),
      });
      // A repeated request answers its bet as recorded and nudges no one (nothing changed).
      if (!replay) deps.betPlaced?.(table, bet.round_id);
      return { bet: myBetView(bet), balance: String(await balanceOf(merchant, s.member_id)) };
    },

    async history(merchant: Merchant, token: string | undefined): Promise<BaccaratHistory> {
      const s = await sessionOf(merchant, token);
      const rows = await repo.memberHistory(s.member_id, HISTORY_ROUNDS);
      return {
        rounds: rows.map((r) => {
          const h = r.status === 'result' || r.status === 'settled' ? (r.result as StoredHand | null) : null;
          return {
            roundId: String(r.round_id),
            table: r.code,
            hand: r.hand,
            result: h && {
              winner: h.winner,
              playerTotal: h.playerTotal,
              bankerTotal: h.bankerTotal,
              playerPair: h.playerPair,
              bankerPair: h.bankerPair,
            },
            status: r.status === 'cancelled' ? 'cancelled' : r.status === 'settled' ? 'settled' : 'open',
            stake: String(r.stake ?? 0),
            payout: String(r.payout ?? 0),
            at: r.opens_at.toISOString(),
          };
        }),
      };
    },

    /** A shoe's proof: the seed only once the shoe is finished; every dealt hand's position and cards. */
    async shoeProof(merchant: Merchant, shoeId: bigint): Promise<BaccaratShoeProof> {
      const shoe = await repo.shoe(shoeId);
      const table = shoe && (await repo.tableById(shoe.table_id));
      if (!shoe || !table || table.merchant_id !== merchant.id) throw new AppError('not_found', 'No such shoe.');
      const hands = await repo.shoeHands(shoe.id);
      return {
        id: String(shoe.id),
        table: table.code,
        seedHash: shoe.seed_hash,
        seed: shoe.status === 'finished' ? shoe.seed : null,
        status: shoe.status,
        hands: hands.map((h) => ({
          roundId: String(h.id),
          hand: h.hand,
          position: h.position,
          cards: (h.result as StoredHand).cards.map(cardCode),
        })),
      };
    },

    /**
     * Back office round lookup: the proof of a round by its wallet reference (`bk<round id>`, what the betting record
     * shows) — its hand's place and cards, the shoe's commitment, and once the shoe has ended the seed and the check
     * (the seed hashes to the commitment; the shoe shuffled from it deals these cards at this position). Null for a
     * reference that is not one of this merchant's baccarat rounds, or a round without cards (cancelled before dealing).
     */
    async roundProof(merchant: Merchant, reference: string): Promise<AdminBaccaratProof | null> {
      const m = /^bk(\d{1,18})$/.exec(reference);
      if (!m) return null;
      const round = await repo.round(BigInt(m[1]!));
      const table = round && (await repo.tableById(round.table_id));
      if (!round || !table || table.merchant_id !== merchant.id) return null;
      const stored = round.result as StoredHand | null;
      const shoe = await repo.shoe(round.shoe_id);
      if (!stored || !shoe) return null;
      const seed = shoe.status === 'finished' ? shoe.seed : null;
      let verification: AdminBaccaratProof['verification'] = null;
      if (seed !== null) {
        let cardsMatch = false;
        try {
          const dealt = dealFromShoe(shuffledShoe(seed), round.position).cards;
          cardsMatch = dealt.length === stored.cards.length && dealt.every((c, i) => c === stored.cards[i]);
        } catch {
          cardsMatch = false; // a position past the shoe's end: the stored hand cannot come from this seed
        }
        verification = { hashMatches: shoeCommitment(seed) === shoe.seed_hash, cardsMatch };
      }
      return {
        game: 'baccarat',
        table: table.code,
        shoeId: String(shoe.id),
        hand: round.hand,
        position: round.position,
        cards: stored.cards.map(cardCode),
        seedHash: shoe.seed_hash,
        seed,
        verification,
      };
    },

    /** Back office: cancel a round not yet paid; every bet refunded. */
    async cancelRound(merchant: Merchant, roundId: bigint) {
      const round = await repo.round(roundId);
      const table = round && (await repo.tableById(round.table_id));
      if (!round || !table || table.merchant_id !== merchant.id) throw new AppError('not_found', 'No such round.');
      const r = await deps.dealer.cancel(merchant, round);
      if (!r.cancelled)
        throw new AppError('state_invalid', 'This round is already paid or cancelled: it cannot be cancelled.');
      return { roundId: String(round.id), refunded: r.refunded };
    },

    /** Back office: a new shoe after the hand in play (the current shoe's seed is revealed when it ends). */
    async endShoe(merchant: Merchant, code: string) {
      const table = await tableOf(merchant, code);
      if (!(await deps.dealer.endShoe(table))) throw new AppError('state_invalid', 'This table has no shoe in play.');
      return { table: table.code };
    },
  };
}

export type BaccaratService = ReturnType<typeof createBaccaratService>;
