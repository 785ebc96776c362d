import { MAIN_WALLET } from '@sea/contracts';
import { AppError } from '../../lib/errors.ts';
import type { WalletMode } from '../games/index.ts';

/**
 * Who may move money where (spec §6): a member or agent → its direct upline; an agent → any member of its own
 * downline tree; main wallet ↔ a transfer-wallet vendor's sub-wallet. The service asks these before it reads
 * anything about the other account, so a refused request learns nothing about it.
 */

export interface Actor {
  memberId: bigint;
  isAgent: boolean;
}

/** Downline transfers and the downline picker are for agents only. */
export function assertMayReachDownline(actor: Actor): void {
  if (!actor.isAgent) throw new AppError('forbidden', 'Only agents can transfer to a downline.');
}

/** The target of a downline transfer, as found by the query bounded to the actor's own tree (undefined: not in it). */
export function assertInOwnDownline<T extends { id: bigint }>(
  actor: Actor,
  target: T | undefined,
): asserts target is T {
  if (!target || target.id === actor.memberId) throw new AppError('not_in_hierarchy');
}

/** A transfer to the upline goes to the actor's own direct upline, which it must have. */
export function requireUpline(uplineId: bigint | null): bigint {
  if (uplineId === null) throw new AppError('not_in_hierarchy', 'Your account has no upline to transfer to.');
  return uplineId;
}

/** Money never reaches a disabled account. */
export function assertReceiverActive(receiver: { status: string }): void {
  if (receiver.status !== 'active') throw new AppError('forbidden', 'The receiving account is disabled.');
}

export type TransferRoute = { direction: 'to_vendor' | 'from_vendor'; vendorCode: string };

/**
 * A wallet transfer is main → vendor or vendor → main, normalised ('main' and vendor codes are case-insensitive).
 * Refuses the same wallet on both sides and vendor ↔ vendor before any vendor is looked up.
 */
export function transferRoute(from: string, to: string): TransferRoute {
  const f = from.trim().toUpperCase();
  const t = to.trim().toUpperCase();
  if (f === t) throw new AppError('transfer_not_supported', 'Choose two different wallets.', { reason: 'same_wallet' });
  if (f !== MAIN_WALLET && t !== MAIN_WALLET) {
    throw new AppError(
      'transfer_not_supported',
      'Move money through the main wallet: game wallet to game wallet is not possible.',
      { reason: 'vendor_to_vendor' },
    );
  }
  const vendorCode = f === MAIN_WALLET ? t : f;
  if (!/^[A-Z0-9_]{2,20}$/.test(vendorCode)) throw new AppError('not_found', 'Unknown game wallet.');
  return { direction: f === MAIN_WALLET ? 'to_vendor' : 'from_vendor', vendorCode };
}

/** Only transfer-mode vendors have sub-wallets; money may always leave a disabled vendor, never enter it. */
/** Money goes into a vendor wallet only when the vendor has something to play (out of it, always). */
export function assertVendorPlayable(launchable: boolean): void {
  if (!launchable)
    throw new AppError(
      'transfer_not_supported',
      'No game of this wallet can be played: you can only move money out of it.',
      {
        reason: 'no_games',
      },
    );
}

export function assertVendorAccepts(
  route: TransferRoute,
  vendor: { wallet_mode: WalletMode; status: string } | undefined,
): void {
  if (!vendor) throw new AppError('not_found', 'Unknown game wallet.');
  if (vendor.wallet_mode !== 'transfer') {
    throw new AppError(
      'transfer_not_supported',
      'This game plays from the main wallet: there is nothing to transfer.',
      { reason: 'seamless_vendor' },
    );
  }
  if (vendor.status !== 'active' && route.direction === 'to_vendor') {
    throw new AppError('transfer_not_supported', 'This game wallet is closed: you can only move money out of it.', {
      reason: 'vendor_disabled',
    });
  }
}
