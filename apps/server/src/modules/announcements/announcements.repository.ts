import type { AnnouncementAudience } from '@sea/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AnnouncementsTable, AnnouncementsTables } from './announcements.tables.ts';

type Db = Kysely<AnnouncementsTables>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;

/** SQL of the announcements module (its two tables only). */
export function createAnnouncementsRepository(db: Db) {
  /** What a member of the audience sees at `now`: started, not ended, not withdrawn. */
  const shown = (merchantId: bigint, audience: AnnouncementAudience, now: Date) =>
    db
      .selectFrom('announcements as a')
      .where('a.merchant_id', '=', merchantId)
      .where('a.audience', '=', audience)
      .where('a.withdrawn_at', 'is', null)
      .where('a.starts_at', '<=', now)
      .where((eb) => eb.or([eb('a.ends_at', 'is', null), eb('a.ends_at', '>', now)]));

  /** Unread (with `r`, the member's read, left-joined): never opened, or opened before an edit a reader should see. */
  const unread = sql<boolean>`(r.revision is null or r.revision < a.revision)`;

  return {
    async insert(
      exec: Db,
      row: {
        merchant_id: bigint;
        audience: AnnouncementAudience;
        title: string;
        content: string;
        /** JSON text (lib/translations.ts). */
        translations: string;
        promotion_type: string | null;
        starts_at: Date;
        ends_at: Date | null;
        created_by: bigint | null;
      },
    ): Promise<AnnouncementRow> {
      return exec.insertInto('announcements').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** The shown announcements of an audience, newest first, each with whether the member has read it. */
    async page(
      merchantId: bigint,
      audience: AnnouncementAudience,
      memberId: bigint,
      now: Date,
      page: { offset: number; limit: number },
    ) {
      const base = shown(merchantId, audience, now).leftJoin('announcement_reads as r', (j) =>
        j.onRef('r.announcement_id', '=', 'a.id').on('r.member_id', '=', memberId),
      );
      const [rows, counts] = await Promise.all([
        base
          .select(['a.id', 'a.title', 'a.translations', 'a.starts_at', 'a.promotion_type', unread.as('unread')])
          .orderBy('a.starts_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base
          .select((eb) => [
            eb.fn.countAll<string>().as('n'),
            eb.fn.count<string>('a.id').filterWhere(unread).as('unread'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(counts.n), unread: Number(counts.unread) };
    },

    /** One shown announcement of the audience (undefined: not there, not yet, ended, withdrawn or another's). */
    async findShown(merchantId: bigint, audience: AnnouncementAudience, id: bigint, memberId: bigint, now: Date) {
      return shown(merchantId, audience, now)
        .leftJoin('announcement_reads as r', (j) =>
          j.onRef('r.announcement_id', '=', 'a.id').on('r.member_id', '=', memberId),
        )
        .select([
          'a.id',
          'a.title',
          'a.content',
          'a.translations',
          'a.starts_at',
          'a.promotion_type',
          'a.revision',
          unread.as('unread'),
        ])
        .where('a.id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Marks `revision` of it read for the member: once (a second time changes nothing); a read of an older revision
     * moves up to this one, never down.
     */
    async markRead(memberId: bigint, announcementId: bigint, revision: number): Promise<void> {
      await db
        .insertInto('announcement_reads')
        .values({ member_id: memberId, announcement_id: announcementId, revision })
        .onConflict((oc) =>
          oc
            .columns(['member_id', 'announcement_id'])
            .doUpdateSet({ revision, read_at: sql<Date>`now()` })
            .where('announcement_reads.revision', '<', revision),
        )
        .execute();
    },

    /** Every announcement of a merchant for the back office (withdrawn ones left out), newest first. */
    async adminPage(merchantId: bigint, page: { offset: number; limit: number }) {
      const base = db
        .selectFrom('announcements')
        .where('merchant_id', '=', merchantId)
        .where('withdrawn_at', 'is', null);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('starts_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** One not withdrawn, locked for an edit (undefined: none, another merchant's, or withdrawn). */
    async lockEditable(exec: Db, merchantId: bigint, id: bigint) {
      return exec
        .selectFrom('announcements')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('withdrawn_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
    },

    /**
     * Replaces an announcement's texts, audience and window (the edit after publishing); `seen`: the texts changed,
     * so the next revision (unread again for everyone who had read it).
     */
    async update(
      exec: Db,
      id: bigint,
      seen: boolean,
      v: {
        audience: AnnouncementAudience;
        title: string;
        content: string;
        translations: string;
        promotion_type: string | null;
        starts_at: Date;
        ends_at: Date | null;
      },
    ) {
      return exec
        .updateTable('announcements')
        .set(v)
        .$if(seen, (q) => q.set((eb) => ({ revision: eb('revision', '+', 1) })))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Withdraws one (it disappears for everyone at once); false when there was none to withdraw. */
    async withdraw(exec: Db, merchantId: bigint, id: bigint, now: Date): Promise<boolean> {
      const r = await exec
        .updateTable('announcements')
        .set({ withdrawn_at: now })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
  };
}

export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
