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
import { type LedgerModule, memberMain, memberVendor, systemAccount } from '../ledger/index.ts';
import { isAgentType, type MemberNode, type MembersModule } from '../members/index.ts';
import {
  type Actor,
  assertInOwnDownline,
  assertMayReachDownline,
  assertReceiverActive,
  assertVendorAccepts,
  requireUpline,
  transferRoute,
} from './wallet.policy.ts';
import type { GamesModule, VendorRow } from '../games/index.ts';

type Member = Pick<AuthenticatedMember, 'memberId' | 'type'>;

/** Idempotency scopes: the client's requestId, scoped by the sending member, is the key within them. */
export const WALLET_TRANSFER_SCOPE = 'wallet_transfer';
export const HIERARCHY_TRANSFER_SCOPE = 'hierarchy_transfer';
/** A transfer vendor's results booked into the sub-wallet, keyed by the vendor's balance version. */
export const VENDOR_SYNC_SCOPE = 'vendor_sync';

const amountOf = (text: string, merchant: Merchant) => amountFromText(text, merchant.currencyExponent);

const actorOf = (merchant: Merchant, member: Member): Actor => ({
  memberId: member.memberId,
  isAgent: isAgentType(merchant, member.type),
});
const transferVendors = (vendors: VendorRow[]) => vendors.filter((v) => v.wallet_mode === 'transfer');

export function createWalletService(deps: {
  vendors: Pick<GamesModule, 'listVendors' | 'findVendor' | 'transferApiOf'>;
  members: Pick<MembersModule, 'uplineIdOf' | 'findNode' | 'findInDownline' | 'listDownlines'>;
  ledger: Pick<LedgerModule, 'moveOrThrow' | 'balances' | 'memberAccounts'>;
}) {
  const { vendors: repo, ledger, members } = deps;

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
   * Books what the member won or lost at a transfer vendor since the last sync: the sub-wallet is brought to the
   * vendor's balance against the provider clearing account (a win or a bet in the history). Keyed by the vendor's
   * balance version, so one state of the vendor is booked once however many syncs see it.
   */
  async function syncVendor(merchant: Merchant, memberId: bigint, vendor: VendorRow): Promise<void> {
    const api = repo.transferApiOf(vendor);
    if (!api) return;
    const sub = memberVendor(memberId, vendor.code);
    const [{ balance: atVendor, version }, books] = await Promise.all([
      api.balance(merchant, vendor, String(memberId)),
      ledger.balances(merchant.id, [sub]),
    ]);
    const diff = atVendor - books[sub]!.balance;
    if (diff === 0n) return;
    const clearing = systemAccount('provider_clearing', memberId);
    await ledger.moveOrThrow({
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
    });
  }

  /**
   * Main ↔ sub-wallet, one ledger post keyed by the member's request id; for a vendor with a wallet API the money
   * also moves at the vendor, under the same id: after our post going in (a retry re-sends the deposit), before
   * it coming out (results synced first; the vendor refuses more than the member holds there).
   */
  async function moveFunds(
    merchant: Merchant,
    memberId: bigint,
    vendor: VendorRow,
    direction: 'to_vendor' | 'from_vendor',
    amount: bigint,
    requestId: string,
  ) {
    const api = repo.transferApiOf(vendor);
    const transferId = `${memberId}:${requestId}`;
    if (api && direction === 'from_vendor') {
      await syncVendor(merchant, memberId, vendor);
      if (!(await api.withdraw(merchant, vendor, String(memberId), transferId, amount)))
        throw new AppError('insufficient_funds', 'The game wallet holds less than that.');
    }
    const main = memberMain(memberId);
    const sub = memberVendor(memberId, vendor.code);
    const r = await ledger.moveOrThrow({
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
    });
    if (api && direction === 'to_vendor') {
      try {
        await api.deposit(merchant, vendor, String(memberId), transferId, amount);
      } catch {
        throw new AppError(
          'service_unavailable',
          'The game vendor did not confirm the transfer. Retry with the same request.',
        );
      }
    }
    return { r, main, sub };
  }

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
      await Promise.all(vendors.map((v) => syncVendor(merchant, member.memberId, v).catch(() => undefined)));
      const main = memberMain(member.memberId);
      const b = await ledger.balances(merchant.id, [
        main,
        ...vendors.map((v) => memberVendor(member.memberId, v.code)),
      ]);
      return {
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        main: { balance: String(b[main]!.balance), available: String(b[main]!.available) },
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

    /** Main ↔ a transfer vendor's sub-wallet: one ledger post keyed by the member's requestId. */
    async transfer(
      merchant: Merchant,
      member: Member,
      req: { from: string; to: string; amount: string; requestId: string },
    ): Promise<WalletTransferResult> {
      const route = transferRoute(req.from, req.to);
      const amount = amountOf(req.amount, merchant);
      const vendor = await repo.findVendor(merchant.id, route.vendorCode);
      assertVendorAccepts(route, vendor);
      const from = route.direction === 'to_vendor' ? 'MAIN' : route.vendorCode;
      const to = route.direction === 'to_vendor' ? route.vendorCode : 'MAIN';
      const { r, main, sub } = await moveFunds(
        merchant,
        member.memberId,
        vendor!,
        route.direction,
        amount,
        req.requestId,
      );
      return {
        requestId: req.requestId,
        from,
        to,
        amount: String(amount),
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        replay: r.replay,
        mainBalance: String(r.balances[main]?.balance ?? 0n),
        vendorCode: route.vendorCode,
        vendorBalance: String(r.balances[sub]?.balance ?? 0n),
      };
    },

    /**
     * Before a transfer vendor's game opens: the member's whole available main balance goes to the vendor
     * (idempotent per launch; nothing to move, nothing done).
     */
    async fundVendor(merchant: Merchant, memberId: bigint, vendor: VendorRow, launchId: string): Promise<void> {
      const main = memberMain(memberId);
      const available = (await ledger.balances(merchant.id, [main]))[main]!.available;
      if (available > 0n) await moveFunds(merchant, memberId, vendor, 'to_vendor', available, launchId);
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
