import {
  adminContractList,
  adminContractQuery,
  adminSettlementList,
  adminSettlementQuery,
  contractView,
  houseContractOfferRequest,
  rebateCategory,
  rebateRateRequest,
  rebateRates,
  settleRunReport,
  settleRunRequest,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MembersModule } from '../members/index.ts';
import { type ContractType, DEFAULT_REBATE_BP, type RebateCategory } from './contract-rules.ts';
import type { ContractsRepository } from './contracts.repository.ts';
import type { SettlementReport } from './contracts.settlement.ts';
import { percentToBp, termsOf, type ContractsService } from './contracts.service.ts';

const tags = ['admin: contracts'];

/** The house's side: contracts with top-level agents, and the merchant's category rebate rates (audited). */
export function registerContractsAdminRoutes(
  app: FastifyInstance,
  deps: {
    contracts: ContractsService;
    repo: ContractsRepository;
    members: Pick<MembersModule, 'findByAccount'>;
    audit: Pick<AdminModule, 'recordAction'>;
    /** The settlement jobs' own entry (undefined when no team figures are wired: no settlement at all). */
    settle?: (type: ContractType) => Promise<SettlementReport>;
  },
): void {
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/contracts/settle',
      permission: 'agents.manage',
      summary:
        "Run one contract type's settlement now, as its scheduled job does (due periods only, each paid once; audited)",
      tags,
      body: settleRunRequest,
      response: settleRunReport,
    },
    async ({ merchant, admin, ip, body }) => {
      if (!deps.settle) throw new AppError('function_not_enabled', 'Contract settlement is not available here.');
      const report = await deps.settle(body.type);
      await deps.audit.recordAction(undefined, {
        merchantId: merchant.id,
        adminId: admin.id,
        action: 'contract.settle_run',
        targetType: 'contract_type',
        targetId: body.type,
        detail: { paid: report.paid, notReached: report.notReached, unpaid: report.insufficientFunds.length },
        ip,
      });
      return report;
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/contracts/house-offer',
      permission: 'agents.manage',
      summary: 'Offer a top-level agent a contract from the house (paid from agent_payouts; audited)',
      tags,
      body: houseContractOfferRequest,
      response: contractView,
    },
    async ({ merchant, admin, ip, body }) => {
      const agent = await deps.members.findByAccount(merchant.id, body.agentAccount);
      if (!agent) throw new AppError('contract_not_direct_downline', 'No such top-level agent.');
      const terms = termsOf(merchant, { ...body, downlineAccount: body.agentAccount });
      return deps.contracts.offerFromHouse(merchant, agent.id, terms, (trx, row) =>
        deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'contract.house_offer',
          targetType: 'contract',
          targetId: row.id,
          detail: { agentId: String(agent.id), type: row.type, tiers: body.tiers },
          ip,
        }),
      );
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/contracts',
      permission: 'agents.view',
      summary: 'Contracts of this merchant, newest first (filter by agent account, type, status)',
      tags,
      querystring: adminContractQuery,
      response: adminContractList,
    },
    ({ merchant, query }) => deps.contracts.allContracts(merchant, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/contracts/settlements',
      permission: 'agents.view',
      summary: 'Contract settlements of this merchant, newest first (status=insufficient_funds: unpaid by the upline)',
      tags,
      querystring: adminSettlementQuery,
      response: adminSettlementList,
    },
    ({ merchant, query }) => deps.contracts.allSettlements(merchant, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/contracts/rebate-rates',
      permission: 'agents.view',
      summary: "The merchant's category rebate rates (basis points; the spec's defaults unless changed)",
      tags,
      response: rebateRates,
    },
    async ({ merchant }) => {
      const own = await deps.repo.rebateRates(merchant.id);
      return {
        list: (Object.keys(DEFAULT_REBATE_BP) as RebateCategory[]).map((category) => ({
          category,
          rateBp: own[category] ?? DEFAULT_REBATE_BP[category],
          isDefault: own[category] === undefined,
        })),
      };
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/contracts/rebate-rates/:category',
      permission: 'agents.manage',
      summary: 'Set a category rebate rate in percent (0 = none; audited)',
      tags,
      params: z.object({ category: rebateCategory }),
      body: rebateRateRequest,
      response: z.object({ category: rebateCategory, rateBp: z.number().int() }),
    },
    async ({ merchant, admin, ip, params, body }) => {
      const rateBp = percentToBp(body.rate);
      if (rateBp > 10_000) throw new AppError('validation_failed', 'A rate is at most 100 %.');
      await deps.repo.setRebateRate(merchant.id, params.category, rateBp, (trx) =>
        deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'contract.rebate_rate',
          targetType: 'rebate_rate',
          targetId: params.category,
          detail: { rateBp },
          ip,
        }),
      );
      return { category: params.category, rateBp };
    },
  );
}
