import type {
  AnnouncementCreateRequest,
  AnnouncementDetail,
  AnnouncementPage,
  AnnouncementUpdateRequest,
  announcementListQuery,
  Translations,
} from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { parseTranslations, storeTranslations, type TranslationsJson, translated } from '../../lib/translations.ts';
import type { AnnouncementRow, AnnouncementsRepository } from './announcements.repository.ts';
import type { AnnouncementsTables } from './announcements.tables.ts';

type Db = Kysely<AnnouncementsTables>;
type ListQuery = z.infer<typeof announcementListQuery>;
/** Writes the operator's audit record inside the action's own transaction. */
export type AuditHook = (trx: Db, row: AnnouncementRow) => Promise<void>;

/** The agent centre's announcements are for agent accounts (the merchant's agent types). */
function assertAgent(merchant: Merchant, member: Pick<AuthenticatedMember, 'type'>): void {
  if (!merchant.agentTypes.includes(member.type)) throw new AppError('agent_required');
}

export const presentAdmin = (r: AnnouncementRow) => ({
  id: String(r.id),
  audience: r.audience,
  title: r.title,
  content: r.content,
  translations: parseTranslations(r.translations),
  promotionType: r.promotion_type,
  startsAt: r.starts_at.toISOString(),
  endsAt: r.ends_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

/** What a reader reads of an announcement, in a comparable form (languages sorted, unwritten ones left out). */
function textsOf(title: string, content: string, translations: Translations | undefined): string {
  const kept = Object.entries(JSON.parse(storeTranslations(translations)) as TranslationsJson)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([lang, x]) => [lang, x.title, x.content]);
  return JSON.stringify([title, content, kept]);
}

export function createAnnouncementsService(deps: { db: Db; repo: AnnouncementsRepository; clock: () => Date }) {
  const { db, repo, clock } = deps;
  return {
    /**
     * The agent's announcements (audience 'agents'), newest first, with the unread marker and count; titles in the
     * reader's language (else the default text).
     */
    async forAgent(
      merchant: Merchant,
      member: AuthenticatedMember,
      q: ListQuery,
      language?: string,
    ): Promise<AnnouncementPage> {
      assertAgent(merchant, member);
      const { rows, total, unread } = await repo.page(merchant.id, 'agents', member.memberId, clock(), {
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          title: translated(r, language).title,
          startDateStr: r.starts_at.getTime(),
          promotionType: r.promotion_type,
          unread: r.unread,
        })),
        total,
        unreadCount: unread,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },

    /** One of the agent's announcements; `unread` tells whether it was new before this reading. */
    async agentDetail(
      merchant: Merchant,
      member: AuthenticatedMember,
      id: bigint,
      language?: string,
    ): Promise<AnnouncementDetail> {
      assertAgent(merchant, member);
      const r = await repo.findShown(merchant.id, 'agents', id, member.memberId, clock());
      if (!r) throw new AppError('announcement_not_found');
      return {
        id: String(r.id),
        ...translated(r, language),
        startDateStr: r.starts_at.getTime(),
        promotionType: r.promotion_type,
        unread: r.unread,
      };
    },

    /** The agent opened it: no longer unread (idempotent). */
    async markRead(merchant: Merchant, member: AuthenticatedMember, id: bigint): Promise<{ unread: false }> {
      assertAgent(merchant, member);
      const shown = await repo.findShown(merchant.id, 'agents', id, member.memberId, clock());
      if (!shown) throw new AppError('announcement_not_found');
      await repo.markRead(member.memberId, id, shown.revision);
      return { unread: false };
    },

    /** The operator publishes an announcement (audited in the same transaction). */
    async create(merchant: Merchant, adminId: bigint | null, req: AnnouncementCreateRequest, audit: AuditHook) {
      return db.transaction().execute(async (trx) => {
        const row = await repo.insert(trx, {
          merchant_id: merchant.id,
          audience: req.audience,
          title: req.title,
          content: req.content,
          translations: storeTranslations(req.translations),
          promotion_type: req.promotionType ?? null,
          starts_at: req.startsAt ? new Date(req.startsAt) : clock(),
          ends_at: req.endsAt ? new Date(req.endsAt) : null,
          created_by: adminId,
        });
        await audit(trx, row);
        return presentAdmin(row);
      });
    },

    /**
     * The operator edits one after publishing (or while scheduled): its texts and translations, audience and window
     * are replaced; a withdrawn one is not found. The audit (same transaction) gets the old and the new version.
     * Readers load announcements from the database on each call, so every process shows the new text at once.
     */
    async update(
      merchant: Merchant,
      id: bigint,
      req: AnnouncementUpdateRequest,
      audit: (trx: Db, before: AnnouncementRow, after: AnnouncementRow) => Promise<void>,
    ) {
      return db.transaction().execute(async (trx) => {
        const before = await repo.lockEditable(trx, merchant.id, id);
        if (!before) throw new AppError('announcement_not_found');
        const startsAt = req.startsAt ? new Date(req.startsAt) : before.starts_at;
        const endsAt = req.endsAt ? new Date(req.endsAt) : null;
        if (endsAt && endsAt <= startsAt) throw new AppError('validation_failed', 'The end must come after the start.');
        // Unread again for its readers when what they read changed (title, content, a translation); not for a new
        // window, order or audience.
        const seen =
          textsOf(req.title, req.content, req.translations) !==
          textsOf(before.title, before.content, parseTranslations(before.translations));
        const after = await repo.update(trx, id, seen, {
          audience: req.audience,
          title: req.title,
          content: req.content,
          translations: storeTranslations(req.translations),
          promotion_type: req.promotionType ?? null,
          starts_at: startsAt,
          ends_at: endsAt,
        });
        await audit(trx, before, after);
        return presentAdmin(after);
      });
    },

    /** The demo seed's announcement: the row an operator's makes, with no operator behind it (nothing to audit). */
    async publishDemo(merchant: Merchant, req: AnnouncementCreateRequest) {
      return this.create(merchant, null, req, async () => undefined);
    },

    async adminList(merchant: Merchant, q: ListQuery) {
      const { rows, total } = await repo.adminPage(merchant.id, {
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return { list: rows.map(presentAdmin), total, pageNo: q.pageNo, pageSize: q.pageSize };
    },

    /** The operator withdraws one (gone for everyone at once; audited in the same transaction). */
    async withdraw(merchant: Merchant, id: bigint, audit: (trx: Db) => Promise<void>): Promise<{ withdrawn: true }> {
      return db.transaction().execute(async (trx) => {
        if (!(await repo.withdraw(trx, merchant.id, id, clock()))) throw new AppError('announcement_not_found');
        await audit(trx);
        return { withdrawn: true as const };
      });
    },
  };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
