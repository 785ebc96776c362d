import type { BetRecord, BetRecordPage, betRecordQuery } from '@sea/contracts';
import type { z } from 'zod';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { CatalogueRepository } from './catalogue.repository.ts';
import type { PlayRepository } from './play.repository.ts';

/** A member's bet records (personalHistoryCopy): its own rounds only, with filters and totals. */
export function createRecordsService(deps: {
  play: Pick<PlayRepository, 'records'>;
  catalogue: Pick<CatalogueRepository, 'listVendors'>;
}) {
  return {
    async list(
      merchant: Merchant,
      memberId: bigint,
      q: z.infer<typeof betRecordQuery>,
      language?: string,
    ): Promise<BetRecordPage> {
      if (q.from && q.to && q.from > q.to)
        throw new AppError('validation_failed', undefined, {
          in: 'querystring',
          fields: [{ field: 'to', reason: 'range', message: 'The end date is before the start date' }],
        });
      const [page, vendors] = await Promise.all([
        deps.play.records(
          {
            merchantId: merchant.id,
            memberId,
            category: q.gameType,
            vendorCode: q.vassalage,
            status: q.status,
            from: q.from,
            to: q.to,
            timezone: merchant.timezone,
          },
          { offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
        ),
        deps.catalogue.listVendors(merchant.id),
      ]);
      const vendorName = new Map(vendors.map((v) => [v.code, v.name]));
      const house = new Set(vendors.filter((v) => v.adapter === 'house').map((v) => v.code));
      const items: BetRecord[] = page.rows.map((r) => ({
        id: String(r.id),
        roundRef: r.round_ref,
        gameName:
          (language && r.display_names?.[language]) ||
          r.display_names?.[merchant.defaultLanguage] ||
          r.game_name ||
          r.round_ref,
        gameType: r.category ?? 'RNG',
        vassalage: r.vendor_code,
        vendorName: vendorName.get(r.vendor_code) ?? r.vendor_code,
        stake: String(r.stake),
        payout: String(r.payout),
        net: String(r.payout - r.stake),
        status: r.status,
        summary: r.summary,
        startedAt: r.started_at.toISOString(),
        settledAt: r.settled_at?.toISOString() ?? null,
        verifiable: house.has(r.vendor_code),
      }));
      return {
        items,
        total: page.total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totals: { stake: String(page.stake), payout: String(page.payout), net: String(page.payout - page.stake) },
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        timezone: merchant.timezone,
      };
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
