import {
  adjustment,
  adjustmentCreateRequest,
  adjustmentIdParams,
  adjustmentList,
  adjustmentListQuery,
  adjustmentRejectRequest,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineAdminRoute } from '../../http/route.ts';
import type { AdjustmentsService } from './adjustments.service.ts';

const tags = ['admin'];

export function registerAdjustmentRoutes(app: FastifyInstance, adjustments: AdjustmentsService): void {
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/adjustments',
      permission: 'adjustments.request',
      summary: 'Request a manual credit/debit of a member main wallet (pending until another admin approves)',
      tags,
      body: adjustmentCreateRequest,
      response: adjustment,
    },
    ({ merchant, admin, body, ip }) => adjustments.request(merchant, admin, body, ip),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/adjustments',
      permission: 'payments.view',
      summary: 'Adjustment requests, newest first',
      tags,
      querystring: adjustmentListQuery,
      response: adjustmentList,
    },
    ({ merchant, query }) => adjustments.list(merchant, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/adjustments/:id/approve',
      permission: 'adjustments.approve',
      summary: 'Approve (post to the ledger) a pending adjustment; never by its requester',
      tags,
      params: adjustmentIdParams,
      response: adjustment,
    },
    ({ merchant, admin, params, ip }) => adjustments.approve(merchant, admin, BigInt(params.id), ip),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/adjustments/:id/reject',
      permission: 'adjustments.approve',
      summary: 'Reject a pending adjustment (no money moves)',
      tags,
      params: adjustmentIdParams,
      body: adjustmentRejectRequest.nullish(),
      response: adjustment,
    },
    ({ merchant, admin, params, body, ip }) => adjustments.reject(merchant, admin, BigInt(params.id), body?.reason, ip),
  );
}
