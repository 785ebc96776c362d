import {
  agentPolicy,
  agentPolicyQuery,
  domainRoutes,
  helpCenter,
  helpCenterQuery,
  location,
  siteConfig,
  statusQuery,
  systemStatus,
  whitelabel,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineMemberRoute, defineRoute } from '../../http/route.ts';
import type { SystemService } from './system.service.ts';

const tags = ['system'];

export function registerSystemRoutes(app: FastifyInstance, system: SystemService): void {
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/policy',
      summary: "The merchant's agent policy (commission, rebate, contract terms) for agents; AGENTPOLICY3",
      tags: ['agent'],
      querystring: agentPolicyQuery,
      response: agentPolicy,
      auth: 'real',
    },
    ({ merchant, member, query }) => system.agentPolicy(merchant, member, query.lang),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/system/status',
      summary: 'Permission call: 0 normal, 1 maintenance, 2 region restriction',
      tags,
      querystring: statusQuery,
      response: systemStatus,
      access: 'system',
    },
    ({ merchant, ip }) => system.status(merchant, ip),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/system/whitelabel',
      summary: 'Feature flags of the merchant',
      tags,
      response: whitelabel,
      access: 'system',
    },
    ({ merchant }) => system.whitelabel(merchant),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/system/domainRoute',
      summary: 'Domains of the merchant',
      tags,
      response: domainRoutes,
      access: 'system',
    },
    ({ merchant }) => system.domainRoutes(merchant),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/system/helpCenter',
      summary: 'Help centre categories and articles',
      tags,
      querystring: helpCenterQuery,
      response: helpCenter,
      access: 'system',
    },
    ({ merchant, query }) => system.helpCenter(merchant, query.lang, query.device ?? 'WEB'),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/system/location',
      summary: 'Visitor IP and country',
      tags,
      response: location,
      access: 'system',
    },
    ({ ip }) => system.location(ip),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/system/site',
      summary: 'Links and payment icons for header, footer and right bar',
      tags,
      response: siteConfig,
      access: 'system',
    },
    ({ merchant }) => system.site(merchant),
  );
}
