import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import type { AnyDb } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { HierarchyRepository } from './hierarchy.repository.ts';
import type { MemberSearchRepository } from './member-search.repository.ts';
import type { MembersRepository } from './members.repository.ts';
import type { MembersTables } from './members.tables.ts';
import { normalisePoint, pointTenths, pointText } from './rebate-point.ts';

/** At most this many live affiliate links per agent. */
export const MAX_AFFILIATE_LINKS = 50;

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const linkCode = () => `L${Array.from({ length: 9 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

/**
 * The hierarchy's writes beyond sign-up: rebate points (≤ the upline's, ≥ the member's own downlines'), agent
 * promotion, lock/unlock, affiliate links and what an invitation code resolves to. Who may ask for these is
 * the callers' policy (agents.policy.ts, the admin API); the bounds of the tree itself are checked here, under
 * row locks, so two concurrent changes can never leave a downline above its upline.
 */
export function createHierarchyService(deps: {
  db: Kysely<MembersTables>;
  repo: MembersRepository;
  tree: HierarchyRepository;
  search: MemberSearchRepository;
  clock: () => Date;
}) {
  const { tree } = deps;
  const refuse = (message: string) => new AppError('member_move_refused', message);

  /**
   * Sets a member's rebate point within [its direct downlines' highest, its upline's] (and ≤ `cap` when given:
   * the merchant's system maximum for a top-level member). Returns the stored value.
   */
  async function setRebatePoint(
    merchantId: bigint,
    memberId: bigint,
    point: string,
    opts: { cap?: string; executor?: AnyDb } = {},
  ): Promise<string> {
    const tenths = pointTenths(point);
    const write = async (trx: AnyDb) => {
      const member = await tree.lockMember(trx, merchantId, memberId, 'update');
      if (!member) throw new AppError('not_found');
      const upline =
        member.upline_id === null ? undefined : await tree.lockMember(trx, merchantId, member.upline_id, 'share');
      const max = upline ? pointTenths(upline.rebate_point) : opts.cap !== undefined ? pointTenths(opts.cap) : 999;
      const min = pointTenths(await tree.maxDirectRebate(trx, merchantId, memberId));
      if (tenths > max || tenths < min) {
        throw new AppError(
          'rebate_point_invalid',
          `The rebate point must be between ${pointText(min)} and ${pointText(Math.min(max, 999))}.`,
          { min: pointText(min), max: pointText(Math.min(max, 999)) },
        );
      }
      await tree.setRebate(trx, memberId, pointText(tenths));
      return pointText(tenths);
    };
    return opts.executor ? write(opts.executor) : deps.db.transaction().execute(write);
  }

  return {
    setRebatePoint,

    /** The bounds `setRebatePoint` would accept now (for the edit form). */
    async rebateRange(merchantId: bigint, memberId: bigint, uplinePoint: string) {
      return {
        min: normalisePoint(await tree.maxDirectRebate(undefined, merchantId, memberId)),
        max: normalisePoint(uplinePoint),
      };
    },

    /** An existing member becomes an agent of `type` (keeping or getting an invitation code). */
    async promote(
      merchant: Merchant,
      memberId: bigint,
      type: number,
      opts: { rebatePoint?: string; executor: AnyDb; cap?: string },
    ): Promise<void> {
      if (!merchant.agentTypes.includes(type)) throw new AppError('bad_request', 'Not an agent type of this site.');
      const member = await tree.lockMember(opts.executor, merchant.id, memberId, 'update');
      if (!member) throw new AppError('not_found');
      if (merchant.agentTypes.includes(member.type)) throw new AppError('conflict', 'This member is already an agent.');
      const code = member.affiliate_code ?? randomBytes(5).toString('hex').toUpperCase();
      await tree.setAgent(opts.executor, memberId, type, code);
      if (opts.rebatePoint !== undefined) {
        await setRebatePoint(merchant.id, memberId, opts.rebatePoint, { cap: opts.cap, executor: opts.executor });
      }
    },

    /** An upline locks or unlocks its downline; a member locked by the operator stays locked. */
    async setStatus(merchantId: bigint, memberId: bigint, status: 'active' | 'disabled'): Promise<void> {
      if (!(await tree.setStatus(merchantId, memberId, status)) && status === 'active')
        throw new AppError('forbidden', 'The site operator locked this member: only the operator can unlock it.');
    },

    /**
     * An operator locks (with a reason) or unlocks a member (an upline's lock or a failed-login lock included), in
     * one transaction with `alsoInTransaction` (the audit record). Refused when there is nothing to change.
     */
    async setLock(
      merchantId: bigint,
      memberId: bigint,
      lock: { reason: string } | null,
      alsoInTransaction: (trx: AnyDb) => Promise<void>,
    ): Promise<void> {
      await deps.db.transaction().execute(async (trx) => {
        const member = await tree.lockMember(trx, merchantId, memberId, 'update');
        if (!member) throw new AppError('member_not_found');
        if (member.status === 'closed')
          throw new AppError('account_closed', 'The member closed this account: it stays closed (kept, not deleted).');
        // An operator's lock has a reason; an upline's lock has none, and the operator may take it over or end it.
        const operatorLocked = member.status === 'disabled' && member.lock_reason !== null;
        const loginLocked = member.locked_until !== null && member.locked_until > deps.clock();
        if (lock ? operatorLocked : member.status === 'active' && !loginLocked)
          throw new AppError(
            'member_status_unchanged',
            lock ? 'This member is already locked.' : 'This member is not locked.',
          );
        await deps.search.setLock(trx, merchantId, memberId, lock);
        await alsoInTransaction(trx);
      });
    },

    /**
     * Moves a member with its whole team under another agent of the same merchant: the new upline must be an
     * active agent outside the member's own team, its rebate point at least the member's. The member's team rows
     * are locked first (in id order, with the new upline), so a sign-up under any of them — which locks its
     * upline for share — waits for the move and copies the new closure rows; then the closure table and the
     * upline link change in the same transaction as the hooks (the agents' roll-up, the audit record).
     */
    async move(
      merchant: Merchant,
      memberId: bigint,
      uplineId: bigint,
      hooks: {
        /** Before the closure rows change (the agents' roll-up takes the team's figures off its former uplines). */
        before: (trx: AnyDb) => Promise<void>;
        /** After: the roll-up adds them to the new uplines; the audit record. */
        after: (trx: AnyDb) => Promise<void>;
      },
    ): Promise<void> {
      if (memberId === uplineId) throw refuse('A member cannot be its own upline.');
      await deps.db.transaction().execute(async (trx) => {
        await tree.lockTeam(trx, merchant.id, memberId, uplineId);
        const member = await tree.lockMember(trx, merchant.id, memberId, 'update');
        const upline = await tree.lockMember(trx, merchant.id, uplineId, 'update');
        if (!member) throw new AppError('member_not_found');
        if (!upline || !merchant.agentTypes.includes(upline.type))
          throw new AppError('member_not_found', 'No agent with this account on this site.');
        if (upline.status !== 'active') throw refuse('The new upline agent is locked.');
        if (member.upline_id === uplineId) throw refuse('The member is already under this agent.');
        if (await deps.search.inTeamOf(trx, memberId, uplineId))
          throw refuse('A member cannot be moved under its own downline.');
        if (pointTenths(member.rebate_point) > pointTenths(upline.rebate_point))
          throw new AppError(
            'rebate_point_invalid',
            `The member's rebate point ${normalisePoint(member.rebate_point)} is above the new upline's ${normalisePoint(upline.rebate_point)}.`,
            { max: normalisePoint(upline.rebate_point) },
          );
        await hooks.before(trx);
        await deps.search.moveSubtree(trx, merchant.id, memberId, uplineId);
        await hooks.after(trx);
      });
    },

    // ---- affiliate links ----

    async createLink(
      merchant: Merchant,
      agent: { id: bigint; rebatePoint: string },
      input: { type: number; rebatePoint: string; note?: string | null },
    ) {
      const tenths = pointTenths(input.rebatePoint);
      if (tenths > pointTenths(agent.rebatePoint)) {
        throw new AppError(
          'rebate_point_invalid',
          `The rebate point cannot exceed ${normalisePoint(agent.rebatePoint)}.`,
          {
            max: normalisePoint(agent.rebatePoint),
          },
        );
      }
      const live = await tree.liveLinks(merchant.id, agent.id);
      if (live.length >= MAX_AFFILIATE_LINKS) throw new AppError('affiliate_link_limit');
      for (let attempt = 0; ; attempt++) {
        try {
          return await tree.insertLink({
            merchantId: merchant.id,
            memberId: agent.id,
            code: linkCode(),
            memberType: input.type,
            rebatePoint: pointText(tenths),
            note: input.note ?? null,
          });
        } catch (err) {
          if ((err as { code?: string }).code !== '23505' || attempt >= 5) throw err;
        }
      }
    },

    listLinks: (merchantId: bigint, agentId: bigint) => tree.liveLinks(merchantId, agentId),

    async deleteLink(merchantId: bigint, agentId: bigint, linkId: bigint): Promise<void> {
      if (!(await tree.deleteLink(merchantId, agentId, linkId, deps.clock())))
        throw new AppError('not_found', 'No such affiliate link.');
    },

    /**
     * What an invitation code means at sign-up: the agent's own code (a member under it, rebate 0) or one of its
     * live affiliate links (the link's type and rebate point). Undefined when the code resolves to nothing.
     */
    async invitation(merchant: Merchant, code: string) {
      const c = code.trim().toUpperCase();
      if (!/^[0-9A-Z]{4,20}$/.test(c)) return undefined;
      const link = c.startsWith('L') ? await tree.linkByCode(merchant.id, c) : undefined;
      if (link) {
        const agent = await deps.repo.findById(merchant.id, link.member_id);
        return (
          agent && { agent, type: link.member_type, rebatePoint: normalisePoint(link.rebate_point), linkId: link.id }
        );
      }
      const agent = await deps.repo.findByAffiliateCode(merchant.id, c);
      return agent && { agent, type: 0, rebatePoint: '0.0', linkId: undefined };
    },
  };
}

export type HierarchyService = ReturnType<typeof createHierarchyService>;
