import {
  contractDecision,
  contractList,
  contractListQuery,
  contractOfferRequest,
  contractSettlementList,
  contractSettlementQuery,
  contractTypesHeld,
  contractView,
  pendingContracts,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineMemberRoute, idParams } from '../../http/route.ts';
import type { ContractsService } from './contracts.service.ts';

const tags = ['agent', 'contracts'];

/** Spec §4 Contracts: offer (upline → direct downline), lists, the popup's pending offers, accept/reject/terminate. */
export function registerContractsRoutes(app: FastifyInstance, contracts: ContractsService): void {
  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/agent/contract/offer',
      summary: 'Offer a contract (dividend, daily wage, hourly or real-time salary) to a direct downline',
      tags,
      body: contractOfferRequest,
      response: contractView,
      auth: 'real',
    },
    ({ merchant, member, body }) => contracts.offer(merchant, member, body),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/contracts',
      summary: 'Contracts the member offered (role=offered) or received (role=received), newest first',
      tags,
      querystring: contractListQuery,
      response: contractList,
      auth: 'real',
    },
    ({ merchant, member, query }) => contracts.list(merchant, member, query),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/contract/pending',
      summary: 'Offers waiting for the logged-in member (the contract popup)',
      tags,
      response: pendingContracts,
      auth: 'real',
    },
    ({ merchant, member }) => contracts.pendingForMe(merchant, member),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/contract/types',
      summary: 'Contract types the member has or had (accepted at some time): its settlement record pages',
      tags,
      response: contractTypesHeld,
      auth: 'real',
    },
    ({ merchant, member }) => contracts.typesHeld(merchant, member),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/contract/settlements',
      summary: "The member's contract settlements (wages, salaries, dividends), newest first",
      tags,
      querystring: contractSettlementQuery,
      response: contractSettlementList,
      auth: 'real',
    },
    ({ merchant, member, query }) => contracts.settlements(merchant, member, query),
  );

  for (const action of ['accept', 'reject', 'terminate'] as const) {
    defineMemberRoute(
      app,
      {
        method: 'POST',
        url: `/wps/agent/contract/:id/${action}`,
        summary: {
          accept:
            'Accept an offer (ends the previous contract of the type; invalidates sub-contracts above the new rates)',
          reject: 'Reject an offer',
          terminate: 'End a contract (either party; its sub-contracts end too) or withdraw a pending offer',
        }[action],
        tags,
        params: idParams,
        response: contractDecision,
        auth: 'real',
      },
      ({ merchant, member, params }) => contracts[action](merchant, member, params.id),
    );
  }
}
