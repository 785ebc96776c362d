import type { AnyDb } from '../../db/schema.ts';
import { tablesOf } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { GamesModule, VendorRow } from '../games/index.ts';
import { type LedgerModule, memberMain, memberVendor, systemAccount } from '../ledger/index.ts';
import type { RgGuard } from '../responsible-gaming/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { createWalletRepository, type VendorTransferRow } from './wallet.repository.ts';
import type { VendorTransferDirection, VendorTransferState, WalletTables } from './wallet.tables.ts';

/** Main ↔ sub-wallet transfers: the client's requestId, scoped by the member, is the key (the transfer id). */
export const WALLET_TRANSFER_SCOPE = 'wallet_transfer';
/** A transfer vendor's results booked into the sub-wallet, keyed by the vendor's balance version. */
export const VENDOR_SYNC_SCOPE = 'vendor_sync';
/** A deposit the vendor refused, given back to the main wallet (keyed by its transfer id). */
export const VENDOR_COMPENSATION_SCOPE = 'vendor_transfer_compensation';
/** The wallet job re-sends a pending transfer not tried for this long. */
export const PENDING_RETRY_SECONDS = 30;

type Ledger = Pick<LedgerModule, 'move' | 'moveOrThrow' | 'settleHold' | 'balances' | 'balancesLeft'>;
type Vendors = Pick<GamesModule, 'findVendor' | 'transferApiOf'>;

/**
 * Money between a member's main wallet and a transfer-mode vendor, safe against timeouts, refusals and crashes.
 * Every transfer is a wallet_vendor_transfers row whose transfer id is what the vendor receives (it applies an
 * id once and answers a repeat the same):
 *   to_vendor    the row (pending) and the ledger move main → sub in one transaction, then the deposit call;
 *                applied → confirmed, refused → compensated (sub → main, own key) and refused, no answer → pending
 *   from_vendor  the row (pending) and a hold sub → main in one transaction (the sub-wallet must cover it, so
 *                the hold's posting can never fail), then the withdrawal call; applied → the hold posted and
 *                confirmed in one transaction, refused → the hold voided and refused, no answer → pending
 * Each settlement happens once: the row leaves 'pending' in the transaction that posts, and every post is keyed.
 * A pending row is re-sent with the same transfer id before any sync books the vendor's balance (a sync never
 * runs past an unsettled transfer: that is how a transfer in flight was once booked as a loss) and by the job.
 */
export function createVendorTransfers(deps: {
  db: AnyDb;
  ledger: Ledger;
  vendors: Vendors;
  merchants: Pick<MerchantsModule, 'findById'>;
  /** Responsible gaming: a transfer-in is refused on a break or a used-up loss / wager limit (in its transaction). */
  rg: Pick<RgGuard, 'assertStake'>;
  clock: () => Date;
}) {
  const { ledger, vendors, clock } = deps;
  const repo = createWalletRepository(tablesOf<WalletTables>(deps.db));
  const repoOn = (trx: AnyDb) => createWalletRepository(tablesOf<WalletTables>(trx));

  const journal = (merchant: Merchant, row: VendorTransferRow) => {
    const toVendor = row.direction === 'to_vendor';
    return {
      merchant,
      scope: WALLET_TRANSFER_SCOPE,
      key: row.transfer_id,
      kind: 'wallet_transfer',
      memberId: row.member_id,
      ref: {
        from: toVendor ? 'MAIN' : row.vendor_code,
        to: toVendor ? row.vendor_code : 'MAIN',
        vendorCode: row.vendor_code,
      },
    };
  };

  /** The ledger side of a transfer at its start: main → sub (to_vendor), or a hold sub → main (from_vendor). */
  const movement = (merchant: Merchant, row: VendorTransferRow) => {
    const main = memberMain(row.member_id);
    const sub = memberVendor(row.member_id, row.vendor_code);
    const toVendor = row.direction === 'to_vendor';
    return {
      ...journal(merchant, row),
      from: toVendor ? main : sub,
      to: toVendor ? sub : main,
      amount: row.amount,
      pending: !toVendor,
    };
  };

  /**
   * Sends a pending transfer to the vendor (again: same transfer id) and settles it by the answer. Returns the
   * state it is in afterwards ('pending': no final answer, or no wallet API to ask).
   */
  async function attempt(merchant: Merchant, vendor: VendorRow, row: VendorTransferRow): Promise<VendorTransferState> {
    if (row.state !== 'pending') return row.state;
    const api = vendors.transferApiOf(vendor);
    if (!api) {
      await repo.noteAttempt(row.id, clock(), 'the vendor has no wallet API');
      return 'pending';
    }
    let outcome: 'applied' | 'refused';
    try {
      const player = String(row.member_id);
      outcome =
        row.direction === 'to_vendor'
          ? await api.deposit(merchant, vendor, player, row.transfer_id, row.amount)
          : await api.withdraw(merchant, vendor, player, row.transfer_id, row.amount);
    } catch (err) {
      await repo.noteAttempt(row.id, clock(), err instanceof Error ? err.message : String(err));
      return 'pending';
    }
    const state = outcome === 'applied' ? 'confirmed' : 'refused';
    await repo.db.transaction().execute(async (trx) => {
      // Settled once: a concurrent resolver of the same row finds it settled and posts nothing.
      const settled = await repoOn(trx).settle(row.id, state, clock());
      if (!settled) return;
      if (row.direction === 'from_vendor') {
        const action = state === 'confirmed' ? 'post' : 'void';
        const r = await ledger.settleHold(
          { ...journal(merchant, row), key: `${row.transfer_id}:${action}`, holdId: settled.hold_id!, action },
          trx,
        );
        if (!r.ok) throw new AppError('state_invalid', `The transfer's hold could not be settled (${r.error}).`);
      } else if (state === 'refused') {
        await ledger.moveOrThrow(
          {
            ...journal(merchant, row),
            scope: VENDOR_COMPENSATION_SCOPE,
            ref: { from: row.vendor_code, to: 'MAIN', vendorCode: row.vendor_code, refusedTransfer: row.transfer_id },
            from: memberVendor(row.member_id, row.vendor_code),
            to: memberMain(row.member_id),
            amount: row.amount,
          },
          trx,
        );
      }
    });
    return (await repo.find(row.merchant_id, row.vendor_code, row.transfer_id))!.state;
  }

  /**
   * Books what the member won or lost at a transfer vendor since the last sync: the sub-wallet is brought to the
   * vendor's balance against the provider clearing account (a win or a bet in the history). Keyed by the
   * vendor's balance version, so one state of the vendor is booked once however many syncs see it. Pending
   * transfers are settled first; while one stays unsettled, a transfer starts while the vendor's balance is
   * read, or the vendor does not answer, nothing is booked (false: the books show the last sync).
   */
  async function sync(merchant: Merchant, memberId: bigint, vendor: VendorRow): Promise<boolean> {
    const api = vendors.transferApiOf(vendor);
    if (!api) return true;
    for (const row of await repo.pendingOf(merchant.id, memberId, vendor.code))
      if ((await attempt(merchant, vendor, row)) === 'pending') return false;
    const before = await repo.markOf(merchant.id, memberId, vendor.code);
    if (before.pending > 0n) return false;
    const read = await api.balance(merchant, vendor, String(memberId)).catch(() => undefined);
    if (!read) return false; // the vendor does not answer: the books show the last sync
    const { balance: atVendor, version } = read;
    return repo.db.transaction().execute(async (trx) => {
      const r = repoOn(trx);
      await r.lockPair(merchant.id, memberId, vendor.code);
      const now = await r.markOf(merchant.id, memberId, vendor.code);
      // A transfer started since: the vendor's balance we read may or may not include it — the next sync books.
      if (now.count !== before.count || now.pending > 0n) return false;
      const sub = memberVendor(memberId, vendor.code);
      const diff = atVendor - (await ledger.balances(merchant.id, [sub], trx))[sub]!.balance;
      if (diff === 0n) return true;
      const clearing = systemAccount('provider_clearing', memberId);
      await ledger.moveOrThrow(
        {
          merchant,
          scope: VENDOR_SYNC_SCOPE,
          key: `${memberId}:${vendor.code}:${version}`,
          kind: 'vendor_settlement',
          memberId,
          ref: { vendorCode: vendor.code, vendorVersion: String(version) },
          from: diff > 0n ? clearing : sub,
          to: diff > 0n ? sub : clearing,
          amount: diff > 0n ? diff : -diff,
          code: diff > 0n ? 'win' : 'bet',
        },
        trx,
      );
      return true;
    });
  }

  /**
   * Records a transfer (once per transfer id; the same id with other content is idempotency_conflict) — with its
   * ledger move main → sub in the same transaction when it goes to the vendor — and tries it at the vendor.
   */
  async function start(
    merchant: Merchant,
    memberId: bigint,
    vendor: VendorRow,
    direction: VendorTransferDirection,
    amount: bigint,
    transferId: string,
  ): Promise<{ row: VendorTransferRow; created: boolean }> {
    const { row, created } = await repo.db.transaction().execute(async (trx) => {
      const r = repoOn(trx);
      await r.lockPair(merchant.id, memberId, vendor.code);
      const rec = await r.insert({
        merchantId: merchant.id,
        memberId,
        vendorCode: vendor.code,
        transferId,
        direction,
        amount,
        at: clock(),
      });
      if (rec.row.member_id !== memberId || rec.row.direction !== direction || rec.row.amount !== amount)
        throw new AppError('idempotency_conflict');
      if (!rec.created) return rec;
      // Money sent to a vendor's wallet can be staked there at once: it counts as a stake for the limits.
      if (direction === 'to_vendor') await deps.rg.assertStake(trx, merchant, memberId, amount);
      const posted = await ledger.move(movement(merchant, rec.row), trx);
      if (!posted.ok && posted.error === 'insufficient_funds')
        throw new AppError(
          'insufficient_funds',
          direction === 'to_vendor' ? 'The main wallet holds less than that.' : 'The game wallet holds less than that.',
        );
      if (!posted.ok) throw new AppError('state_invalid');
      if (direction === 'from_vendor') await r.setHold(rec.row.id, posted.transferIds[0]!);
      return { row: { ...rec.row, hold_id: posted.transferIds[0] ?? null }, created: true };
    });
    if (!created && row.state !== 'pending') return { row, created };
    await attempt(merchant, vendor, row);
    return { row: (await repo.find(merchant.id, vendor.code, transferId))!, created };
  }

  /**
   * The balances a confirmed transfer left, from the ledger's stored result of its last step (main → sub going to
   * the vendor; the hold's posting coming back).
   */
  async function balancesLeft(merchant: Merchant, row: VendorTransferRow) {
    const key = row.direction === 'to_vendor' ? row.transfer_id : `${row.transfer_id}:post`;
    const left =
      row.state === 'confirmed' ? await ledger.balancesLeft(merchant.id, WALLET_TRANSFER_SCOPE, key) : undefined;
    if (!left) throw new AppError('state_invalid', 'The transfer has no ledger result to answer with.');
    return left;
  }

  /** The wallet job: re-sends pending transfers nobody tried for a while (no player visit needed). */
  async function retryPending(limit = 100): Promise<{ confirmed: number; refused: number; pending: number } | null> {
    const due = await repo.duePending(new Date(clock().getTime() - PENDING_RETRY_SECONDS * 1000), limit);
    if (due.length === 0) return null;
    const counts = { confirmed: 0, refused: 0, pending: 0 };
    for (const row of due) {
      const merchant = await deps.merchants.findById(row.merchant_id);
      const vendor = merchant && (await vendors.findVendor(merchant.id, row.vendor_code));
      if (!merchant || !vendor) {
        await repo.noteAttempt(row.id, clock(), 'merchant or vendor not found');
        counts.pending++;
        continue;
      }
      counts[await attempt(merchant, vendor, row)]++;
    }
    return counts;
  }

  return { start, sync, retryPending, balancesLeft };
}

export type VendorTransfers = ReturnType<typeof createVendorTransfers>;
