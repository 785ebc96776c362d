import {
  bankAccount,
  bankAccountRequest,
  receiptRequest,
  transactionPasswordRequest,
  withdrawal,
  withdrawalPage,
  withdrawalPageQuery,
  withdrawalRequest,
  withdrawalRequestResult,
  withdrawSettings,
} from '@sea/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readMultipartForm, validationError } from '../../http/multipart.ts';
import { defineMemberRoute, idParams, referenceParams } from '../../http/route.ts';
import type { BankAccountsService } from './bank-accounts.service.ts';
import type { TransactionPasswordService } from './transaction-password.service.ts';
import type { ReceiptInput, WithdrawalsService } from './withdrawals.service.ts';

const tags = ['withdraw'];

/** JSON `{result, receivedAmount?}`, or multipart with those fields and the image part `proof`. */
async function readReceipt(request: FastifyRequest): Promise<ReceiptInput> {
  if (!request.isMultipart()) {
    const parsed = receiptRequest.safeParse(request.body ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    return parsed.data;
  }
  const { fields, file } = await readMultipartForm(request, { fields: receiptRequest, file: 'proof' });
  return { ...fields, ...(file && { proof: file }) };
}

/** Member withdrawal routes (real accounts only): bank accounts, transaction password, requests, receipt. */
export function registerWithdrawalRoutes(
  app: FastifyInstance,
  deps: { withdrawals: WithdrawalsService; bankAccounts: BankAccountsService; txPassword: TransactionPasswordService },
): void {
  const { withdrawals, bankAccounts, txPassword } = deps;

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/withdraw/settings',
      summary: 'Withdrawal settings for this member (transaction password set, limits, available balance)',
      tags,
      response: withdrawSettings,
      auth: 'real',
    },
    ({ merchant, member }) => withdrawals.settings(merchant, member.memberId),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/member/transaction-password',
      summary: 'Set or change the 6-digit transaction password (needs the login password)',
      tags,
      body: transactionPasswordRequest,
      response: z.null(),
      auth: 'real',
      encrypted: true,
    },
    async ({ merchant, member, body }) => {
      await txPassword.set(merchant, member.memberId, body);
      return null;
    },
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/withdraw/bank-accounts',
      summary: 'The member’s payout bank accounts',
      tags,
      response: z.array(bankAccount),
      auth: 'real',
    },
    ({ merchant, member }) => bankAccounts.list(merchant, member.memberId),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/withdraw/bank-accounts',
      summary: 'Add a payout bank account (at most 5, no duplicates)',
      tags,
      body: bankAccountRequest,
      response: bankAccount,
      auth: 'real',
    },
    ({ merchant, member, body }) => bankAccounts.add(merchant, member.memberId, body),
  );

  defineMemberRoute(
    app,
    {
      method: 'DELETE',
      url: '/wps/withdraw/bank-accounts/:id',
      summary: 'Remove a bank account (refused while a withdrawal to it is open)',
      tags,
      params: idParams,
      response: z.null(),
      auth: 'real',
    },
    async ({ merchant, member, params }) => {
      await bankAccounts.remove(merchant, member.memberId, params.id);
      return null;
    },
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/withdraw/requests',
      summary: 'Request a withdrawal: the amount is held at once (idempotent per requestId)',
      tags,
      body: withdrawalRequest,
      response: withdrawalRequestResult,
      auth: 'real',
      encrypted: true,
    },
    ({ merchant, member, body }) => withdrawals.request(merchant, member.memberId, body),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/withdraw/requests',
      summary: 'The member’s withdrawals, newest first',
      tags,
      querystring: withdrawalPageQuery,
      response: withdrawalPage,
      auth: 'real',
    },
    ({ merchant, member, query }) => withdrawals.list(merchant, member.memberId, query),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/withdraw/requests/:id/cancel',
      summary: 'Cancel a requested withdrawal (only where the merchant allows it); :id is its reference (WDR-…)',
      tags,
      params: referenceParams('WDR'),
      response: withdrawal,
      auth: 'real',
    },
    async ({ merchant, member, params }) =>
      withdrawals.cancel(merchant, member.memberId, await withdrawals.idOf(merchant, params.id)),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/withdraw/requests/:id/receipt',
      summary:
        'Confirm receipt after disbursement: received, not_received (multipart with image "proof") or partial (receivedAmount); :id is the reference (WDR-…)',
      tags,
      params: referenceParams('WDR'),
      response: withdrawal,
      auth: 'real',
    },
    async ({ merchant, member, params, request }) => {
      const input = await readReceipt(request); // the body first: a malformed form is a 400 whatever the id
      return withdrawals.confirmReceipt(merchant, member.memberId, await withdrawals.idOf(merchant, params.id), input);
    },
  );
}
