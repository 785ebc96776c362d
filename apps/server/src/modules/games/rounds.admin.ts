import { type AdminRound, type AdminTableProof, adminRoundLookup, adminRoundQuery } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import type { Merchant } from '../../http/principals.ts';
import { defineAdminRoute } from '../../http/route.ts';
import type { MembersModule } from '../members/index.ts';
import type { CatalogueRepository, VendorRow } from './catalogue.repository.ts';
import type { GameProvider } from './launch.service.ts';
import type { PlayRepository } from './play.repository.ts';

/**
 * The back office's round lookup: a round found by the reference the member's betting record shows, with the
 * member by account (never an internal id), and for a provably-fair provider (our own games) the proof and the same
 * check the member's fairness page makes. A vendor's round shows what the vendor reported, without a proof.
 */
export function registerRoundAdminRoutes(
  app: FastifyInstance,
  deps: {
    play: Pick<PlayRepository, 'roundsByRef'>;
    catalogue: Pick<CatalogueRepository, 'listVendors'>;
    members: Pick<MembersModule, 'accountsOf'>;
    providerOf: (adapter: VendorRow['adapter']) => GameProvider | undefined;
    /** The proof of a shared-round table game's round (registered by its module), or null. */
    tableProofOf: (merchant: Merchant, reference: string) => Promise<AdminTableProof | null>;
  },
): void {
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/games/rounds',
      permission: 'games.view',
      summary: 'A round by its public reference (betting record), with the fairness proof of our own games',
      tags: ['admin: games'],
      querystring: adminRoundQuery,
      response: adminRoundLookup,
    },
    async ({ merchant, query }) => {
      const rows = await deps.play.roundsByRef(merchant.id, query.reference);
      if (rows.length === 0) return { items: [] };
      const [vendors, accounts] = await Promise.all([
        deps.catalogue.listVendors(merchant.id),
        deps.members.accountsOf(
          merchant.id,
          rows.map((r) => r.member_id),
        ),
      ]);
      const vendorOf = new Map(vendors.map((v) => [v.code, v]));
      const items: AdminRound[] = [];
      for (const r of rows) {
        const vendor = vendorOf.get(r.vendor_code);
        const provider = vendor && deps.providerOf(vendor.adapter);
        items.push({
          reference: r.round_ref,
          vendorCode: r.vendor_code,
          vendorName: vendor?.name ?? r.vendor_code,
          gameCode: r.game_code,
          gameName: r.game_name,
          category: r.category,
          memberAccount: accounts.get(r.member_id) ?? '—',
          stake: String(r.stake),
          payout: String(r.payout),
          net: String(r.payout - r.stake),
          status: r.status,
          summary: r.summary,
          startedAt: r.started_at.toISOString(),
          settledAt: r.settled_at?.toISOString() ?? null,
          currency: merchant.currency,
          exponent: merchant.currencyExponent,
          proof: provider?.roundProof ? await provider.roundProof(merchant, r.member_id, r.round_ref) : null,
          tableProof: await deps.tableProofOf(merchant, r.round_ref),
        });
      }
      return { items };
    },
  );
}
