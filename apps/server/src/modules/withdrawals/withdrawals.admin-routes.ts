import {
  adminRejectRequest,
  adminResolveDisputeRequest,
  adminWithdrawal,
  adminWithdrawalPage,
  adminWithdrawalQuery,
  adminWithdrawalSettings,
  adminWithdrawalSettingsRequest,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readMultipartForm } from '../../http/multipart.ts';
import { defineAdminRoute, referenceParams } from '../../http/route.ts';
import type { Merchant } from '../../http/principals.ts';
import type { WithdrawalSettings } from './withdrawal-settings.ts';
import type { WithdrawalOperatorService } from './withdrawals.operator.service.ts';

const tags = ['admin: withdrawals'];

const presentSettings = (s: WithdrawalSettings, merchant: Merchant) => ({
  currency: merchant.currency,
  exponent: merchant.currencyExponent,
  minAmount: s.minAmount.toString(),
  maxAmount: s.maxAmount.toString(),
  confirmWindowMinutes: s.confirmWindowMinutes,
  cancelAllowed: s.cancelAllowed,
});

/** Operator handling of withdrawals: review, approve/reject, disburse, resolve disputes, settings. Each action is audited. */
export function registerWithdrawalAdminRoutes(app: FastifyInstance, ops: WithdrawalOperatorService): void {
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/withdrawals',
      permission: 'payments.view',
      summary: 'Withdrawals of this merchant, newest first (filter by status)',
      tags,
      querystring: adminWithdrawalQuery,
      response: adminWithdrawalPage,
    },
    ({ merchant, query }) => ops.list(merchant, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/withdrawals/:id',
      permission: 'payments.view',
      summary: 'One withdrawal',
      tags,
      params: referenceParams('WDR'),
      response: adminWithdrawal,
    },
    async ({ merchant, params }) => ops.getOne(merchant, await ops.idOf(merchant, params.id)),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/withdrawals/:id/proof',
      permission: 'payments.view',
      summary: 'The member’s "not received" proof image (data URI) or null',
      tags,
      params: referenceParams('WDR'),
      response: z.object({ image: z.string().nullable() }),
    },
    async ({ merchant, params }) => ({ image: await ops.proof(merchant, await ops.idOf(merchant, params.id)) }),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/withdrawals/:id/approve',
      permission: 'withdrawals.decide',
      summary: 'Approve a requested withdrawal (audited)',
      tags,
      params: referenceParams('WDR'),
      response: adminWithdrawal,
    },
    async ({ merchant, admin, ip, params }) =>
      ops.approve(merchant, { id: admin.id, ip }, await ops.idOf(merchant, params.id)),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/withdrawals/:id/reject',
      permission: 'withdrawals.decide',
      summary:
        'Reject a requested withdrawal (or an approved one with from: "approved"): the hold is released (audited)',
      tags,
      params: referenceParams('WDR'),
      body: adminRejectRequest,
      response: adminWithdrawal,
    },
    async ({ merchant, admin, ip, params, body }) =>
      ops.reject(merchant, { id: admin.id, ip }, await ops.idOf(merchant, params.id), body.reason, body.from),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/withdrawals/:id/disburse',
      permission: 'withdrawals.decide',
      summary:
        'Mark an approved withdrawal paid: the hold is posted, the receipt window opens (audited). JSON {} or multipart with the payment’s proof image "proof" (PNG/JPEG, ≤ 5 MB)',
      tags,
      params: referenceParams('WDR'),
      response: adminWithdrawal,
    },
    async ({ merchant, admin, ip, params, request }) => {
      // The form first: a malformed upload is a 400 whatever the id.
      const proof = request.isMultipart()
        ? (await readMultipartForm(request, { fields: z.object({}), file: 'proof' })).file
        : undefined;
      return ops.disburse(merchant, { id: admin.id, ip }, await ops.idOf(merchant, params.id), proof);
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/withdrawals/:id/payout-proof',
      permission: 'payments.view',
      summary: 'The operator’s proof of the payout (data URI, attached when disbursed) or null',
      tags,
      params: referenceParams('WDR'),
      response: z.object({ image: z.string().nullable() }),
    },
    async ({ merchant, params }) => ({ image: await ops.payoutProof(merchant, await ops.idOf(merchant, params.id)) }),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/withdrawals/:id/resolve-dispute',
      permission: 'withdrawals.decide',
      summary: 'Close a disputed withdrawal, refunding an amount (or "0") to the member (audited)',
      tags,
      params: referenceParams('WDR'),
      body: adminResolveDisputeRequest,
      response: adminWithdrawal,
    },
    async ({ merchant, admin, ip, params, body }) =>
      ops.resolveDispute(merchant, { id: admin.id, ip }, await ops.idOf(merchant, params.id), body.refund, body.note),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/withdrawal-settings',
      permission: 'payments.view',
      summary: 'Withdrawal limits, receipt window and member cancellation of this merchant',
      tags,
      response: adminWithdrawalSettings,
    },
    async ({ merchant }) => presentSettings(await ops.settings(merchant), merchant),
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/withdrawal-settings',
      permission: 'payments.settings',
      summary: 'Change the withdrawal settings (audited)',
      tags,
      body: adminWithdrawalSettingsRequest,
      response: adminWithdrawalSettings,
    },
    async ({ merchant, admin, ip, body }) =>
      presentSettings(await ops.saveSettings(merchant, { id: admin.id, ip }, body), merchant),
  );
}
