import { AppError } from '../../lib/errors.ts';
import { type ContractType, exceedsUpline, type Tier, validateTiers } from './contract-rules.ts';

/**
 * Who may do what with a contract (spec §4, §6): only agents offer, and only to their direct downline; only
 * the offered agent accepts or rejects; either party terminates. A contract that is not the caller's is
 * answered as not found, so a stranger learns nothing about it.
 */

export interface Actor {
  memberId: bigint;
  isAgent: boolean;
}

export function assertMayOffer(actor: Actor): void {
  if (!actor.isAgent) throw new AppError('forbidden', 'Only agents can offer contracts.');
}

/** The target of an offer must exist, be active and have the offerer as its direct upline. */
export function assertDirectDownline(
  actor: Actor,
  target: { id: bigint; upline_id: bigint | null; status: string } | undefined,
): asserts target is { id: bigint; upline_id: bigint | null; status: string } {
  if (!target || target.upline_id !== actor.memberId || target.id === actor.memberId)
    throw new AppError('contract_not_direct_downline');
  if (target.status !== 'active') throw new AppError('forbidden', 'This account is disabled.');
}

/** Accept and reject are the offered agent's. */
export function assertOfferedTo<T extends { agent_id: bigint }>(
  actor: Actor,
  contract: T | undefined,
): asserts contract is T {
  if (!contract || contract.agent_id !== actor.memberId) throw new AppError('contract_not_found');
}

/** Terminate is either party's. */
export function assertParty<T extends { agent_id: bigint; upline_id: bigint | null }>(
  actor: Actor,
  contract: T | undefined,
): asserts contract is T {
  if (!contract || (contract.agent_id !== actor.memberId && contract.upline_id !== actor.memberId))
    throw new AppError('contract_not_found');
}

export function assertTiersValid(type: ContractType, tiers: Tier[]): void {
  const problem = validateTiers(type, tiers);
  if (problem) throw new AppError('contract_tiers_invalid', undefined, problem);
}

/**
 * A downline contract needs the offerer's own active contract of that type and may not pay more than it
 * (domain-rules §8.2). The house (no upline contract to respect) offers top-level agents without a cap.
 */
export function assertWithinUpline(tiers: Tier[], uplineContract: { tiers: Tier[] } | undefined): void {
  if (!uplineContract) throw new AppError('contract_upline_required');
  const tier = exceedsUpline(tiers, uplineContract.tiers);
  if (tier !== null) throw new AppError('contract_rate_exceeds_upline', undefined, { tier });
}
