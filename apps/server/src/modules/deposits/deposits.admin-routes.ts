import {
  adminDepositList,
  adminDepositQuery,
  depositReceipt,
  depositRejectRequest,
  depositStatus,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute, referenceParams } from '../../http/route.ts';
import type { DepositsService } from './deposits.service.ts';

const tags = ['admin: deposits'];
const reviewResult = z.object({ id: z.string(), status: depositStatus });

/** Operator review of deposits (manual bank transfers are credited only here). */
export function registerDepositAdminRoutes(app: FastifyInstance, deposits: DepositsService): void {
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/deposits',
      permission: 'payments.view',
      summary: 'Deposits of this merchant, newest first (filter by status)',
      tags,
      querystring: adminDepositQuery,
      response: adminDepositList,
    },
    ({ merchant, query }) => deposits.listForReview(merchant.id, query, merchant),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/deposits/:id/receipt',
      permission: 'payments.view',
      summary: 'The transfer receipt of a manual deposit (data URI)',
      tags,
      params: referenceParams('DEP'),
      response: depositReceipt,
    },
    async ({ merchant, params }) => deposits.receipt(merchant.id, await deposits.idOf(merchant.id, params.id)),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/deposits/:id/approve',
      permission: 'deposits.decide',
      summary: 'Approve a bank-transfer deposit: credits the member once (audited)',
      tags,
      params: referenceParams('DEP'),
      response: reviewResult,
    },
    async ({ admin, ip, params }) =>
      deposits.approve(
        { id: admin.id, merchantId: admin.merchantId, ip },
        await deposits.idOf(admin.merchantId, params.id),
      ),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/deposits/:id/reject',
      permission: 'deposits.decide',
      summary: 'Reject a bank-transfer deposit with a reason (audited)',
      tags,
      params: referenceParams('DEP'),
      body: depositRejectRequest,
      response: reviewResult,
    },
    async ({ admin, ip, params, body }) =>
      deposits.reject(
        { id: admin.id, merchantId: admin.merchantId, ip },
        await deposits.idOf(admin.merchantId, params.id),
        body.reason,
      ),
  );
}
