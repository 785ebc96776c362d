import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MembersModule } from '../members/index.ts';
import { createKycRepository } from './kyc.repository.ts';
import { registerKycRoutes } from './kyc.routes.ts';
import type { KycNoticePort } from './kyc.notices.ts';
import { createKycService } from './kyc.service.ts';
import type { KycTables } from './kyc.tables.ts';

/**
 * Identity documents (KYC, issue 25): a member uploads the front and back of an identity document and a selfie
 * (PNG / JPG / PDF ≤ 5 MB, checked by content); staff of the member's merchant (members.kyc) review them — approve,
 * or reject with a reason the member sees (and reads in a message, in the member's language), after which the member
 * uploads again; every review and every opening of a file by staff is audited.
 * The files are private: kept in this module's table (not the public media store, whose URLs anyone may open) and
 * answered only by the authenticated back-office route. The merchant may require an approved identity for
 * withdrawals above an amount: the withdrawals module asks `assertWithdrawalAllowed` (kyc_required).
 */
export function createKycModule(deps: {
  db: AnyDb;
  members: Pick<MembersModule, 'findByAccount' | 'findById' | 'accountsOf'>;
  audit: Pick<AdminModule, 'recordAction'>;
  limiter: WindowLimiter;
  clock: () => Date;
}) {
  const repo = createKycRepository(tablesOf<KycTables>(deps.db));
  const ports: { notify?: KycNoticePort } = {};
  const service = createKycService({ ...deps, repo, ports });
  return {
    ...service,
    /**
     * The retention job's anonymisation (profile module): the member's documents deleted on the caller's
     * transaction (the audit log keeps each review and opening). Idempotent.
     */
    eraseMember: (trx: AnyDb, merchantId: bigint, memberId: bigint) =>
      repo.deleteMember(tablesOf<KycTables>(trx), merchantId, memberId),
    /** The messages face's notify (built after this module): the member's message about each review. */
    setNoticePort(notify: KycNoticePort): void {
      ports.notify = notify;
    },
    register(app: FastifyInstance): void {
      registerKycRoutes(app, service);
    },
  };
}

export type KycModule = ReturnType<typeof createKycModule>;
/** What the withdrawals module needs of this one. */
export type KycWithdrawalGuard = Pick<KycModule, 'assertWithdrawalAllowed'>;
