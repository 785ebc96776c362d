import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import type { AnyDb } from '../../db/schema.ts';
import type { GamesTables } from './games.tables.ts';
import type { VendorBetRecord, VendorTransferApi } from './launch.service.ts';
import type { IngestBet, TransferBetsRepository } from './transfer-bets.repository.ts';
import type { VendorRow } from './catalogue.repository.ts';

/** How far back each pull reads again (records a vendor commits late, with an earlier settlement time). */
export const TRANSFER_BETS_OVERLAP_MS = 120_000;
const PAGE = 500;
const MAX_PAGES = 20;

/**
 * Transfer-wallet vendors' bets (job transfer-bets): a transfer vendor plays from its own wallet, so its bets reach
 * us only through its bet-record API. Each pull reads from the cursor (less an overlap) page by page; each page in
 * one transaction records its bets once (vendor_bet_ingest), writes them as settled game rounds (bet records,
 * reports) and publishes their play events (wagering, missions, points, leaderboards). Bets of players who are not
 * members of the merchant are left out (logged).
 */
export function createTransferBets(deps: {
  db: Kysely<GamesTables>;
  repo: TransferBetsRepository;
  merchantOf: (id: bigint) => Promise<Merchant | undefined>;
  apiOf: (vendor: VendorRow) => VendorTransferApi | undefined;
  gameIdOf: (merchantId: bigint, vendorCode: string, gameCode: string) => Promise<bigint | null>;
  membersOf: (merchantId: bigint, ids: bigint[]) => Promise<Set<bigint>>;
  events?: {
    publishRefs(trx: AnyDb, rows: { merchantId: bigint; source: 'round'; ref: string }[]): Promise<void>;
  };
  log?: (obj: object, msg: string) => void;
}) {
  const { db, repo } = deps;

  async function toRounds(merchantId: bigint, vendorCode: string, records: VendorBetRecord[]): Promise<IngestBet[]> {
    const ids = records.map((r) => r.playerId).filter((p) => /^\d{1,18}$/.test(p));
    const members = await deps.membersOf(
      merchantId,
      [...new Set(ids)].map((p) => BigInt(p)),
    );
    const out: IngestBet[] = [];
    for (const r of records) {
      if (!/^\d{1,18}$/.test(r.playerId) || !members.has(BigInt(r.playerId)) || r.stake < 0n || r.payout < 0n) {
        deps.log?.({ vendorCode, betId: r.betId, playerId: r.playerId }, 'transfer vendor bet of no member: left out');
        continue;
      }
      const valid =
        r.validBet === undefined ? null : r.validBet < 0n ? 0n : r.validBet > r.stake ? r.stake : r.validBet;
      out.push({
        betId: r.betId,
        memberId: BigInt(r.playerId),
        gameId: await deps.gameIdOf(merchantId, vendorCode, r.gameCode),
        stake: r.stake,
        payout: r.payout,
        validBet: valid,
        placedAt: r.placedAt,
        settledAt: r.settledAt,
        summary: r.summary?.slice(0, 200) ?? null,
      });
    }
    return out;
  }

  /** One vendor's new records: how many bets became rounds. */
  async function pullVendor(vendor: VendorRow): Promise<number> {
    const api = deps.apiOf(vendor);
    const merchant = await deps.merchantOf(vendor.merchant_id);
    if (!api?.bets || !merchant) return 0;
    const from = await repo.cursor(vendor.merchant_id, vendor.code);
    let after = { settledAt: new Date(Math.max(0, from.getTime() - TRANSFER_BETS_OVERLAP_MS)), betId: '' };
    let newest = from;
    let recorded = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const records = await api.bets(merchant, vendor, after, PAGE);
      if (records.length === 0) break;
      const bets = await toRounds(vendor.merchant_id, vendor.code, records);
      await db.transaction().execute(async (trx) => {
        const rounds = await repo.record(trx, vendor.merchant_id, vendor.code, bets);
        recorded += rounds.size;
        await deps.events?.publishRefs(
          trx,
          [...rounds.values()].map((id) => ({
            merchantId: vendor.merchant_id,
            source: 'round' as const,
            ref: String(id),
          })),
        );
      });
      const last = records[records.length - 1]!;
      after = { settledAt: last.settledAt, betId: last.betId };
      if (last.settledAt > newest) newest = last.settledAt;
      if (records.length < PAGE) break;
    }
    if (newest > from) await repo.advance(vendor.merchant_id, vendor.code, newest);
    return recorded;
  }

  return {
    /** Every transfer vendor's new bets (the job); one vendor's failure does not hold the others back. */
    async pull(): Promise<{ recorded: number; failed: number }> {
      let recorded = 0;
      let failed = 0;
      for (const v of await repo.transferVendors())
        recorded += await pullVendor(v).catch((err: unknown) => {
          failed++;
          deps.log?.({ vendorCode: v.code, err: String(err) }, 'transfer vendor bets: pull failed');
          return 0;
        });
      return { recorded, failed };
    },
  };
}
