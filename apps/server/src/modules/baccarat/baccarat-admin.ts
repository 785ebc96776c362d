import type { AdminBaccaratSettings, AdminBaccaratTable, AdminBaccaratTables } from '@sea/contracts';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import { setTableOpen, type TableActor as Actor, tableAuditor } from '../games/index.ts';
import type { BaccaratRepository, RoundRow, TableRow } from './baccarat.repository.ts';
import type { BaccaratService } from './baccarat.service.ts';

/**
 * The back office's baccarat tables: their state (open / closed, the round in play, the shoe), their settings
 * (saved while a round is in play they wait as pending and the dealer applies them when it opens the next round),
 * opening and closing (a closed table finishes its round in play and opens no next one), and the audited cancel and
 * end-of-shoe actions.
 */
export function createBaccaratAdmin(deps: {
  repo: BaccaratRepository;
  service: BaccaratService;
  audit: Pick<AdminModule, 'recordAction'>;
  /** The realtime nudge of a table's followers (its screens re-read the table). */
  changed: (table: TableRow, round: RoundRow) => void;
}) {
  const { repo, service } = deps;

  const audited = tableAuditor(deps.audit);

  async function view(table: TableRow): Promise<AdminBaccaratTable> {
    const [shoe, inPlay] = await Promise.all([repo.activeShoe(table.id), repo.openRound(table.id)]);
    const round = inPlay ?? (await repo.lastRound(table.id));
    const p = table.pending;
    return {
      code: table.code,
      name: table.name,
      status: table.status,
      variant: table.variant,
      minBet: String(table.min_bet),
      maxBet: String(table.max_bet),
      roundMax: String(table.round_max),
      bettingSeconds: table.betting_seconds,
      pending: p && { ...p },
      round: round ? { id: String(round.id), hand: round.hand, phase: round.status, inPlay: Boolean(inPlay) } : null,
      shoe: shoe ? { id: String(shoe.id), hands: shoe.hands, ending: shoe.cut_hands >= 2 } : null,
    };
  }

  async function tableOf(merchant: Merchant, code: string): Promise<TableRow> {
    await service.ensureTables(merchant);
    const table = await repo.table(merchant.id, code);
    if (!table) throw new AppError('not_found', 'No such table.');
    return table;
  }

  return {
    async adminTables(merchant: Merchant): Promise<AdminBaccaratTables> {
      await service.ensureTables(merchant);
      const rows = await repo.allTables(merchant.id);
      return {
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        items: await Promise.all(rows.map(view)),
      };
    },

    /** New settings: from the next round (at once for a closed table with nothing in play). Audited. */
    async saveSettings(merchant: Merchant, who: Actor, code: string, s: AdminBaccaratSettings) {
      await tableOf(merchant, code);
      const how = await repo.saveSettings(merchant.id, code, s);
      if (!how) throw new AppError('not_found', 'No such table.');
      await audited(merchant, who, 'baccarat_table.settings', code, { ...s, applies: how });
      return view(await tableOf(merchant, code));
    },

    /** Opens or closes a table (closing lets the round in play finish). Audited; the players' screens are told. */
    async setOpen(merchant: Merchant, who: Actor, code: string, open: boolean) {
      const row = await setTableOpen({
        open,
        find: () => tableOf(merchant, code),
        setStatus: (status) => repo.setStatus(merchant.id, code, status),
        audit: (action) => audited(merchant, who, `baccarat_table.${action}`, code, {}),
        currentRound: async (r) => (await repo.openRound(r.id)) ?? (await repo.lastRound(r.id)),
        changed: deps.changed,
      });
      return view(row);
    },

    /** Cancels a round not yet paid, every bet refunded. Audited with the reason. */
    async cancelRound(merchant: Merchant, who: Actor, roundId: bigint, reason: string) {
      const r = await service.cancelRound(merchant, roundId);
      const round = await repo.round(roundId);
      const table = round && (await repo.tableById(round.table_id));
      await audited(merchant, who, 'baccarat_round.cancel', String(roundId), {
        table: table?.code,
        refunded: r.refunded,
        reason,
      });
      return r;
    },

    /** Ends the shoe after the hand in play. Audited with the reason. */
    async endShoe(merchant: Merchant, who: Actor, code: string, reason: string) {
      const r = await service.endShoe(merchant, code);
      await audited(merchant, who, 'baccarat_table.end_shoe', code, { reason });
      return r;
    },
  };
}

export type BaccaratAdmin = ReturnType<typeof createBaccaratAdmin>;
