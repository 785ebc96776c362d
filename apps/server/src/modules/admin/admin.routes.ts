import {
  adminLoginRequest,
  adminLoginResult,
  adminMe,
  adminPasswordChangeRequest,
  auditEntry,
  auditList,
  auditQuery,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminOpenRoute, defineAdminRoute } from '../../http/route.ts';
import { bearerToken } from '../../http/route-kit.ts';
import type { AdminService } from './admin.service.ts';
import type { AuditLog } from './audit.repository.ts';
import { registerAdjustmentRoutes } from './adjustments.routes.ts';
import type { AdjustmentsService } from './adjustments.service.ts';

const tags = ['admin'];

export function registerAdminRoutes(
  app: FastifyInstance,
  deps: { admin: AdminService; adjustments: AdjustmentsService; audit: AuditLog },
): void {
  defineAdminOpenRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/session/login',
      summary: 'Back-office login (username + password); returns an opaque admin token',
      tags,
      body: adminLoginRequest,
      response: adminLoginResult,
    },
    ({ merchant, body, ip }) => deps.admin.login(merchant, body, ip),
  );

  defineAdminOpenRoute(
    app,
    {
      method: 'DELETE',
      url: '/admin/api/session/logout',
      summary: 'Revoke the current admin session (idempotent)',
      tags,
      response: z.null(),
    },
    async ({ request, ip }) => {
      const token = bearerToken(request);
      if (token) await deps.admin.logout(token, ip);
      return null;
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/me',
      permission: 'signed-in',
      summary: 'The logged-in admin',
      tags,
      response: adminMe,
      session: 'setup',
    },
    ({ merchant, admin }) => deps.admin.me(merchant, admin),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/session/password',
      permission: 'signed-in',
      summary: 'Change the admin password (required first when it is a one-time password); other sessions end',
      tags,
      body: adminPasswordChangeRequest,
      response: z.null(),
      session: 'setup',
    },
    async ({ admin, body, ip }) => {
      await deps.admin.changePassword(admin, body, ip);
      return null;
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/audit',
      permission: 'audit.view',
      summary:
        'The admin audit log of this merchant, newest first; filter by action, staff (username), target (public reference) and days',
      tags,
      querystring: auditQuery,
      response: auditList,
    },
    async ({ merchant, query }) => {
      const { total, rows } = await deps.audit.list(merchant.id, { ...query, timezone: merchant.timezone });
      return {
        total,
        items: rows.map((r): z.infer<typeof auditEntry> => ({
          id: String(r.id),
          adminId: r.admin_id === null ? null : String(r.admin_id),
          adminUsername: r.username ?? null,
          action: r.action,
          targetType: r.target_type,
          targetId: r.target_id,
          detail: r.detail,
          ip: r.ip,
          createdAt: r.created_at.toISOString(),
        })),
      };
    },
  );

  registerAdjustmentRoutes(app, deps.adjustments);
}
