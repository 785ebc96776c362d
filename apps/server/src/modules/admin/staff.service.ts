import { randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import {
  ADMIN_PERMISSIONS,
  builtInRole,
  BUILT_IN_ROLE_CODES,
  type RoleInfo,
  type StaffMember,
  type StaffSettings,
  requiresTwoFactor,
} from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AuthenticatedAdmin, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { AdminTables } from './admin.tables.ts';
import type { AdminsRepository } from './admins.repository.ts';
import type { AuditLog } from './audit.repository.ts';
import type { StaffRepository } from './staff.repository.ts';

/** The permissions of a role: a built-in role's from the code, a custom role's from its row (none when unknown). */
export function rolePermissions(code: string, custom: readonly string[] | null | undefined): string[] {
  const builtIn = builtInRole(code);
  if (builtIn) return [...builtIn.permissions];
  return (custom ?? []).filter((p) => (ADMIN_PERMISSIONS as readonly string[]).includes(p));
}

/** Whether `ip` is in the allow-list (addresses and CIDR ranges, IPv4 and IPv6); an empty list allows all. */
export function ipAllowed(list: readonly string[] | null | undefined, ip: string): boolean {
  if (!list || list.length === 0) return true;
  const family = isIP(ip);
  if (!family) return false;
  return blockListOf(list).check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

function blockListOf(list: readonly string[]): BlockList {
  const b = new BlockList();
  for (const entry of list) {
    const [addr, bits] = entry.split('/');
    const family = isIP(addr ?? '');
    if (!addr || !family) throw new Error(`not an address: ${entry}`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) b.addAddress(addr, type);
    else b.addSubnet(addr, Number(bits), type);
  }
  return b;
}

function validAllowListEntry(entry: string): boolean {
  const [addr, bits, extra] = entry.split('/');
  if (extra !== undefined || !addr) return false;
  const family = isIP(addr);
  if (!family) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 6 ? 128 : 32);
}

/** A role as the API shows it, with how many staff hold it. */
function roleInfoOf(
  r: { code: string; name: string; builtIn: boolean; permissions: string[] },
  counts: Map<string, number>,
): RoleInfo {
  return {
    ...r,
    permissions: r.permissions as RoleInfo['permissions'],
    twoFactorRequired: requiresTwoFactor(r.permissions),
    staffCount: counts.get(r.code) ?? 0,
  };
}

const fieldError = (field: string, reason: string, message: string) =>
  new AppError('validation_failed', message, { in: 'body', fields: [{ field, reason, message }] });

/** Staff accounts, roles and the merchant's back-office settings (every change audited in its transaction). */
export function createStaffService(deps: {
  db: Kysely<AdminTables>;
  staff: StaffRepository;
  admins: AdminsRepository;
  audit: AuditLog;
  hasher: PasswordHasher;
  clock: () => Date;
  /** Creates the account (the admin service's create: username rules, argon2id, audited). */
  createAccount: (input: {
    merchantId: bigint;
    username: string;
    password: string;
    mustChangePassword: boolean;
    createdBy: bigint;
    displayName: string;
    role: string;
  }) => Promise<{ id: bigint }>;
}) {
  const { staff, audit, clock } = deps;

  async function customRoles(merchantId: bigint) {
    return new Map((await staff.listRoles(merchantId)).map((r) => [r.code, r]));
  }

  async function roleOrThrow(merchantId: bigint, code: string, trx?: Kysely<AdminTables>) {
    const builtIn = builtInRole(code);
    if (builtIn) return { name: builtIn.name, permissions: [...builtIn.permissions] as string[] };
    const row = await staff.findRole(merchantId, code, trx);
    if (!row) throw fieldError('role', 'unknown_role', 'No such role.');
    return { name: row.name, permissions: rolePermissions(code, row.permissions) };
  }

  type StaffRow = NonNullable<Awaited<ReturnType<StaffRepository['findStaff']>>>;

  function present(row: StaffRow, roles: Map<string, { name: string; permissions: string[] }>): StaffMember {
    const custom = roles.get(row.role_code);
    const builtIn = builtInRole(row.role_code);
    const permissions = rolePermissions(row.role_code, custom?.permissions);
    return {
      id: String(row.id),
      username: row.username,
      displayName: row.display_name || row.username,
      role: row.role_code,
      roleName: builtIn?.name ?? custom?.name ?? row.role_code,
      status: row.status,
      twoFactorEnabled: row.totp_enabled_at !== null,
      twoFactorRequired: requiresTwoFactor(permissions),
      mustChangePassword: row.must_change_password,
      lockedUntil: row.locked_until && row.locked_until > clock() ? row.locked_until.toISOString() : null,
      lastLoginAt: row.last_login_at?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
    };
  }

  async function presentOne(merchantId: bigint, id: bigint): Promise<StaffMember> {
    const row = await staff.findStaff(merchantId, id);
    if (!row) throw new AppError('not_found', 'No such staff member.');
    return present(row, await customRoles(merchantId));
  }

  async function target(merchantId: bigint, id: bigint, actor: AuthenticatedAdmin, trx: Kysely<AdminTables>) {
    const row = await staff.findStaff(merchantId, id, trx);
    if (!row) throw new AppError('not_found', 'No such staff member.');
    if (row.id === actor.id) throw new AppError('forbidden', 'Ask another staff member to change your own account.');
    return row;
  }

  /** Refuses a change that would leave the merchant without an active owner (checked under the owners' row locks). */
  async function keepAnOwner(merchantId: bigint, leaving: bigint, trx: Kysely<AdminTables>) {
    const owners = await staff.lockActiveOwners(merchantId, trx);
    if (owners.includes(leaving) && owners.length <= 1) throw new AppError('staff_last_owner');
  }

  const newOneTimePassword = () => randomBytes(12).toString('base64url');

  return {
    async list(merchant: Merchant, q: Parameters<StaffRepository['listStaff']>[1]) {
      const [{ total, rows }, roles] = await Promise.all([staff.listStaff(merchant.id, q), customRoles(merchant.id)]);
      return { total, items: rows.map((r) => present(r, roles)) };
    },

    async create(
      merchant: Merchant,
      actor: AuthenticatedAdmin,
      body: { username: string; displayName: string; role: string },
    ): Promise<{ staff: StaffMember; oneTimePassword: string }> {
      await roleOrThrow(merchant.id, body.role);
      const oneTimePassword = newOneTimePassword();
      const row = await deps.createAccount({
        merchantId: merchant.id,
        username: body.username,
        password: oneTimePassword,
        mustChangePassword: true,
        createdBy: actor.id,
        displayName: body.displayName,
        role: body.role,
      });
      return { staff: await presentOne(merchant.id, row.id), oneTimePassword };
    },

    async update(
      merchant: Merchant,
      actor: AuthenticatedAdmin,
      id: bigint,
      body: { displayName?: string; role?: string },
      ip: string,
    ): Promise<StaffMember> {
      if (body.displayName === undefined && body.role === undefined) {
        throw fieldError('role', 'required', 'Give a display name or a role to change.');
      }
      await deps.db.transaction().execute(async (trx) => {
        const row = await staff.findStaff(merchant.id, id, trx);
        if (!row) throw new AppError('not_found', 'No such staff member.');
        if (body.role !== undefined && body.role !== row.role_code) {
          if (row.id === actor.id) throw new AppError('forbidden', 'Ask another staff member to change your role.');
          await roleOrThrow(merchant.id, body.role, trx);
          if (row.role_code === 'owner') await keepAnOwner(merchant.id, row.id, trx);
        }
        await staff.updateStaff(
          id,
          {
            ...(body.displayName !== undefined && { display_name: body.displayName }),
            ...(body.role !== undefined && { role_code: body.role }),
          },
          trx,
        );
        await audit.record(trx, {
          merchantId: merchant.id,
          adminId: actor.id,
          action: 'staff.update',
          targetType: 'admin',
          targetId: row.username,
          detail: {
            ...(body.role !== undefined && { roleBefore: row.role_code, role: body.role }),
            ...(body.displayName !== undefined && { displayName: body.displayName }),
          },
          ip,
        });
      });
      return presentOne(merchant.id, id);
    },

    async resetPassword(merchant: Merchant, actor: AuthenticatedAdmin, id: bigint, ip: string) {
      const oneTimePassword = newOneTimePassword();
      const hash = await deps.hasher.hash(oneTimePassword);
      const now = clock();
      await deps.db.transaction().execute(async (trx) => {
        const row = await target(merchant.id, id, actor, trx);
        await staff.setOneTimePassword(id, hash, now, trx);
        await deps.admins.revokeAllSessions(id, now, undefined, trx);
        await audit.record(trx, {
          merchantId: merchant.id,
          adminId: actor.id,
          action: 'staff.password_reset',
          targetType: 'admin',
          targetId: row.username,
          ip,
        });
      });
      return { staff: await presentOne(merchant.id, id), oneTimePassword };
    },

    async setStatus(
      merchant: Merchant,
      actor: AuthenticatedAdmin,
      id: bigint,
      status: 'active' | 'disabled',
      ip: string,
    ): Promise<StaffMember> {
      const now = clock();
      await deps.db.transaction().execute(async (trx) => {
        const row = await target(merchant.id, id, actor, trx);
        if (status === 'disabled') {
          if (row.role_code === 'owner') await keepAnOwner(merchant.id, row.id, trx);
          // Its open sessions end at once: the next call with them is refused.
          await deps.admins.revokeAllSessions(id, now, undefined, trx);
        }
        await staff.updateStaff(id, { status }, trx);
        await audit.record(trx, {
          merchantId: merchant.id,
          adminId: actor.id,
          action: status === 'disabled' ? 'staff.disable' : 'staff.enable',
          targetType: 'admin',
          targetId: row.username,
          ip,
        });
      });
      return presentOne(merchant.id, id);
    },

    async resetTwoFactor(merchant: Merchant, actor: AuthenticatedAdmin, id: bigint, ip: string) {
      const now = clock();
      await deps.db.transaction().execute(async (trx) => {
        const row = await target(merchant.id, id, actor, trx);
        await staff.clearTotp(id, trx);
        await deps.admins.revokeAllSessions(id, now, undefined, trx);
        await audit.record(trx, {
          merchantId: merchant.id,
          adminId: actor.id,
          action: 'staff.two_factor_reset',
          targetType: 'admin',
          targetId: row.username,
          ip,
        });
      });
      return presentOne(merchant.id, id);
    },

    async roles(merchant: Merchant): Promise<{ items: RoleInfo[]; permissions: (typeof ADMIN_PERMISSIONS)[number][] }> {
      const [custom, counts] = await Promise.all([staff.listRoles(merchant.id), staff.staffCountByRole(merchant.id)]);
      const info = (code: string, name: string, builtIn: boolean, permissions: string[]) =>
        roleInfoOf({ code, name, builtIn, permissions }, counts);
      return {
        items: [
          ...BUILT_IN_ROLE_CODES.map((code) => {
            const r = builtInRole(code)!;
            return info(code, r.name, true, [...r.permissions]);
          }),
          ...custom.map((r) => info(r.code, r.name, false, rolePermissions(r.code, r.permissions))),
        ],
        permissions: [...ADMIN_PERMISSIONS],
      };
    },

    async saveRole(
      merchant: Merchant,
      actor: AuthenticatedAdmin,
      role: { code: string; name: string; permissions: string[] },
      mode: 'create' | 'update',
      ip: string,
    ): Promise<RoleInfo> {
      if (builtInRole(role.code)) {
        throw fieldError('code', 'built_in', 'Built-in roles cannot be changed; create a custom role instead.');
      }
      const permissions = [...new Set(role.permissions)].sort();
      await deps.db.transaction().execute(async (trx) => {
        const done =
          mode === 'create'
            ? await staff.insertRole({ merchantId: merchant.id, ...role, permissions }, trx)
            : await staff.updateRole({ merchantId: merchant.id, ...role, permissions, now: clock() }, trx);
        if (!done) {
          if (mode === 'create') throw fieldError('code', 'taken', 'A role with this code exists already.');
          throw new AppError('not_found', 'No such role.');
        }
        await audit.record(trx, {
          merchantId: merchant.id,
          adminId: actor.id,
          action: mode === 'create' ? 'role.create' : 'role.update',
          targetType: 'role',
          targetId: role.code,
          detail: { name: role.name, permissions },
          ip,
        });
      });
      return roleInfoOf({ ...role, builtIn: false, permissions }, await staff.staffCountByRole(merchant.id));
    },

    async deleteRole(merchant: Merchant, actor: AuthenticatedAdmin, code: string, ip: string): Promise<void> {
      if (builtInRole(code)) throw fieldError('code', 'built_in', 'Built-in roles cannot be deleted.');
      await deps.db.transaction().execute(async (trx) => {
        if (!(await staff.findRole(merchant.id, code, trx))) throw new AppError('not_found', 'No such role.');
        if (!(await staff.deleteUnusedRole(merchant.id, code, trx))) {
          throw new AppError('conflict', 'Staff members still hold this role: give them another role first.');
        }
        await audit.record(trx, {
          merchantId: merchant.id,
          adminId: actor.id,
          action: 'role.delete',
          targetType: 'role',
          targetId: code,
          ip,
        });
      });
    },

    async settings(merchant: Merchant): Promise<StaffSettings> {
      const row = await staff.settingsOf(merchant.id);
      return {
        ipAllowList: row?.ip_allow_list ?? [],
        withdrawalSecondApprovalAbove: row?.withdrawal_second_approval_above?.toString() ?? null,
      };
    },

    async saveSettings(
      merchant: Merchant,
      actor: AuthenticatedAdmin,
      body: StaffSettings,
      ip: string,
    ): Promise<StaffSettings> {
      const list = [...new Set(body.ipAllowList.map((e) => e.trim()))];
      const bad = list.find((e) => !validAllowListEntry(e));
      if (bad !== undefined) throw fieldError('ipAllowList', 'invalid', `Not an address or CIDR range: ${bad}`);
      if (!ipAllowed(list, ip)) {
        throw fieldError('ipAllowList', 'locks_you_out', `The list must include your own address (${ip}).`);
      }
      const above = body.withdrawalSecondApprovalAbove === null ? null : BigInt(body.withdrawalSecondApprovalAbove);
      await deps.db.transaction().execute(async (trx) => {
        await staff.upsertSettings(
          { merchantId: merchant.id, ipAllowList: list, withdrawalSecondApprovalAbove: above, now: clock() },
          trx,
        );
        await audit.record(trx, {
          merchantId: merchant.id,
          adminId: actor.id,
          action: 'staff.settings',
          targetType: 'merchant',
          targetId: merchant.code,
          detail: { ipAllowList: list, withdrawalSecondApprovalAbove: above },
          ip,
        });
      });
      return { ipAllowList: list, withdrawalSecondApprovalAbove: above?.toString() ?? null };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
