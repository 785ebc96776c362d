import { adminRaffleList, playerRaffleList, raffleDetail, raffleRequest, raffleSummary } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineAdminRoute, defineMemberRoute, idParams } from '../../http/route.ts';
import type { RaffleService } from './raffle.service.ts';

/** The member's raffles (/wps/raffles…) and the back office's editor and results (/admin/api/raffles…). */
export function registerRaffleRoutes(app: FastifyInstance, s: RaffleService): void {
  const member = ['member', 'rewards'];
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/raffles',
      summary: "Open raffles and those drawn in the last 30 days, with the member's tickets",
      tags: member,
      response: playerRaffleList,
      auth: 'member',
    },
    ({ merchant, member: m }) => s.playerList(merchant, m.memberId),
  );
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/raffles/:id',
      summary: "A raffle: the member's tickets; once drawn the seed, the ticket list and the winners (verifiable)",
      tags: member,
      params: idParams,
      response: raffleDetail,
      auth: 'member',
    },
    ({ merchant, member: m, params }) => s.detail(merchant, params.id, m.memberId),
  );
  const tags = ['admin: rewards'];
  const base = '/admin/api/raffles';
  defineAdminRoute(
    app,
    { method: 'GET', url: base, permission: 'rewards.view', summary: 'Raffles', tags, response: adminRaffleList },
    ({ merchant }) => s.adminList(merchant),
  );
  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: base,
      permission: 'rewards.manage',
      summary: "Add a raffle (its seed's SHA-256 is published at once; audited)",
      tags,
      body: raffleRequest,
      response: raffleSummary,
    },
    ({ merchant, admin, body, ip }) => s.save(merchant, admin, null, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: `${base}/:id`,
      permission: 'rewards.manage',
      summary: 'Change a raffle before its draw (audited)',
      tags,
      params: idParams,
      body: raffleRequest,
      response: raffleSummary,
    },
    ({ merchant, admin, params, body, ip }) => s.save(merchant, admin, params.id, body, ip),
  );
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: `${base}/:id`,
      permission: 'rewards.view',
      summary: 'A raffle with its draw: seed, ticket list and winners',
      tags,
      params: idParams,
      response: raffleDetail,
    },
    ({ merchant, params }) => s.detail(merchant, params.id, null),
  );
}
