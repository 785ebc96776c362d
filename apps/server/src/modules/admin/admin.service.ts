import { randomBytes } from 'node:crypto';
import {
  type AdminLoginRequest,
  type AdminLoginResult,
  type AdminMe,
  builtInRole,
  adminUsername,
  requiresTwoFactor,
} from '@sea/contracts';
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
import type { StaffRepository } from './staff.repository.ts';
import { ipAllowed, rolePermissions } from './staff.service.ts';
import { checkTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpUri } from './two-factor.ts';

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
  staff: StaffRepository;
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

  async function assertIpAllowed(merchantId: bigint, ip: string) {
    const settings = await deps.staff.settingsOf(merchantId);
    if (!ipAllowed(settings?.ip_allow_list, ip)) throw new AppError('admin_ip_not_allowed');
  }

  async function verifyCredentials(
    merchant: Merchant,
    req: AdminLoginRequest,
    ip: string,
  ): Promise<{ admin: AdminRow; fail: (action: string) => Promise<never> }> {
    const username = req.username.trim().toLowerCase();
    const key = `${merchant.id}:${username}`;
    // Cheap refusals first: nothing below (lookup, argon2) runs for a throttled caller or a closed network.
    await lockout.throttle(ip, key);
    await assertIpAllowed(merchant.id, ip);
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
    const fail = async (action: string, message?: string): Promise<never> => {
      const { count, locked } = await lockout.fail(key, stored);
      if (admin) {
        await recordAdminAction(undefined, {
          merchantId: merchant.id,
          adminId: admin.id,
          action,
          targetType: 'admin',
          targetId: admin.username,
          detail: { failures: count, locked },
          ip,
        });
      }
      throw message ? new AppError('admin_unauthorized', message) : wrong();
    };
    if (ok && admin && admin.status === 'active') {
      return { admin, fail: (action) => fail(action, 'Incorrect code. Try the current code from your app.') };
    }
    return fail('session.login_failed');
  }

  /** The second factor of a login: a fresh TOTP code (each accepted once) or an unused recovery code. */
  async function verifySecondFactor(
    admin: AdminRow,
    req: AdminLoginRequest,
    fail: (action: string) => Promise<never>,
  ): Promise<'totp' | 'recovery'> {
    if (!req.otp && !req.recoveryCode) throw new AppError('admin_otp_required');
    if (req.otp) {
      const step = await checkTotp(admin.totp_secret ?? '', req.otp, clock(), admin.totp_last_step);
      if (step !== null && (await deps.staff.acceptTotpStep(admin.id, step))) return 'totp';
      return fail('session.otp_failed');
    }
    if (await deps.staff.useRecoveryCode(admin.id, recoveryCodeHash(req.recoveryCode ?? ''), clock())) {
      return 'recovery';
    }
    return fail('session.otp_failed');
  }

  async function permissionsOf(merchantId: bigint, role: string): Promise<string[]> {
    if (builtInRole(role)) return rolePermissions(role, null);
    return rolePermissions(role, (await deps.staff.findRole(merchantId, role))?.permissions);
  }

  /** Creates an admin account (operator tooling, bootstrap, tests). The password is hashed with argon2id. */
  async function create(input: {
    merchantId: bigint;
    username: string;
    password: string;
    mustChangePassword?: boolean;
    createdBy?: bigint | null;
    /** Defaults to the username. */
    displayName?: string;
    /** A built-in or custom role code; defaults to 'owner' (the first admin, operator tooling). */
    role?: string;
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
          displayName: input.displayName ?? parsed.data,
          role: input.role ?? 'owner',
        },
        trx,
      );
      await recordAdminAction(trx, {
        merchantId: input.merchantId,
        adminId: input.createdBy ?? null,
        action: 'admin.create',
        targetType: 'admin',
        targetId: row.username,
        detail: { username: row.username, role: row.role_code },
      });
      return row;
    });
  }

  return {
    create,

    async login(merchant: Merchant, req: AdminLoginRequest, ip: string): Promise<AdminLoginResult> {
      const { admin, fail } = await verifyCredentials(merchant, req, ip);
      const secondFactor = admin.totp_enabled_at ? await verifySecondFactor(admin, req, fail) : null;
      const permissions = await permissionsOf(merchant.id, admin.role_code);
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
          targetId: admin.username,
          detail: { secondFactor },
          ip,
        });
      });
      return {
        token,
        mustChangePassword: admin.must_change_password,
        twoFactorSetupRequired: requiresTwoFactor(permissions) && admin.totp_enabled_at === null,
      };
    },

    /**
     * The admin behind a bearer token for this merchant, or null: a disabled account's sessions are refused at
     * once. Its role's permissions are read with the session (a role change applies to the next call). Refused
     * outside the merchant's IP allow-list. Slides the idle expiry (at most once a minute).
     */
    async authenticate(merchant: Merchant, token: string, ip: string): Promise<AuthenticatedAdmin | null> {
      const tokenHash = tokens.lookupHash(token);
      if (!tokenHash) return null;
      const now = clock();
      const s = await repo.findLiveSession(tokenHash, now);
      if (!s || s.status !== 'active' || s.merchant_id !== merchant.id || s.sessionMerchantId !== merchant.id)
        return null;
      if (!ipAllowed(s.ip_allow_list, ip)) throw new AppError('admin_ip_not_allowed');
      const slid = tokens.slide(s.last_seen_at, now);
      if (slid) await repo.touchSession(s.sessionId, now, slid);
      const permissions = rolePermissions(s.role_code, s.customPermissions);
      const twoFactorPending = requiresTwoFactor(permissions) && s.totp_enabled_at === null;
      return {
        sessionId: s.sessionId,
        id: s.adminId,
        username: s.username,
        merchantId: s.merchant_id,
        mustChangePassword: s.must_change_password,
        role: s.role_code,
        permissions,
        setupPending: s.must_change_password || twoFactorPending,
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
      const custom = builtInRole(row.role_code) ? undefined : await deps.staff.findRole(merchant.id, row.role_code);
      const permissions = rolePermissions(row.role_code, custom?.permissions);
      return {
        id: String(row.id),
        username: row.username,
        merchantCode: merchant.code,
        displayName: row.display_name || row.username,
        role: row.role_code,
        roleName: builtInRole(row.role_code)?.name ?? custom?.name ?? row.role_code,
        permissions,
        mustChangePassword: row.must_change_password,
        twoFactorEnabled: row.totp_enabled_at !== null,
        twoFactorRequired: requiresTwoFactor(permissions),
        lastLoginAt: row.last_login_at?.toISOString() ?? null,
      };
    },

    /** Starts two-factor enrolment: a new pending secret (shown as a QR code), replacing an unconfirmed one. */
    async twoFactorSetup(
      merchant: Merchant,
      admin: AuthenticatedAdmin,
    ): Promise<{ secret: string; otpauthUrl: string }> {
      const secret = newTotpSecret();
      if (!(await deps.staff.setPendingTotp(admin.id, secret))) {
        throw new AppError('state_invalid', 'Two-factor sign-in is on already. Ask another staff member to reset it.');
      }
      return { secret, otpauthUrl: totpUri(secret, `${merchant.name} back office`, admin.username) };
    },

    /**
     * Confirms enrolment with a code of the pending secret (also: new recovery codes for an enrolled admin, who
     * proves the factor with a current code). Returns ten recovery codes, shown once.
     */
    async twoFactorEnable(admin: AuthenticatedAdmin, code: string, ip: string): Promise<{ recoveryCodes: string[] }> {
      const r = await deps.staff.totpOf(admin.id);
      if (!r?.totp_secret) throw new AppError('state_invalid', 'Start the set-up first: scan a new QR code.');
      const limit = await deps.limiter.hit(`admin-2fa:${admin.id}`, rules.perAccountPerMinute, 60_000);
      if (!limit.allowed) throw tooMany(limit.retryAfterSeconds);
      const step = await checkTotp(r.totp_secret, code, clock(), r.totp_last_step);
      const wrongCode = () =>
        new AppError('validation_failed', undefined, {
          in: 'body',
          fields: [{ field: 'code', reason: 'incorrect', message: 'This code is not correct. Try the current one.' }],
        });
      if (step === null) throw wrongCode();
      const recoveryCodes = newRecoveryCodes();
      await deps.db.transaction().execute(async (trx) => {
        if (!(await deps.staff.acceptTotpStep(admin.id, step, trx))) throw wrongCode();
        const first = r.totp_enabled_at === null;
        if (first) await deps.staff.enableTotp(admin.id, clock(), trx);
        await deps.staff.replaceRecoveryCodes(admin.id, recoveryCodes.map(recoveryCodeHash), trx);
        await recordAdminAction(trx, {
          merchantId: admin.merchantId,
          adminId: admin.id,
          action: first ? 'two_factor.enable' : 'two_factor.recovery_codes',
          targetType: 'admin',
          targetId: admin.username,
          ip,
        });
      });
      return { recoveryCodes };
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
          targetId: admin.username,
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
