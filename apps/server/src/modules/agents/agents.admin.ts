import {
  adminAgent,
  adminAgentListQuery,
  adminAgentPage,
  adminAgentTreePage,
  adminAgentTreeQuery,
  type AdminAgentTreePage,
  adminCreateAgentRequest,
  adminPromoteRequest,
  agentSettings,
  agentSettingsUpdate,
  parseAmount,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AnyDb } from '../../db/schema.ts';
import type { AuthenticatedAdmin, Merchant } from '../../http/principals.ts';
import { defineAdminRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import { type MembersModule, normalisePoint, pointTenths } from '../members/index.ts';
import type { AgentsRepository } from './agents.repository.ts';

/**
 * The operator's agent management: create an agent (top level or under an agent), promote a member to agent,
 * list agents, and the merchant's agent settings (system maximum rebate point, active-member threshold). Every
 * change is audited in its own transaction.
 */
/** The pending and active contracts of some members, by member id. */
export type ContractsOfPort = (
  merchantId: bigint,
  memberIds: bigint[],
) => Promise<Map<bigint, { type: string; status: string }[]>>;

export function createAgentsAdmin(deps: {
  db: AnyDb;
  repo: AgentsRepository;
  members: Pick<
    MembersModule,
    'create' | 'findByAccount' | 'findById' | 'promote' | 'listAgents' | 'teamSizes' | 'listTeam' | 'uplines'
  >;
  audit: Pick<AdminModule, 'recordAction'>;
  /** The agents' pending and active contracts (the contracts face, wired by app.ts; absent: none shown). */
  contractsOf?: ContractsOfPort;
}) {
  const { members } = deps;

  async function view(merchant: Merchant, id: bigint) {
    const row = await members.findById(merchant.id, id);
    if (!row) throw new AppError('not_found');
    const [sizes, upline] = await Promise.all([
      members.teamSizes([row.id]),
      row.upline_id === null ? undefined : members.findById(merchant.id, row.upline_id),
    ]);
    return {
      id: String(row.id),
      account: row.account,
      type: row.type,
      rebatePoint: normalisePoint(String(row.rebate_point)),
      uplineAccount: upline?.account ?? null,
      affiliateCode: row.affiliate_code,
      teamSize: sizes.get(row.id) ?? 1,
      status: row.status,
    };
  }

  function capCheck(point: string, cap: string) {
    if (pointTenths(point) > pointTenths(cap))
      throw new AppError(
        'rebate_point_invalid',
        `The rebate point cannot exceed the system maximum ${normalisePoint(cap)}.`,
        {
          max: normalisePoint(cap),
        },
      );
  }

  return {
    async create(
      merchant: Merchant,
      admin: AuthenticatedAdmin,
      ip: string,
      body: z.infer<typeof adminCreateAgentRequest>,
    ) {
      const type = body.type ?? merchant.agentTypes[0];
      if (type === undefined || !merchant.agentTypes.includes(type))
        throw new AppError('validation_failed', undefined, {
          in: 'body',
          fields: [{ field: 'type', reason: 'invalid_value', message: `Use one of ${merchant.agentTypes.join(', ')}` }],
        });
      const { maxRebatePoint } = await deps.repo.settings(merchant.id);
      capCheck(body.rebatePoint, maxRebatePoint);
      let uplineId: bigint | null = null;
      if (body.uplineAccount) {
        const upline = await members.findByAccount(merchant.id, body.uplineAccount);
        if (!upline || !merchant.agentTypes.includes(upline.type))
          throw new AppError('not_found', 'No agent with this account.');
        uplineId = upline.id;
      }
      const row = await members.create(
        {
          merchant,
          account: body.account,
          password: body.password,
          type,
          nickname: body.nickname || null,
          uplineId,
          rebatePoint: body.rebatePoint,
          ip,
          mustChangePassword: true,
        },
        {
          alsoInTransaction: (trx, created) =>
            deps.audit.recordAction(trx, {
              merchantId: merchant.id,
              adminId: admin.id,
              action: 'agent.create',
              targetType: 'member',
              targetId: created.account,
              detail: { account: created.account, type, rebatePoint: body.rebatePoint, uplineId },
              ip,
            }),
        },
      );
      return view(merchant, row.id);
    },

    async promote(
      merchant: Merchant,
      admin: AuthenticatedAdmin,
      ip: string,
      body: z.infer<typeof adminPromoteRequest>,
    ) {
      const type = body.type ?? merchant.agentTypes[0];
      if (type === undefined) throw new AppError('function_not_enabled');
      const member = await members.findByAccount(merchant.id, body.account);
      if (!member) throw new AppError('not_found', 'No member with this account.');
      const { maxRebatePoint } = await deps.repo.settings(merchant.id);
      if (body.rebatePoint !== undefined && member.upline_id === null) capCheck(body.rebatePoint, maxRebatePoint);
      await deps.db.transaction().execute(async (trx) => {
        await members.promote(merchant, member.id, type, {
          rebatePoint: body.rebatePoint,
          executor: trx,
          cap: maxRebatePoint,
        });
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'agent.promote',
          targetType: 'member',
          targetId: member.account,
          detail: { account: member.account, fromType: member.type, type, rebatePoint: body.rebatePoint ?? null },
          ip,
        });
      });
      return view(merchant, member.id);
    },

    async list(merchant: Merchant, q: z.infer<typeof adminAgentListQuery>) {
      const page = await members.listAgents(merchant.id, merchant.agentTypes, {
        search: q.search,
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      });
      const sizes = await members.teamSizes(page.rows.map((r) => r.id));
      return {
        rows: page.rows.map((r) => ({
          id: String(r.id),
          account: r.account,
          type: r.type,
          rebatePoint: normalisePoint(r.rebate_point),
          uplineAccount: r.upline_account,
          affiliateCode: r.affiliate_code,
          teamSize: sizes.get(r.id) ?? 1,
          status: r.status,
        })),
        total: page.total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },

    /**
     * One level of the agent tree: the top-level agents, or the direct downlines of `parent` (paged), each with its
     * level, team size below it and live contracts.
     */
    async tree(merchant: Merchant, q: z.infer<typeof adminAgentTreeQuery>): Promise<AdminAgentTreePage> {
      const offset = (q.pageNo - 1) * q.pageSize;
      type Row = {
        id: bigint;
        account: string;
        nickname: string | null;
        type: number;
        status: 'active' | 'disabled' | 'closed';
        rebate_point: string;
      };
      let rows: Row[];
      let total: number;
      let parent: { account: string; level: number } | null = null;
      if (q.parent === undefined) {
        const page = await members.listAgents(merchant.id, merchant.agentTypes, {
          topLevel: true,
          offset,
          limit: q.pageSize,
        });
        ({ rows, total } = page);
      } else {
        const p = await members.findByAccount(merchant.id, q.parent);
        if (!p) throw new AppError('not_found', 'No member with this account.');
        const [page, uplines] = await Promise.all([
          members.listTeam(merchant.id, p.id, { scope: 'direct', offset, limit: q.pageSize }),
          members.uplines(merchant.id, p.id),
        ]);
        ({ rows, total } = page);
        parent = { account: p.account, level: uplines.length + 1 };
      }
      const ids = rows.map((r) => r.id);
      const [sizes, contracts] = await Promise.all([
        members.teamSizes(ids),
        deps.contractsOf ? deps.contractsOf(merchant.id, ids) : new Map<bigint, { type: string; status: string }[]>(),
      ]);
      return {
        rows: rows.map((r) => ({
          account: r.account,
          nickname: r.nickname,
          type: r.type,
          isAgent: merchant.agentTypes.includes(r.type),
          level: parent ? parent.level + 1 : 1,
          downlines: Math.max(0, (sizes.get(r.id) ?? 1) - 1),
          rebatePoint: normalisePoint(String(r.rebate_point)),
          status: r.status,
          contracts: contracts.get(r.id) ?? [],
        })),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        parent,
      };
    },

    async settings(merchant: Merchant) {
      const s = await deps.repo.settings(merchant.id);
      return {
        maxRebatePoint: normalisePoint(s.maxRebatePoint),
        activeMinBet: String(s.activeMinBet),
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
      };
    },

    async updateSettings(
      merchant: Merchant,
      admin: AuthenticatedAdmin,
      ip: string,
      body: z.infer<typeof agentSettingsUpdate>,
    ) {
      const s = await deps.repo.settings(merchant.id);
      const next = {
        maxRebatePoint: body.maxRebatePoint !== undefined ? normalisePoint(body.maxRebatePoint) : s.maxRebatePoint,
        activeMinBet:
          body.activeMinBet !== undefined ? amountOf(body.activeMinBet, merchant.currencyExponent) : s.activeMinBet,
      };
      await deps.db.transaction().execute(async (trx) => {
        await deps.repo.saveSettings(merchant.id, next, trx);
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'agent.settings',
          targetType: 'merchant',
          targetId: merchant.code,
          detail: { maxRebatePoint: next.maxRebatePoint, activeMinBet: next.activeMinBet },
          ip,
        });
      });
      return {
        maxRebatePoint: normalisePoint(next.maxRebatePoint),
        activeMinBet: String(next.activeMinBet),
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
      };
    },
  };
}

function amountOf(text: string, exponent: number): bigint {
  try {
    return parseAmount(text, exponent);
  } catch {
    throw new AppError('amount_invalid');
  }
}

export type AgentsAdmin = ReturnType<typeof createAgentsAdmin>;

export function registerAgentAdminRoutes(app: FastifyInstance, admin: AgentsAdmin): void {
  const tags = ['admin: agents'];
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/agents',
      permission: 'agents.view',
      summary: 'Agents of this merchant (paged, search by account) with their team size',
      tags,
      querystring: adminAgentListQuery,
      response: adminAgentPage,
    },
    ({ merchant, query }) => admin.list(merchant, query),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/agents',
      permission: 'agents.manage',
      summary: 'Create an agent (top level, or under an agent) with its rebate point (audited)',
      tags,
      body: adminCreateAgentRequest,
      response: adminAgent,
    },
    ({ merchant, admin: who, ip, body }) => admin.create(merchant, who, ip, body),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/agents/promote',
      permission: 'agents.manage',
      summary: 'Promote an existing member to agent (audited)',
      tags,
      body: adminPromoteRequest,
      response: adminAgent,
    },
    ({ merchant, admin: who, ip, body }) => admin.promote(merchant, who, ip, body),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/agents/tree',
      permission: 'agents.view',
      summary:
        'One level of the agent tree (paged): the top-level agents, or the direct downlines of ?parent=<account>, each with its level, team size and live contracts',
      tags,
      querystring: adminAgentTreeQuery,
      response: adminAgentTreePage,
    },
    ({ merchant, query }) => admin.tree(merchant, query),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/agents/settings',
      permission: 'agents.view',
      summary: 'Agent settings: system maximum rebate point, active-member valid bet threshold',
      tags,
      response: agentSettings,
    },
    ({ merchant }) => admin.settings(merchant),
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/agents/settings',
      permission: 'agents.manage',
      summary: 'Change the agent settings (audited)',
      tags,
      body: agentSettingsUpdate,
      response: agentSettings,
    },
    ({ merchant, admin: who, ip, body }) => admin.updateSettings(merchant, who, ip, body),
  );
}
