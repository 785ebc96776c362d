import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { bootstrapFirstAdmin, forgetOneTimePassword } from './admin-bootstrap.ts';
import { registerAdminRoutes } from './admin.routes.ts';
import { type AdminRules, createAdminService } from './admin.service.ts';
import type { AdminTables } from './admin.tables.ts';
import { createAdminsRepository } from './admins.repository.ts';
import { createAdjustmentsRepository } from './adjustments.repository.ts';
import { createAdjustmentsService } from './adjustments.service.ts';
import { createAuditLog } from './audit.repository.ts';
import { createStaffRepository } from './staff.repository.ts';
import { registerStaffRoutes } from './staff.routes.ts';
import { createStaffService } from './staff.service.ts';

export { ADMIN_RULES, type AdminRules } from './admin.service.ts';
export type { AdminAuditEntry } from './audit.repository.ts';
export { adjustmentKey } from './adjustments.service.ts';

/**
 * The back office's own accounts: admins (argon2id, lockout), opaque admin sessions, the append-only audit log
 * every operator action writes in its own transaction, and four-eyes manual adjustments.
 */
export function createAdminModule(deps: {
  db: AnyDb;
  members: Pick<MembersModule, 'findByAccount' | 'accountsOf'>;
  ledger: Pick<LedgerModule, 'moveOrThrow'>;
  hasher: PasswordHasher;
  limiter: WindowLimiter;
  clock: () => Date;
  rules?: Partial<AdminRules>;
  /** Where the first admin's one-time password is written (owner-only file; removed once it is changed). */
  oneTimePasswordFile?: string;
}) {
  const db = tablesOf<AdminTables>(deps.db);
  const audit = createAuditLog(db);
  const admins = createAdminsRepository(db);
  const staffRepo = createStaffRepository(db);
  const admin = createAdminService({
    db,
    repo: admins,
    staff: staffRepo,
    audit,
    hasher: deps.hasher,
    limiter: deps.limiter,
    clock: deps.clock,
    rules: deps.rules,
  });
  const adjustmentsRepo = createAdjustmentsRepository(db);
  const adjustments = createAdjustmentsService({
    db,
    repo: adjustmentsRepo,
    audit,
    members: deps.members,
    ledger: deps.ledger,
    clock: deps.clock,
  });
  const staff = createStaffService({
    db,
    staff: staffRepo,
    admins,
    audit,
    hasher: deps.hasher,
    clock: deps.clock,
    createAccount: admin.create,
  });
  const face = {
    ...admin,
    async changePassword(...args: Parameters<typeof admin.changePassword>): Promise<void> {
      await admin.changePassword(...args);
      await forgetOneTimePassword(deps.oneTimePasswordFile, args[1].oldPassword);
    },
  };
  return {
    ...face,
    /** Append an operator action to the audit log, inside the action's own transaction (`executor`). */
    recordAction: audit.record,
    /** Anonymisation only: personal values in a member's entries redacted (the log's one sanctioned change). */
    redactMemberAudit: audit.redactMember,
    memberAuditDetails: audit.memberDetails,
    /** Withdrawals above this amount (minor units) need two different staff members' approvals; null = never. */
    async secondApprovalAbove(merchantId: bigint): Promise<bigint | null> {
      return (await staffRepo.settingsOf(merchantId))?.withdrawal_second_approval_above ?? null;
    },
    adjustments,
    /** The dashboard's queue: adjustments waiting for a second staff member. */
    pendingAdjustments: adjustmentsRepo.countPending,
    /** Staff usernames by id: other modules name the staff member who acted (a deposit's reviewer). */
    staffUsernames: adjustmentsRepo.usernames,
    staff,
    /** First start: creates `admin` with a one-time password shown once on the console. */
    bootstrap: (
      merchants: Pick<MerchantsModule, 'findByCode'>,
      merchantCode: string,
      log: FastifyBaseLogger,
      print?: (line: string) => void,
    ) => bootstrapFirstAdmin({ merchants, admin, log, passwordFile: deps.oneTimePasswordFile }, merchantCode, print),
    register(app: FastifyInstance): void {
      registerAdminRoutes(app, { admin: face, adjustments, audit });
      registerStaffRoutes(app, { staff, admin: face });
    },
  };
}

export type AdminModule = ReturnType<typeof createAdminModule>;
