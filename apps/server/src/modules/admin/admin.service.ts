import { randomBytes } from 'node:crypto';
import { type AdminLoginRequest, type AdminLoginResult, type AdminMe, adminUsername } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AuthenticatedAdmin, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { createLockout } from '../../lib/lockout.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import { createSessionTokens } from '../../lib/session-tokens.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminTables } from './admin.tables.ts';
import type { AdminRow, AdminsRepository } from './admins.repository.ts';
import type { AuditLog } from './audit.repository.ts';

/** Back-office security defaults: stricter than the member site (these accounts move money). */
export const ADMIN_RULES = {
  idleMinutes: 30,
  absoluteHours: 12,
  touchEverySeconds: 60,
  perIpPerMinute: 20,
  perAccountPerMinute: 10,
  failuresBeforeLock: 5,
  firstLockMinutes: 15,
  maxLockMinutes: 240,
  minPasswordLength: 12,
};
export type AdminRules = typeof ADMIN_RULES;

export function createAdminService(deps: {
  db: Kysely<AdminTables>;
  repo: AdminsRepository;
  audit: AuditLog;
  hasher: PasswordHasher;
  limiter: WindowLimiter;
  clock: () => Date;
  rules?: Partial<AdminRules>;
}) {
  const rules = { ...ADMIN_RULES, ...deps.rules };
  const { repo, clock } = deps;
  const lockout = createLockout({ rules, limiter: deps.limiter, clock, prefix: 'admin-login' });
  const tokens = createSessionTokens(rules);
  const tooMany = (retryAfterSeconds: number) => new AppError('too_many_requests', undefined, { retryAfterSeconds });
  const wrong = () => new AppError('admin_unauthorized', 'Incorrect username or password.');
  const recordAdminAction = deps.audit.record;

  function checkNewPassword(password: string, username: string) {
    if (password.length < rules.minPasswordLength || password.toLowerCase().includes(username)) {
      throw new AppError('validation_failed', undefined, {
        in: 'body',
        fields: [
          {
            field: 'newPassword',
            reason: 'too_weak',
            message: `At least ${rules.minPasswordLength} characters, not containing the username`,
          },
        ],
      });
    }
  }

  async function verifyCredentials(merchant: Merchant, req: AdminLoginRequest, ip: string): Promise<AdminRow> {
    const username = req.username.trim().toLowerCase();
    const key = `${merchant.id}:${username}`;
    // Cheap refusals first: nothing below (lookup, argon2) runs for a throttled caller.
    await lockout.throttle(ip, key);
    const admin = await repo.findByUsername(merchant.id, username);
    const stored = admin && {
      failures: admin.failed_login_count,
      lockLevel: admin.lock_level,
      lockedUntil: admin.locked_until,
      addFailure: () => repo.addFailure(admin.id),
      lock: (until: Date) => repo.lock(admin.id, until),
    };
    await lockout.assertNotLocked(key, stored);

    const ok = admin
      ? await deps.hasher.verify(admin.password_hash, req.password)
      : await deps.hasher.verifyDummy(req.password);
    if (ok && admin && admin.status === 'active') return admin;

    const { count, locked } = await lockout.fail(key, stored);
    if (admin) {
      await recordAdminAction(undefined, {
        merchantId: merchant.id,
        adminId: admin.id,
        action: 'session.login_failed',
        targetType: 'admin',
        targetId: admin.id,
        detail: { failures: count, locked },
        ip,
      });
    }
    throw wrong();
  }

  /** Creates an admin account (operator tooling, bootstrap, tests). The password is hashed with argon2id. */
  async function create(input: {
    merchantId: bigint;
    username: string;
    password: string;
    mustChangePassword?: boolean;
    createdBy?: bigint | null;
  }): Promise<AdminRow> {
    const parsed = adminUsername.safeParse(input.username);
    if (!parsed.success)
      throw new AppError('validation_failed', undefined, {
        in: 'body',
        fields: [
          { field: 'username', reason: 'invalid_format', message: parsed.error.issues[0]?.message ?? 'Invalid' },
        ],
      });
    checkNewPassword(input.password, parsed.data);
    const passwordHash = await deps.hasher.hash(input.password);
    return deps.db.transaction().execute(async (trx) => {
      const row = await repo.insert(
        {
          merchantId: input.merchantId,
          username: parsed.data,
          passwordHash,
          mustChangePassword: input.mustChangePassword ?? false,
        },
        trx,
      );
      await recordAdminAction(trx, {
        merchantId: input.merchantId,
        adminId: input.createdBy ?? null,
        action: 'admin.create',
        targetType: 'admin',
        targetId: row.id,
        detail: { username: row.username },
      });
      return row;
    });
  }

  return {
    create,

    async login(merchant: Merchant, req: AdminLoginRequest, ip: string): Promise<AdminLoginResult> {
      const admin = await verifyCredentials(merchant, req, ip);
      const now = clock();
      const { token, tokenHash, idleExpiresAt, absoluteExpiresAt } = tokens.issue(now);
      await deps.db.transaction().execute(async (trx) => {
        await repo.insertSession(
          {
            tokenHash,
            adminId: admin.id,
            merchantId: merchant.id,
            now,
            expiresAt: idleExpiresAt,
            absoluteExpiresAt,
            ip,
          },
          trx,
        );
        await repo.recordLogin(admin.id, now, trx);
        await recordAdminAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'session.login',
          targetType: 'admin',
          targetId: admin.id,
          ip,
        });
      });
      return { token, mustChangePassword: admin.must_change_password };
    },

    /** The admin behind a bearer token for this merchant, or null. Slides the idle expiry (at most once a minute). */
    async authenticate(merchant: Merchant, token: string): Promise<AuthenticatedAdmin | null> {
      const tokenHash = tokens.lookupHash(token);
      if (!tokenHash) return null;
      const now = clock();
      const s = await repo.findLiveSession(tokenHash, now);
      if (!s || s.status !== 'active' || s.merchant_id !== merchant.id || s.sessionMerchantId !== merchant.id)
        return null;
      const slid = tokens.slide(s.last_seen_at, now);
      if (slid) await repo.touchSession(s.sessionId, now, slid);
      return {
        sessionId: s.sessionId,
        id: s.adminId,
        username: s.username,
        merchantId: s.merchant_id,
        mustChangePassword: s.must_change_password,
      };
    },

    async logout(token: string, ip: string): Promise<void> {
      const tokenHash = tokens.lookupHash(token);
      if (!tokenHash) return;
      await deps.db.transaction().execute(async (trx) => {
        const s = await repo.revokeSession(tokenHash, clock(), trx);
        if (s)
          await recordAdminAction(trx, {
            merchantId: s.merchant_id,
            adminId: s.admin_id,
            action: 'session.logout',
            targetType: 'admin',
            targetId: s.admin_id,
            ip,
          });
      });
    },

    async me(merchant: Merchant, admin: AuthenticatedAdmin): Promise<AdminMe> {
      const row = await repo.findById(admin.id);
      if (!row) throw new AppError('admin_unauthorized');
      return {
        id: String(row.id),
        username: row.username,
        merchantCode: merchant.code,
        mustChangePassword: row.must_change_password,
        lastLoginAt: row.last_login_at?.toISOString() ?? null,
      };
    },

    /** Changes the password (also the forced change of a one-time password); every other session ends. */
    async changePassword(
      admin: AuthenticatedAdmin,
      body: { oldPassword: string; newPassword: string },
      ip: string,
    ): Promise<void> {
      const row = await repo.findById(admin.id);
      if (!row) throw new AppError('admin_unauthorized');
      const r = await deps.limiter.hit(`admin-password:${admin.id}`, rules.perAccountPerMinute, 60_000);
      if (!r.allowed) throw tooMany(r.retryAfterSeconds);
      if (!(await deps.hasher.verify(row.password_hash, body.oldPassword))) {
        throw new AppError('validation_failed', undefined, {
          in: 'body',
          fields: [{ field: 'oldPassword', reason: 'incorrect', message: 'The current password is not correct' }],
        });
      }
      checkNewPassword(body.newPassword, row.username);
      if (body.newPassword === body.oldPassword) {
        throw new AppError('validation_failed', undefined, {
          in: 'body',
          fields: [{ field: 'newPassword', reason: 'unchanged', message: 'Choose a different password' }],
        });
      }
      const hash = await deps.hasher.hash(body.newPassword);
      const now = clock();
      await deps.db.transaction().execute(async (trx) => {
        await repo.setPassword(admin.id, hash, now, trx);
        await repo.revokeAllSessions(admin.id, now, admin.sessionId, trx);
        await recordAdminAction(trx, {
          merchantId: admin.merchantId,
          adminId: admin.id,
          action: 'password.change',
          targetType: 'admin',
          targetId: admin.id,
          ip,
        });
      });
    },

    /**
     * First start of a merchant without any admin: creates `admin` with a random one-time password that must be
     * changed at first login. Returns the password (to be shown once) or null when the merchant already has admins.
     */
    async bootstrapFirstAdmin(merchantId: bigint): Promise<{ username: string; password: string } | null> {
      if ((await repo.countOf(merchantId)) > 0) return null;
      const password = randomBytes(18).toString('base64url');
      try {
        await create({ merchantId, username: 'admin', password, mustChangePassword: true });
      } catch (err) {
        // Another process starting at the same time created it first (unique username): nothing to show here.
        if ((await repo.countOf(merchantId)) > 0) return null;
        throw err;
      }
      return { username: 'admin', password };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
