import type { AnyDb } from '../../db/schema.ts';
import type { RgGuard } from '../responsible-gaming/index.ts';
import {
  type ConsolidatedFunds,
  type DownlineList,
  type HierarchyTransferResult,
  type MerchantWallet,
  type WalletBalance,
  type WalletTransferResult,
} from '@sea/contracts';
import type { AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { amountFromText } from '../../lib/money.ts';
import { type LedgerModule, memberBonus, memberMain, memberVendor } from '../ledger/index.ts';
import { isAgentType, type MemberNode, type MembersModule } from '../members/index.ts';
import {
  type Actor,
  assertInOwnDownline,
  assertMayReachDownline,
  assertReceiverActive,
  assertVendorAccepts,
  assertVendorPlayable,
  requireUpline,
  transferRoute,
} from './wallet.policy.ts';
import type { GamesModule, VendorRow } from '../games/index.ts';
import { type VendorTransfers, WALLET_TRANSFER_SCOPE } from './wallet.vendor-transfers.ts';

type Member = Pick<AuthenticatedMember, 'memberId' | 'type'>;

/** Idempotency scope of hierarchy transfers: the client's requestId, scoped by the sending member, is the key. */
export const HIERARCHY_TRANSFER_SCOPE = 'hierarchy_transfer';

const amountOf = (text: string, merchant: Merchant) => amountFromText(text, merchant.currencyExponent);

const actorOf = (merchant: Merchant, member: Member): Actor => ({
  memberId: member.memberId,
  isAgent: isAgentType(merchant, member.type),
});
const transferVendors = (vendors: VendorRow[]) => vendors.filter((v) => v.wallet_mode === 'transfer');

export function createWalletService(deps: {
  vendors: Pick<GamesModule, 'listVendors' | 'findVendor' | 'transferApiOf' | 'hasLaunchableGame'>;
  members: Pick<MembersModule, 'uplineIdOf' | 'findNode' | 'findInDownline' | 'listDownlines'>;
  ledger: Pick<LedgerModule, 'move' | 'moveOrThrow' | 'balances' | 'memberAccounts'>;
  transfers: VendorTransfers;
  db: AnyDb;
  /** Responsible gaming: money into a vendor's wallet passes the stake check (in the post's transaction). */
  rg: Pick<RgGuard, 'assertStake'>;
}) {
  const { vendors: repo, ledger, members, transfers } = deps;

  async function hierarchyPost(
    merchant: Merchant,
    from: { id: bigint; account: string },
    to: MemberNode,
    kind: 'transfer_upline' | 'transfer_downline',
    amount: bigint,
    requestId: string,
  ): Promise<HierarchyTransferResult> {
    const r = await ledger.moveOrThrow({
      merchant,
      scope: HIERARCHY_TRANSFER_SCOPE,
      key: `${from.id}:${requestId}`,
      kind,
      memberId: from.id,
      // Both ends, so the receiver finds the transfer in its own history too.
      ref: {
        fromMemberId: String(from.id),
        toMemberId: String(to.id),
        fromAccount: from.account,
        toAccount: to.account,
      },
      from: memberMain(from.id),
      to: memberMain(to.id),
      amount,
    });
    return {
      requestId,
      toAccount: to.account,
      amount: String(amount),
      currency: merchant.currency,
      exponent: merchant.currencyExponent,
      replay: r.replay,
      balance: String(r.balances[memberMain(from.id)]?.balance ?? 0n),
    };
  }

  /**
   * Main ↔ sub-wallet under the transfer id `<member>:<requestId>` (a retry of the request is the same transfer).
   * A vendor without a wallet API: one ledger post. With one: a vendor transfer (wallet.vendor-transfers.ts) —
   * going out, the vendor's results are synced first (refused while a transfer there is unsettled); an answer-less
   * vendor leaves it pending (service_unavailable: it completes by itself), a refusal is final.
   */
  async function moveFunds(
    merchant: Merchant,
    memberId: bigint,
    vendor: VendorRow,
    direction: 'to_vendor' | 'from_vendor',
    amount: bigint,
    requestId: string,
  ): Promise<{ replay: boolean; main: bigint; sub: bigint }> {
    const main = memberMain(memberId);
    const sub = memberVendor(memberId, vendor.code);
    const transferId = `${memberId}:${requestId}`;
    if (!repo.transferApiOf(vendor)) {
      const post = (trx?: AnyDb) =>
        ledger.move(
          {
            merchant,
            scope: WALLET_TRANSFER_SCOPE,
            key: transferId,
            kind: 'wallet_transfer',
            memberId,
            ref: {
              from: direction === 'to_vendor' ? 'MAIN' : vendor.code,
              to: direction === 'to_vendor' ? vendor.code : 'MAIN',
              vendorCode: vendor.code,
            },
            from: direction === 'to_vendor' ? main : sub,
            to: direction === 'to_vendor' ? sub : main,
            amount,
          },
          trx,
        );
      // Into the vendor's wallet: the stake check and the post in one transaction (its lock orders the member's stakes).
      // A refusal of the ledger commits (it is final for its key, like every post), hence thrown after the commit.
      const r =
        direction === 'to_vendor'
          ? await deps.db.transaction().execute(async (trx) => {
              await deps.rg.assertStake(trx, merchant, memberId, amount);
              return post(trx);
            })
          : await post();
      if (!r.ok) throw new AppError(r.error === 'insufficient_funds' ? 'insufficient_funds' : 'state_invalid');
      // The balances this post left (a replay: the first post's), not a later read that other transfers moved.
      return { replay: r.replay, main: r.balances[main]!.balance, sub: r.balances[sub]!.balance };
    }
    if (direction === 'from_vendor' && !(await transfers.sync(merchant, memberId, vendor)))
      throw new AppError('service_unavailable', 'The game vendor is not answering. Please try again shortly.');
    const { row, created } = await transfers.start(merchant, memberId, vendor, direction, amount, transferId);
    if (row.state === 'pending')
      throw new AppError(
        'service_unavailable',
        'The game vendor has not confirmed the transfer yet. It completes by itself; nothing is lost.',
      );
    if (row.state === 'refused')
      throw direction === 'to_vendor'
        ? new AppError('vendor_transfer_refused')
        : new AppError('insufficient_funds', 'The game wallet holds less than that.');
    const left = await transfers.balancesLeft(merchant, row);
    return { replay: !created, main: left[main]!.balance, sub: left[sub]!.balance };
  }

  /** Books a transfer vendor's results (pending transfers settled first; nothing booked while one stays open). */
  const syncVendor = (merchant: Merchant, memberId: bigint, vendor: VendorRow) =>
    transfers.sync(merchant, memberId, vendor);

  async function self(merchant: Merchant, member: Member): Promise<MemberNode> {
    const me = await members.findNode(merchant.id, member.memberId);
    if (!me) throw new AppError('unauthorized');
    return me;
  }

  return {
    /** Main wallet + one sub-wallet per transfer vendor (active ones, and closed ones that still hold money). */
    async balance(merchant: Merchant, member: Member): Promise<WalletBalance> {
      const vendors = transferVendors(await repo.listVendors(merchant.id));
      // Results at vendors with a wallet API are booked first (a vendor that does not answer shows its last sync).
      await Promise.all(vendors.map((v) => syncVendor(merchant, member.memberId, v).catch(() => false)));
      const main = memberMain(member.memberId);
      const bonus = memberBonus(member.memberId);
      const b = await ledger.balances(merchant.id, [
        main,
        bonus,
        ...vendors.map((v) => memberVendor(member.memberId, v.code)),
      ]);
      return {
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        main: { balance: String(b[main]!.balance), available: String(b[main]!.available) },
        bonus: String(b[bonus]!.available),
        vendors: vendors
          .map((v) => ({
            vendorCode: v.code,
            vendorName: v.name,
            balance: b[memberVendor(member.memberId, v.code)]!.balance,
            active: v.status === 'active',
          }))
          .filter((v) => v.active || v.balance !== 0n)
          .map((v) => ({ vendorCode: v.vendorCode, vendorName: v.vendorName, balance: String(v.balance) })),
      };
    },

    /** Everything the member holds (every account of theirs) and what is held for pending withdrawals. */
    async consolidated(merchant: Merchant, member: Member): Promise<ConsolidatedFunds> {
      const accounts = await ledger.memberAccounts(merchant.id, member.memberId);
      const mainCode = memberMain(member.memberId);
      let total = 0n;
      let held = 0n;
      for (const a of accounts) {
        total += a.balance;
        held += a.balance - a.available;
      }
      const main = accounts.find((a) => a.code === mainCode);
      return {
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        total: String(total),
        main: String(main?.balance ?? 0n),
        subWallets: String(total - (main?.balance ?? 0n)),
        held: String(held),
        available: String(main?.available ?? 0n),
      };
    },

    async merchantWallet(merchant: Merchant, merchantCode: string | undefined): Promise<MerchantWallet> {
      if (merchantCode && merchantCode.toLowerCase() !== merchant.code.toLowerCase())
        throw new AppError('forbidden', 'That is not this site’s merchant.');
      const vendors = transferVendors(await repo.listVendors(merchant.id)).filter((v) => v.status === 'active');
      return {
        merchantCode: merchant.code,
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        singleWallet: vendors.length === 0,
        transferVendors: vendors.map((v) => ({ vendorCode: v.code, vendorName: v.name })),
      };
    },

    /**
     * Main ↔ a transfer vendor's sub-wallet: one ledger post keyed by the member's requestId. The answer's balances
     * are the ones this transfer left, from the ledger's result (under concurrent transfers a read afterwards would
     * show the others' too).
     */
    async transfer(
      merchant: Merchant,
      member: Member,
      req: { from: string; to: string; amount: string; requestId: string },
    ): Promise<WalletTransferResult> {
      const route = transferRoute(req.from, req.to);
      const amount = amountOf(req.amount, merchant);
      const vendor = await repo.findVendor(merchant.id, route.vendorCode);
      assertVendorAccepts(route, vendor);
      if (route.direction === 'to_vendor') assertVendorPlayable(await repo.hasLaunchableGame(merchant.id, vendor!));
      const from = route.direction === 'to_vendor' ? 'MAIN' : route.vendorCode;
      const to = route.direction === 'to_vendor' ? route.vendorCode : 'MAIN';
      const left = await moveFunds(merchant, member.memberId, vendor!, route.direction, amount, req.requestId);
      return {
        requestId: req.requestId,
        from,
        to,
        amount: String(amount),
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        replay: left.replay,
        mainBalance: String(left.main),
        vendorCode: route.vendorCode,
        vendorBalance: String(left.sub),
      };
    },

    /**
     * Before a transfer vendor's game opens (idempotent per launch): the amount the player asked to bring, else
     * what the vendor's launch_funding says — the whole available main balance ('all') or nothing ('none').
     */
    async fundVendor(
      merchant: Merchant,
      memberId: bigint,
      vendor: VendorRow,
      launchId: string,
      requested?: bigint,
    ): Promise<void> {
      let amount = requested;
      if (amount === undefined) {
        if (vendor.launch_funding !== 'all') return;
        const main = memberMain(memberId);
        amount = (await ledger.balances(merchant.id, [main]))[main]!.available;
      }
      if (amount > 0n) await moveFunds(merchant, memberId, vendor, 'to_vendor', amount, launchId);
    },

    async upline(merchant: Merchant, member: Member): Promise<{ uplineAccount: string | null }> {
      const uplineId = await members.uplineIdOf(merchant.id, member.memberId);
      if (uplineId === null) return { uplineAccount: null };
      const upline = await members.findNode(merchant.id, uplineId);
      return { uplineAccount: upline?.account ?? null };
    },

    /** A member or agent → its direct upline. */
    async transferToUpline(
      merchant: Merchant,
      member: Member,
      req: { amount: string; requestId: string },
    ): Promise<HierarchyTransferResult> {
      const amount = amountOf(req.amount, merchant);
      const uplineId = requireUpline(await members.uplineIdOf(merchant.id, member.memberId));
      const upline = await members.findNode(merchant.id, uplineId);
      if (!upline) throw new AppError('not_in_hierarchy', 'Your account has no upline to transfer to.');
      assertReceiverActive(upline);
      return hierarchyPost(merchant, await self(merchant, member), upline, 'transfer_upline', amount, req.requestId);
    },

    /** An agent → any member of its own downline tree. */
    async transferToDownline(
      merchant: Merchant,
      member: Member,
      req: { downlineAccount: string; amount: string; requestId: string },
    ): Promise<HierarchyTransferResult> {
      const actor = actorOf(merchant, member);
      assertMayReachDownline(actor);
      const amount = amountOf(req.amount, merchant);
      const target = await members.findInDownline(merchant.id, actor.memberId, req.downlineAccount);
      assertInOwnDownline(actor, target);
      assertReceiverActive(target);
      return hierarchyPost(merchant, await self(merchant, member), target, 'transfer_downline', amount, req.requestId);
    },

    async downlines(
      merchant: Merchant,
      member: Member,
      q: { search?: string; pageNo: number; pageSize: number },
    ): Promise<DownlineList> {
      const actor = actorOf(merchant, member);
      assertMayReachDownline(actor);
      const { rows, total } = await members.listDownlines(merchant.id, actor.memberId, {
        search: q.search || undefined,
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return {
        list: rows.map((r) => ({
          account: r.account,
          nickname: r.nickname,
          level: Number(r.depth),
          isAgent: isAgentType(merchant, r.type),
        })),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
