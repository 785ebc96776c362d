import {
  type AdminDepositMethod,
  adminDepositMethod,
  adminDepositMethodList,
  adminDepositMethodUpdate,
  depositMethodCodeParams,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { defineAdminRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { amountFromText } from '../../lib/money.ts';
import type { AdminModule } from '../admin/index.ts';
import type { DepositMethodRow, DepositsRepository } from './deposits.repository.ts';
import type { DepositsTables } from './deposits.tables.ts';
import { SANDBOX_GATEWAY } from './sandbox-gateway.ts';

const tags = ['admin: deposits'];

const present = (m: DepositMethodRow): AdminDepositMethod => ({
  code: m.code,
  name: m.name,
  kind: m.kind,
  gateway: m.gateway,
  minAmount: String(m.min_amount),
  maxAmount: String(m.max_amount),
  bank:
    m.kind === 'bank_transfer' && m.bank_name !== null && m.account_number !== null && m.account_name !== null
      ? { bankName: m.bank_name, accountNumber: m.account_number, accountName: m.account_name }
      : null,
  sort: m.sort,
  enabled: m.enabled,
});

const invalid = (field: string, message: string) =>
  new AppError('validation_failed', message, { in: 'body', fields: [{ field, reason: 'invalid', message }] });

/**
 * Payment methods and their limits for operators: the merchant's deposit methods (name, minimum and maximum amount,
 * order, on/off, the receiving bank account of a bank transfer). A change is one transaction with its audit record
 * (`deposit_method.update`, target = the method's code). The sandbox gateway is never switched on where it is off
 * (production): it credits without any payment.
 */
export function registerDepositMethodAdminRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<DepositsTables>;
    repo: Pick<DepositsRepository, 'allMethods' | 'updateMethod' | 'findMethod'>;
    audit: Pick<AdminModule, 'recordAction'>;
    sandboxEnabled: boolean;
  },
): void {
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/deposit-methods',
      permission: 'payments.view',
      summary: 'Deposit methods of this merchant with their limits (disabled ones too)',
      tags,
      response: adminDepositMethodList,
    },
    async ({ merchant }) => ({
      currency: merchant.currency,
      exponent: merchant.currencyExponent,
      items: (await deps.repo.allMethods(merchant.id)).map(present),
    }),
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/deposit-methods/:code',
      permission: 'payments.settings',
      summary: 'Change a deposit method: name, limits, order, on/off, receiving bank account (audited)',
      tags,
      params: depositMethodCodeParams,
      body: adminDepositMethodUpdate,
      response: adminDepositMethod,
    },
    async ({ merchant, admin, ip, params, body }) => {
      const current = await deps.repo.findMethod(merchant.id, params.code);
      if (!current) throw new AppError('not_found', 'No such deposit method.');
      const minAmount = amountFromText(body.minAmount, merchant.currencyExponent);
      const maxAmount = amountFromText(body.maxAmount, merchant.currencyExponent);
      if (maxAmount < minAmount) throw invalid('maxAmount', 'The maximum cannot be below the minimum.');
      if (current.kind === 'bank_transfer' && !body.bank)
        throw invalid('bank', 'A bank transfer needs the receiving bank account.');
      if (current.kind === 'gateway' && body.bank) throw invalid('bank', 'A gateway method has no bank account.');
      if (body.enabled && current.gateway === SANDBOX_GATEWAY && !deps.sandboxEnabled)
        throw new AppError(
          'function_not_enabled',
          'The sandbox gateway credits without any payment: it cannot be switched on here.',
        );
      const row = await deps.db.transaction().execute(async (trx) => {
        const updated = await deps.repo.updateMethod(trx, merchant.id, params.code, {
          name: body.name,
          min_amount: minAmount,
          max_amount: maxAmount,
          sort: body.sort,
          enabled: body.enabled,
          ...(body.bank && {
            bank_name: body.bank.bankName,
            account_number: body.bank.accountNumber,
            account_name: body.bank.accountName,
          }),
        });
        if (!updated) throw new AppError('not_found', 'No such deposit method.');
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'deposit_method.update',
          targetType: 'deposit_method',
          targetId: updated.code,
          detail: {
            before: { ...present(current) },
            after: { ...present(updated) },
          },
          ip,
        });
        return updated;
      });
      return present(row);
    },
  );
}
