import type { Kysely } from 'kysely';
import type { DemoVendorRepository } from './demo-vendor.repository.ts';
import type { DemoVendorTables } from './demo-vendor.tables.ts';

/** One transfer of the operator's, in or out of a player's wallet at the vendor. */
interface Transfer {
  merchantId: bigint;
  vendorCode: string;
  playerId: string;
  transferId: string;
  amount: bigint;
}

/**
 * Transfer mode: the vendor's own wallet of each player and its API for the operator, idempotent per transfer id
 * (the operator's transfers in and out; the vendor's rounds move it in their own transactions).
 */
export function createVendorWallet(deps: {
  repo: DemoVendorRepository;
  /** The most a player may hold at the vendor (a deposit past it is refused); none by default. */
  transferLimit?: () => bigint | undefined;
}) {
  const { repo } = deps;

  /** A transfer id seen before: its first answer ('applied' only for the same direction and amount, not refused). */
  async function firstAnswer(
    trx: Kysely<DemoVendorTables>,
    t: Transfer,
    direction: 'deposit' | 'withdraw',
  ): Promise<'applied' | 'refused'> {
    const done = await repo.transfer(t.merchantId, t.vendorCode, t.transferId, trx);
    return done?.direction === direction && done.amount === t.amount && !done.refused ? 'applied' : 'refused';
  }

  return {
    /** Its bet records: settled transfer-mode bets after a position, oldest settlement first. */
    settledBets: (merchantId: bigint, vendorCode: string, after: { at: Date; id: bigint }, limit: number) =>
      repo.settledTransferRounds(merchantId, vendorCode, after, Math.min(Math.max(limit, 1), 1_000)),

    /** A player's balance at the vendor, with the version of that state. */
    transferBalance: (merchantId: bigint, vendorCode: string, playerId: string) =>
      repo.walletOf(merchantId, vendorCode, playerId),

    /**
     * The operator sends money for a player, once per transfer id: 'applied', or 'refused' when the player would
     * hold more than the vendor allows. A repeat of the id gets the first answer (a refusal is remembered too).
     */
    deposit(t: Transfer): Promise<'applied' | 'refused'> {
      return repo.db.transaction().execute(async (trx) => {
        if (!(await repo.claimTransfer(trx, { ...t, direction: 'deposit' }))) return firstAnswer(trx, t, 'deposit');
        const limit = deps.transferLimit?.();
        const held = (await repo.walletOf(t.merchantId, t.vendorCode, t.playerId, trx)).balance;
        if (limit !== undefined && held + t.amount > limit) {
          await repo.refuseTransfer(trx, t);
          return 'refused';
        }
        await repo.moveWallet(trx, { ...t, delta: t.amount });
        return 'applied';
      });
    },

    /**
     * The operator takes money back, once per transfer id: 'refused' when the player holds less at the vendor
     * (remembered: a repeat of the id is refused again, even after the player won more).
     */
    withdraw(t: Transfer): Promise<'applied' | 'refused'> {
      return repo.db.transaction().execute(async (trx) => {
        // The claim first: a concurrent copy of this transfer waits on it, then sees it done.
        if (!(await repo.claimTransfer(trx, { ...t, direction: 'withdraw' }))) return firstAnswer(trx, t, 'withdraw');
        if (await repo.moveWallet(trx, { ...t, delta: -t.amount })) return 'applied';
        await repo.refuseTransfer(trx, t);
        return 'refused';
      });
    },
  };
}
