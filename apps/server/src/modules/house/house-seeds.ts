import { randomBytes } from 'node:crypto';
import type { HouseSeedResult } from '@sea/contracts';
import { commitServerSeed } from '@sea/games';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { HouseRepository, HouseRoundRow, SeedRow } from './house.repository.ts';
import type { HouseTables } from './house.tables.ts';

const seedAndHash = () => {
  const seed = randomBytes(32).toString('hex');
  return { seed, hash: commitServerSeed(seed) };
};
const newClientSeed = () => randomBytes(8).toString('hex');

export const FIRST_SEED_MESSAGE =
  'Your first seed pair has just been committed: read its hash (GET /house/v1/session) before your first round, then play.';

/**
 * The members' seed pairs of our own games (provably fair, issue 29): the active pair and the server seed of the next
 * one, committed ahead (its hash shown with the current one), the first pair committed before any round, and the
 * rotation that reveals a seed only once every round played on it is settled or voided.
 */
export function createSeedPairs(deps: {
  db: Kysely<HouseTables>;
  repo: HouseRepository;
  clock: () => Date;
  /** Finishes a free-play hand nobody drew (best hold, its play money back); false when another step did. */
  finishFreeHand: (trx: Kysely<HouseTables>, round: HouseRoundRow) => Promise<boolean>;
}) {
  /**
   * The member's active seed pair (locked), with the server seed of the next pair committed: created here on first
   * use (the game page's session, the fairness page) — never inside a round, so the member has seen the commitment
   * before the first round is played. A pair from before 0055 gets its next seed now, once.
   */
  async function committedSeed(trx: Kysely<HouseTables>, merchant: Merchant, memberId: bigint): Promise<SeedRow> {
    const existing = await deps.repo.activeSeedForUpdate(trx, memberId);
    if (existing?.next_server_seed) return existing;
    if (existing) return (await deps.repo.setNextSeed(trx, existing.id, seedAndHash()))!;
    const first = seedAndHash();
    const next = seedAndHash();
    await deps.repo.insertSeed(trx, {
      merchantId: merchant.id,
      memberId,
      serverSeed: first.seed,
      serverSeedHash: first.hash,
      clientSeed: newClientSeed(),
      nextServerSeed: next.seed,
      nextServerSeedHash: next.hash,
    });
    return (await deps.repo.activeSeedForUpdate(trx, memberId))!;
  }

  /** The active pair a round plays on; none yet: it is committed now and the round refused (seen before played). */
  async function seedForRound(trx: Kysely<HouseTables>, memberId: bigint): Promise<SeedRow> {
    const seed = await deps.repo.activeSeedForUpdate(trx, memberId);
    if (!seed) throw new AppError('state_invalid', FIRST_SEED_MESSAGE);
    return seed;
  }

  async function fairnessOf(memberId: bigint) {
    const seed = await deps.repo.activeSeed(memberId);
    return seed
      ? {
          serverSeedHash: seed.server_seed_hash,
          nextServerSeedHash: seed.next_server_seed_hash!,
          clientSeed: seed.client_seed,
          nonce: seed.next_nonce,
        }
      : undefined;
  }

  return {
    committedSeed,
    seedForRound,
    fairnessOf,

    /**
     * Reveals the active server seed and starts a new pair: the server seed committed ahead (its hash shown with the
     * current one) and the player's client seed (or a random one). Only once every round of the seed is settled or
     * voided: a free-play hand left open is finished with the best hold; a real hand waits for its draw (any session
     * of the member shows it; the recovery job finishes it after ABANDONED_HAND_HOURS) and a round whose bet is not
     * confirmed yet for the recovery job (RECOVER_AFTER_SECONDS).
     */
    async rotate(merchant: Merchant, memberId: bigint, clientSeed?: string): Promise<HouseSeedResult> {
      // No next seed committed (shown) yet — a pair from before 0055, or no pair at all: it is committed now and the
      // change refused, so a chosen client seed never meets a server seed made after it arrived.
      if (clientSeed !== undefined && !(await deps.repo.activeSeed(memberId))?.next_server_seed) {
        await deps.db.transaction().execute((trx) => committedSeed(trx, merchant, memberId));
        throw new AppError(
          'state_invalid',
          'Your next server seed has just been committed: read its hash, then change your client seed.',
        );
      }
      return deps.db.transaction().execute(async (trx) => {
        const seed = await committedSeed(trx, merchant, memberId);
        for (const round of await deps.repo.unfinishedOnSeed(trx, seed.id)) {
          if (round.free_play && round.status === 'dealt' && !round.holds && (await deps.finishFreeHand(trx, round)))
            continue;
          if (round.status === 'dealt' && !round.holds)
            throw new AppError(
              'state_invalid',
              `Finish your video-poker hand (round ${round.id}) before changing seeds: open the game again from any device to draw it.`,
            );
          throw new AppError(
            'state_invalid',
            'A round of this seed is still being confirmed. Please try again in two minutes.',
          );
        }
        const rounds = await deps.repo.roundsOnSeed(trx, seed.id);
        await deps.repo.reveal(trx, seed.id, deps.clock());
        const following = seedAndHash();
        const next = await deps.repo.insertSeed(trx, {
          merchantId: merchant.id,
          memberId,
          serverSeed: seed.next_server_seed!,
          serverSeedHash: seed.next_server_seed_hash!,
          clientSeed: clientSeed ?? newClientSeed(),
          nextServerSeed: following.seed,
          nextServerSeedHash: following.hash,
        });
        if (!next) throw new AppError('conflict', 'Please try again.');
        return {
          revealed: {
            serverSeed: seed.server_seed,
            serverSeedHash: seed.server_seed_hash,
            clientSeed: seed.client_seed,
            rounds,
          },
          next: {
            serverSeedHash: next.server_seed_hash,
            nextServerSeedHash: next.next_server_seed_hash!,
            clientSeed: next.client_seed,
            nonce: next.next_nonce,
          },
        };
      });
    },
  };
}
