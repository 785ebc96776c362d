import type { AdminSabongArena, AdminSabongArenas, AdminSabongSettings } from '@sea/contracts';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import { setTableOpen, type TableActor as Actor, tableAuditor } from '../games/index.ts';
import type { ArenaRow, FightRow, SabongRepository } from './sabong.repository.ts';
import type { SabongService } from './sabong.service.ts';

/**
 * The back office's sabong arenas: their state (open / closed, the fight in play), their settings (plasada, betting
 * window, limits, minimum payout — saved while a fight is in play they wait as pending and the dealer applies them
 * when it opens the next fight), opening and closing (a closed arena finishes its fight in play and opens no next
 * one), and the audited cancel of a fight.
 */
export function createSabongAdmin(deps: {
  repo: SabongRepository;
  service: SabongService;
  audit: Pick<AdminModule, 'recordAction'>;
  /** The realtime nudge of an arena's followers (their screens re-read the arena). */
  changed: (arena: ArenaRow, fight: FightRow) => void;
}) {
  const { repo, service } = deps;

  const audited = tableAuditor(deps.audit);

  async function view(arena: ArenaRow): Promise<AdminSabongArena> {
    const inPlay = await repo.currentFight(arena.id);
    const fight = inPlay ?? (await repo.lastFight(arena.id));
    return {
      code: arena.code,
      name: arena.name,
      status: arena.status,
      plasadaBps: arena.plasada_bps,
      bettingSeconds: arena.betting_seconds,
      minBet: String(arena.min_bet),
      maxBet: String(arena.max_bet),
      fightMax: String(arena.fight_max),
      minPayout: arena.min_payout,
      pending: arena.pending && { ...arena.pending },
      fight: fight
        ? { id: String(fight.id), fightNo: fight.fight_no, phase: fight.status, inPlay: Boolean(inPlay) }
        : null,
    };
  }

  async function arenaOf(merchant: Merchant, code: string): Promise<ArenaRow> {
    await service.ensureArenas(merchant);
    const arena = await repo.arena(merchant.id, code);
    if (!arena) throw new AppError('not_found', 'No such arena.');
    return arena;
  }

  return {
    async adminArenas(merchant: Merchant): Promise<AdminSabongArenas> {
      await service.ensureArenas(merchant);
      const rows = await repo.allArenas(merchant.id);
      return {
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        items: await Promise.all(rows.map(view)),
      };
    },

    /** New settings: from the next fight (at once for a closed arena with nothing in play). Audited. */
    async saveSettings(merchant: Merchant, who: Actor, code: string, s: AdminSabongSettings) {
      await arenaOf(merchant, code);
      const how = await repo.saveSettings(merchant.id, code, s);
      if (!how) throw new AppError('not_found', 'No such arena.');
      await audited(merchant, who, 'sabong_arena.settings', code, { ...s, applies: how });
      return view(await arenaOf(merchant, code));
    },

    /** Opens or closes an arena (closing lets the fight in play finish). Audited; the players' screens are told. */
    async setOpen(merchant: Merchant, who: Actor, code: string, open: boolean) {
      const row = await setTableOpen({
        open,
        find: () => arenaOf(merchant, code),
        setStatus: (status) => repo.setStatus(merchant.id, code, status),
        audit: (action) => audited(merchant, who, `sabong_arena.${action}`, code, {}),
        currentRound: async (r) => (await repo.currentFight(r.id)) ?? (await repo.lastFight(r.id)),
        changed: deps.changed,
      });
      return view(row);
    },

    /** Cancels a fight not yet paid, every bet refunded. Audited with the reason. */
    async cancelFight(merchant: Merchant, who: Actor, fightId: bigint, reason: string) {
      const r = await service.cancelFight(merchant, fightId);
      const fight = await repo.fight(fightId);
      const arena = fight && (await repo.arenaById(fight.arena_id));
      await audited(merchant, who, 'sabong_fight.cancel', String(fightId), {
        arena: arena?.code,
        refunded: r.refunded,
        reason,
      });
      return r;
    },
  };
}

export type SabongAdmin = ReturnType<typeof createSabongAdmin>;
