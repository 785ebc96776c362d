import {
  roleCreateRequest,
  roleInfo,
  roleList,
  roleParams,
  roleUpsertRequest,
  staffCreateRequest,
  staffIdParams,
  staffList,
  staffListQuery,
  staffMember,
  staffPasswordIssued,
  staffSettings,
  staffUpdateRequest,
  twoFactorEnabled,
  twoFactorEnableRequest,
  twoFactorSetup,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute } from '../../http/route.ts';
import type { AdminService } from './admin.service.ts';
import type { StaffService } from './staff.service.ts';

const tags = ['admin: staff'];

/** Staff accounts, roles, back-office settings and the signed-in staff member's two-factor enrolment. */
export function registerStaffRoutes(app: FastifyInstance, deps: { staff: StaffService; admin: AdminService }): void {
  const { staff } = deps;

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/me/two-factor/setup',
      permission: 'signed-in',
      session: 'setup',
      summary: 'Start two-factor enrolment: a new secret and its otpauth:// URI (for the QR code)',
      tags,
      response: twoFactorSetup,
    },
    ({ merchant, admin }) => deps.admin.twoFactorSetup(merchant, admin),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/me/two-factor/enable',
      permission: 'signed-in',
      session: 'setup',
      summary:
        'Confirm enrolment with a current code (or, when on, renew the recovery codes); returns ten recovery codes, shown once',
      tags,
      body: twoFactorEnableRequest,
      response: twoFactorEnabled,
    },
    ({ admin, body, ip }) => deps.admin.twoFactorEnable(admin, body.code, ip),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/staff',
      permission: 'staff.view',
      summary: 'Staff accounts of this merchant (search by username or name, filter by role and status)',
      tags,
      querystring: staffListQuery,
      response: staffList,
    },
    ({ merchant, query }) => staff.list(merchant, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/staff',
      permission: 'staff.manage',
      summary: 'Create a staff account; its one-time password is in the answer, shown once',
      tags,
      body: staffCreateRequest,
      response: staffPasswordIssued,
    },
    ({ merchant, admin, body }) => staff.create(merchant, admin, body),
  );

  defineAdminRoute(
    app,
    {
      method: 'PATCH',
      url: '/admin/api/staff/:id',
      permission: 'staff.manage',
      summary: "Change a staff member's display name or role (not one's own role; an owner always remains)",
      tags,
      params: staffIdParams,
      body: staffUpdateRequest,
      response: staffMember,
    },
    ({ merchant, admin, params, body, ip }) => staff.update(merchant, admin, BigInt(params.id), body, ip),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/staff/:id/reset-password',
      permission: 'staff.manage',
      summary: 'Give a staff member a new one-time password (shown once); its sessions end',
      tags,
      params: staffIdParams,
      response: staffPasswordIssued,
    },
    ({ merchant, admin, params, ip }) => staff.resetPassword(merchant, admin, BigInt(params.id), ip),
  );

  for (const [action, status] of [
    ['disable', 'disabled'],
    ['enable', 'active'],
  ] as const) {
    defineAdminRoute(
      app,
      {
        method: 'POST',
        url: `/admin/api/staff/:id/${action}`,
        permission: 'staff.manage',
        summary:
          action === 'disable'
            ? 'Disable a staff account: its sessions end at once, sign-in is refused'
            : 'Enable a disabled staff account',
        tags,
        params: staffIdParams,
        response: staffMember,
      },
      ({ merchant, admin, params, ip }) => staff.setStatus(merchant, admin, BigInt(params.id), status, ip),
    );
  }

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/staff/:id/reset-two-factor',
      permission: 'staff.manage',
      summary: 'Turn off a staff member’s two-factor sign-in (lost phone): it enrols again at its next sign-in',
      tags,
      params: staffIdParams,
      response: staffMember,
    },
    ({ merchant, admin, params, ip }) => staff.resetTwoFactor(merchant, admin, BigInt(params.id), ip),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/roles',
      permission: 'staff.view',
      summary: 'Built-in and custom roles with their permissions, and the list of every permission',
      tags,
      response: roleList,
    },
    ({ merchant }) => staff.roles(merchant),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/roles',
      permission: 'staff.manage',
      summary: 'Create a custom role (a set of permissions)',
      tags,
      body: roleCreateRequest,
      response: roleInfo,
    },
    ({ merchant, admin, body, ip }) => staff.saveRole(merchant, admin, body, 'create', ip),
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/roles/:code',
      permission: 'staff.manage',
      summary: 'Change a custom role (applies to its holders at their next call)',
      tags,
      params: roleParams,
      body: roleUpsertRequest,
      response: roleInfo,
    },
    ({ merchant, admin, params, body, ip }) =>
      staff.saveRole(merchant, admin, { code: params.code, ...body }, 'update', ip),
  );

  defineAdminRoute(
    app,
    {
      method: 'DELETE',
      url: '/admin/api/roles/:code',
      permission: 'staff.manage',
      summary: 'Delete a custom role nobody holds',
      tags,
      params: roleParams,
      response: z.null(),
    },
    async ({ merchant, admin, params, ip }) => {
      await staff.deleteRole(merchant, admin, params.code, ip);
      return null;
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/staff-settings',
      permission: 'staff.view',
      summary: 'Back-office settings: IP allow-list, withdrawal second-approval threshold',
      tags,
      response: staffSettings,
    },
    ({ merchant }) => staff.settings(merchant),
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/staff-settings',
      permission: 'settings.manage',
      summary: 'Change the back-office settings (the list must include the caller’s own address)',
      tags,
      body: staffSettings,
      response: staffSettings,
    },
    ({ merchant, admin, body, ip }) => staff.saveSettings(merchant, admin, body, ip),
  );
}
