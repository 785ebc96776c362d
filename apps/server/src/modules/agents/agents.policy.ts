import type { AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Who may read and act on what in the agent centre (spec §6, security notes §2.8 IDOR): only agents; an agent only
 * on its own team — every target is looked up by a query bounded to (merchant, ancestor = the agent) in the
 * closure table, so another team's member, an upline, a sibling or another merchant's member is simply not found
 * and gets the same answer as an id that does not exist (404 not_in_team): a refusal tells nothing about it.
 */

export interface AgentActor {
  merchant: Merchant;
  agentId: bigint;
}

/** The agent centre is for agent accounts (by the merchant's agent types); real sessions only (route kit). */
export function agentActor(merchant: Merchant, member: Pick<AuthenticatedMember, 'memberId' | 'type'>): AgentActor {
  if (!merchant.agentTypes.includes(member.type)) throw new AppError('agent_required');
  return { merchant, agentId: member.memberId };
}

/** A target found by the team-bounded lookup, or refused (also the agent itself where a downline is meant). */
export function inOwnTeam<T extends { id: bigint }>(actor: AgentActor, target: T | undefined): T {
  if (!target || target.id === actor.agentId) throw new AppError('not_in_team');
  return target;
}

/** Rebate points are granted by the direct upline only. */
export function assertDirectDownline(target: { depth: number }): void {
  if (target.depth !== 1)
    throw new AppError('forbidden', "Only a member's direct upline can change its rebate point.", {
      reason: 'not_direct_downline',
    });
}

/** The account kind an agent may register or invite: a member or an agent of the merchant's first agent type. */
export function typeOfKind(merchant: Merchant, kind: 'member' | 'agent'): number {
  if (kind === 'member') return 0;
  const type = merchant.agentTypes[0];
  if (type === undefined) throw new AppError('function_not_enabled');
  return type;
}

/** An id from a path (digits) as a bigint; anything else is simply "not in your team". */
export function memberIdOf(text: string): bigint {
  if (!/^\d{1,18}$/.test(text)) throw new AppError('not_in_team');
  return BigInt(text);
}
