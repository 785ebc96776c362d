import type { AnyDb } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import { type Leg, type LedgerModule, memberBonus, memberMain, type PostRequest } from '../ledger/index.ts';

/**
 * Which of a member's accounts fund a seamless stake and receive what comes back (bonus money, modules/bonus):
 * a stake spends main first, then bonus; a win (or a rollback) on a stake returns to the accounts it came from
 * in the same proportion — bonus share = ⌈amount × stake-from-bonus ÷ stake⌉ (rounding goes to the bonus
 * side: withdrawable money never gains from it), the rest to main. Vendors see main + bonus as one balance.
 */
export interface BonusStakePolicy {
  /** The largest stake while the member wagers an active bonus (undefined: no limit). */
  maxStake(merchantId: bigint, memberId: bigint, trx: AnyDb): Promise<bigint | undefined>;
}

/** Whose money, and the system account (house or vendor clearing) on the other side. */
export interface Party {
  merchant: Merchant;
  memberId: bigint;
  clearing: string;
}

type StakeLeg = { debit: string; amount: bigint };

/** The legs returning `amount` (> 0) from `clearing` in the proportion of bonus money of the stake's legs. */
function legsBack({ memberId, clearing }: Party, amount: bigint, code: string, stake: StakeLeg[]): Leg[] {
  const bonusCode = memberBonus(memberId);
  const total = stake.reduce((s, l) => s + l.amount, 0n);
  const fromBonus = stake.filter((l) => l.debit === bonusCode).reduce((s, l) => s + l.amount, 0n);
  const toBonus = total > 0n && fromBonus > 0n ? (amount * fromBonus + total - 1n) / total : 0n;
  const toMain = amount - toBonus;
  const out: Leg[] = [];
  if (toMain > 0n) out.push({ debit: clearing, credit: memberMain(memberId), amount: toMain, code });
  if (toBonus > 0n) out.push({ debit: clearing, credit: bonusCode, amount: toBonus, code });
  return out;
}

export function createFunding(ledger: Pick<LedgerModule, 'balances' | 'legsOf' | 'legsOfMany' | 'post' | 'postMany'>) {
  let policy: BonusStakePolicy | undefined;

  async function balances(merchant: Merchant, memberId: bigint, trx?: AnyDb) {
    const main = memberMain(memberId);
    const bonus = memberBonus(memberId);
    const b = await ledger.balances(merchant.id, [main, bonus], trx);
    return { main: b[main]!.available, bonus: b[bonus]!.available };
  }

  return {
    /** One journal of `legs` for the party (in the wallet call's transaction). */
    post: (
      who: Party,
      j: { scope: string; key: string; kind: string; ref: PostRequest['ref'] },
      legs: Leg[],
      trx: AnyDb,
    ) =>
      ledger.post(
        { merchantId: who.merchant.id, currency: who.merchant.currency, memberId: who.memberId, ...j, legs },
        trx,
      ),

    setPolicy(p: BonusStakePolicy): void {
      policy = p;
    },

    /** What a vendor is told the player can stake: main + bonus. */
    async available(merchant: Merchant, memberId: bigint, trx?: AnyDb): Promise<bigint> {
      const b = await balances(merchant, memberId, trx);
      return b.main + b.bonus;
    },

    /**
     * The legs of a stake of `amount` (> 0) into `clearing`: main first, then bonus; 'BET_LIMIT' when bonus money
     * is needed... or held, and the stake is above the bonus's maximum stake. Undefined legs: not enough money
     * (the ledger would refuse; the caller answers INSUFFICIENT_FUNDS).
     */
    async stakeLegs(
      { merchant, memberId, clearing }: Party,
      amount: bigint,
      trx: AnyDb,
    ): Promise<Leg[] | 'BET_LIMIT' | 'INSUFFICIENT_FUNDS'> {
      const b = await balances(merchant, memberId, trx);
      if (b.bonus > 0n && policy) {
        const max = await policy.maxStake(merchant.id, memberId, trx);
        if (max !== undefined && amount > max) return 'BET_LIMIT';
      }
      const fromMain = amount < b.main ? amount : b.main > 0n ? b.main : 0n;
      const fromBonus = amount - fromMain;
      if (fromBonus > b.bonus) return 'INSUFFICIENT_FUNDS';
      const legs: Leg[] = [];
      if (fromMain > 0n) legs.push({ debit: memberMain(memberId), credit: clearing, amount: fromMain, code: 'bet' });
      if (fromBonus > 0n) legs.push({ debit: memberBonus(memberId), credit: clearing, amount: fromBonus, code: 'bet' });
      return legs;
    },

    /**
     * The legs returning `amount` (> 0) from `clearing` for the stake posted under (scope, stakeKey), in the
     * stake's proportion of bonus money (no stake journal found: all to main).
     */
    async returnLegs(
      who: Party,
      amount: bigint,
      code: string,
      stake: { scope: string; key: string },
      trx: AnyDb,
    ): Promise<Leg[]> {
      return legsBack(who, amount, code, await ledger.legsOf(who.merchant.id, stake.scope, stake.key, trx));
    },

    /** returnLegs() for many parties of one merchant and scope in one read (`stakeKey`: each one's stake key). */
    async returnLegsMany(
      merchant: Merchant,
      scope: string,
      items: { who: Party; amount: bigint; stakeKey: string }[],
      code: string,
      trx: AnyDb,
    ): Promise<Leg[][]> {
      const stakes = await ledger.legsOfMany(
        merchant.id,
        scope,
        items.map((i) => i.stakeKey),
        trx,
      );
      return items.map((i) => legsBack(i.who, i.amount, code, stakes.get(i.stakeKey) ?? []));
    },

    /** post() for many journals in one call of the ledger (postMany), in the caller's transaction. */
    postMany: (
      items: { who: Party; j: { scope: string; key: string; kind: string; ref: PostRequest['ref'] }; legs: Leg[] }[],
      trx: AnyDb,
    ) =>
      ledger.postMany(
        items.map(({ who, j, legs }) => ({
          merchantId: who.merchant.id,
          currency: who.merchant.currency,
          memberId: who.memberId,
          ...j,
          legs,
        })),
        trx,
      ),

    /** available() of many members in one read. */
    async availableMany(merchant: Merchant, memberIds: bigint[], trx?: AnyDb): Promise<Map<bigint, bigint>> {
      const codes = memberIds.flatMap((id) => [memberMain(id), memberBonus(id)]);
      const b = await ledger.balances(merchant.id, codes, trx);
      return new Map(memberIds.map((id) => [id, b[memberMain(id)]!.available + b[memberBonus(id)]!.available]));
    },
  };
}

export type Funding = ReturnType<typeof createFunding>;
