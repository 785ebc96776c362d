import { manualRebate, manualRebateClaimResult, rebateRecords, rebateRecordsQuery } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineMemberRoute } from '../../http/route.ts';
import type { RebatesService } from './rebates.service.ts';

const tags = ['rebate'];

/** Member centre › manualRebate: today's claimable category rebate, the claim, the rebate records. */
export function registerRebateRoutes(app: FastifyInstance, rebates: RebatesService): void {
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/rebate/manual',
      summary: "Today's category rebate on valid bets: accrued, claimed and claimable per category",
      tags,
      response: manualRebate,
      auth: 'real',
    },
    ({ merchant, member }) => rebates.manualRebate(merchant, member.memberId),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/rebate/manual/claim',
      summary: "Claims today's claimable rebate now (one ledger journal per category; a repeat pays nothing more)",
      tags,
      response: manualRebateClaimResult,
      auth: 'real',
    },
    ({ merchant, member }) => rebates.claim(merchant, member),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/rebate/records',
      summary: 'Category rebates paid to the member (claims and daily payments), newest first',
      tags,
      querystring: rebateRecordsQuery,
      response: rebateRecords,
      auth: 'real',
    },
    ({ merchant, member, query }) => rebates.records(merchant, member.memberId, query),
  );
}
