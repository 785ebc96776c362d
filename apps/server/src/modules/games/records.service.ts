import type { BetRecord, BetRecordPage, betRecordQuery } from '@sea/contracts';
import type { z } from 'zod';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { CatalogueRepository } from './catalogue.repository.ts';
import type { GameCategoryCode } from './games.tables.ts';
import type { PlayRepository, RecordFilter } from './play.repository.ts';

export type { RecordFilter } from './play.repository.ts';

/** One bet of another module's books shown among the rounds (the lottery's bets). */
export interface RecordSourceRow {
  id: string;
  roundRef: string;
  vendorCode: string;
  gameCode: string;
  category: GameCategoryCode;
  stake: bigint;
  payout: bigint;
  status: BetRecord['status'];
  summary: string | null;
  startedAt: Date;
  settledAt: Date | null;
}

/**
 * A module whose bets are not game rounds (the lottery) but belong in the member's bet records: it answers the
 * same filter with its first `limit` rows, newest first, and the count and sums of every matching row.
 */
export interface BetRecordSource {
  records(
    f: RecordFilter,
    limit: number,
  ): Promise<{ rows: RecordSourceRow[]; total: number; stake: bigint; payout: bigint }>;
}

/** A member's bet records (personalHistoryCopy): its own rounds only, with filters and totals. */
export function createRecordsService(deps: {
  play: Pick<PlayRepository, 'records'>;
  catalogue: Pick<CatalogueRepository, 'listVendors' | 'findGameByCode'>;
}) {
  const sources: BetRecordSource[] = [];
  return {
    /** Another module's bets join the records (app.ts wires the lottery's). */
    addSource(source: BetRecordSource): void {
      sources.push(source);
    },

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
      const filter: RecordFilter = {
        merchantId: merchant.id,
        memberId,
        category: q.gameType,
        vendorCode: q.vassalage,
        status: q.status,
        from: q.from,
        to: q.to,
        timezone: merchant.timezone,
      };
      const offset = (q.pageNo - 1) * q.pageSize;
      // With other sources, each gives its first offset + pageSize rows and the page is cut from the merge.
      const window = sources.length ? { offset: 0, limit: offset + q.pageSize } : { offset, limit: q.pageSize };
      const [page, vendors, extra] = await Promise.all([
        deps.play.records(filter, window),
        deps.catalogue.listVendors(merchant.id),
        Promise.all(sources.map((s) => s.records(filter, offset + q.pageSize))),
      ]);
      const vendorName = new Map(vendors.map((v) => [v.code, v.name]));
      const house = new Set(vendors.filter((v) => v.adapter === 'house').map((v) => v.code));
      const nameOf = (names: Record<string, string> | null | undefined, name: string | null | undefined, ref: string) =>
        (language && names?.[language]) || names?.[merchant.defaultLanguage] || name || ref;
      const rounds: BetRecord[] = page.rows.map((r) => ({
        id: String(r.id),
        roundRef: r.round_ref,
        gameName: nameOf(r.display_names, r.game_name, r.round_ref),
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
      let items = rounds;
      let total = page.total;
      let stake = page.stake;
      let payout = page.payout;
      if (sources.length) {
        const games = new Map<string, Awaited<ReturnType<typeof deps.catalogue.findGameByCode>>>();
        const others: BetRecord[] = [];
        for (const part of extra) {
          total += part.total;
          stake += part.stake;
          payout += part.payout;
          for (const r of part.rows) {
            const key = `${r.vendorCode}:${r.gameCode}`;
            if (!games.has(key))
              games.set(key, await deps.catalogue.findGameByCode(merchant.id, r.vendorCode, r.gameCode));
            const game = games.get(key);
            others.push({
              id: r.id,
              roundRef: r.roundRef,
              gameName: nameOf(game?.display_names, game?.name, r.gameCode),
              gameType: r.category,
              vassalage: r.vendorCode,
              vendorName: vendorName.get(r.vendorCode) ?? r.vendorCode,
              stake: String(r.stake),
              payout: String(r.payout),
              net: String(r.payout - r.stake),
              status: r.status,
              summary: r.summary,
              startedAt: r.startedAt.toISOString(),
              settledAt: r.settledAt?.toISOString() ?? null,
              verifiable: house.has(r.vendorCode),
            });
          }
        }
        items = [...rounds, ...others]
          .sort((a, b) => (a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : 0))
          .slice(offset, offset + q.pageSize);
      }
      return {
        items,
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totals: { stake: String(stake), payout: String(payout), net: String(payout - stake) },
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        timezone: merchant.timezone,
      };
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
