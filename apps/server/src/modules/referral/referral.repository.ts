import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { ReferralFlag, ReferralStatus } from '@sea/contracts';
import { newestFirstPage, type Page } from '../../db/paging.ts';
import type { ReferralSettingsTable, ReferralsTable, ReferralTables } from './referral.tables.ts';

type Db = Kysely<ReferralTables>;
export type ReferralRow = Selectable<ReferralsTable>;
export type ReferralSettingsRow = Selectable<ReferralSettingsTable>;

const jsonFlags = (flags: readonly ReferralFlag[]) => sql<ReferralFlag[]>`${JSON.stringify(flags)}::jsonb`;

/** SQL of the referral module's tables: settings, codes, referrals and the applied play events. */
export function createReferralRepository(db: Db) {
  return {
    settings: (merchantId: bigint, exec: Db = db) =>
      exec.selectFrom('referral_settings').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst(),
    saveSettings: (row: Insertable<ReferralSettingsTable>) =>
      db
        .insertInto('referral_settings')
        .values(row)
        .onConflict((oc) =>
          oc.column('merchant_id').doUpdateSet((eb) => ({
            min_first_deposit: eb.ref('excluded.min_first_deposit'),
            turnover: eb.ref('excluded.turnover'),
            within_days: eb.ref('excluded.within_days'),
            referrer_reward: eb.ref('excluded.referrer_reward'),
            referee_reward: eb.ref('excluded.referee_reward'),
            monthly_cap: eb.ref('excluded.monthly_cap'),
            bonus_multiplier: eb.ref('excluded.bonus_multiplier'),
            bonus_max_conversion: eb.ref('excluded.bonus_max_conversion'),
            bonus_max_stake: eb.ref('excluded.bonus_max_stake'),
            bonus_expiry_days: eb.ref('excluded.bonus_expiry_days'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returningAll()
        .executeTakeFirstOrThrow(),

    codeOf: (memberId: bigint) =>
      db.selectFrom('referral_codes').selectAll().where('member_id', '=', memberId).executeTakeFirst(),
    /** The member's code: inserted, or the one it already had (a racing insert of the same member keeps one). */
    async insertCode(merchantId: bigint, memberId: bigint, code: string): Promise<boolean> {
      const r = await db
        .insertInto('referral_codes')
        .values({ merchant_id: merchantId, member_id: memberId, code })
        .onConflict((oc) => oc.doNothing())
        .returning('code')
        .executeTakeFirst();
      return r !== undefined;
    },
    byCode: (merchantId: bigint, code: string) =>
      db
        .selectFrom('referral_codes')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .executeTakeFirst(),
    /** Locks the referrer's code row: grants of one referrer (consumer, staff approvals) go one at a time. */
    lockReferrer: (exec: Db, memberId: bigint) =>
      exec.selectFrom('referral_codes').select('member_id').where('member_id', '=', memberId).forUpdate().execute(),

    insertReferral: (
      exec: Db,
      r: Omit<Insertable<ReferralsTable>, 'flags'> & { flags: readonly ReferralFlag[] },
    ): Promise<ReferralRow> =>
      exec
        .insertInto('referrals')
        .values({ ...r, flags: jsonFlags(r.flags) })
        .returningAll()
        .executeTakeFirstOrThrow(),
    /** The referrals of these referees, locked (in the consumer's transaction). */
    lockByReferees: (exec: Db, refereeIds: bigint[]) =>
      refereeIds.length
        ? exec.selectFrom('referrals').selectAll().where('referee_id', 'in', refereeIds).forUpdate().execute()
        : Promise.resolve([] as ReferralRow[]),
    byId: (merchantId: bigint, id: bigint) =>
      db
        .selectFrom('referrals')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst(),
    byReferees: (refereeIds: bigint[]) =>
      refereeIds.length
        ? db.selectFrom('referrals').selectAll().where('referee_id', 'in', refereeIds).execute()
        : Promise.resolve([] as ReferralRow[]),
    lockById: (exec: Db, merchantId: bigint, id: bigint) =>
      exec
        .selectFrom('referrals')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),
    update: (
      exec: Db,
      id: bigint,
      patch: {
        status?: ReferralStatus;
        flags?: readonly ReferralFlag[];
        first_deposit?: bigint;
        turnover?: bigint;
        qualified_at?: Date | null;
        rewarded_at?: Date | null;
        reward_month?: string | null;
        reviewed_by?: string;
        reviewed_at?: Date;
        review_reason?: string | null;
      },
    ) => {
      const { flags, ...rest } = patch;
      return exec
        .updateTable('referrals')
        .set({ ...rest, ...(flags ? { flags: jsonFlags(flags) } : {}) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Rewarded referrals of a referrer in one month (the monthly cap). */
    async rewardedIn(exec: Db, referrerId: bigint, month: string): Promise<number> {
      const r = await exec
        .selectFrom('referrals')
        .select(sql<string>`count(*)`.as('n'))
        .where('referrer_id', '=', referrerId)
        .where('status', '=', 'rewarded')
        .where('reward_month', '=', month)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** Referrers with qualified referrals held back by the cap (the carry-over job's work), by id. */
    referrersWaiting: (limit: number) =>
      db
        .selectFrom('referrals')
        .select(['merchant_id', 'referrer_id'])
        .where('status', '=', 'qualified')
        .groupBy(['merchant_id', 'referrer_id'])
        .orderBy('referrer_id')
        .limit(limit)
        .execute(),
    /** Qualified referrals of a referrer still waiting (held back by the cap), oldest first. */
    waitingQualified: (exec: Db, referrerId: bigint) =>
      exec
        .selectFrom('referrals')
        .selectAll()
        .where('referrer_id', '=', referrerId)
        .where('status', '=', 'qualified')
        .orderBy('qualified_at')
        .orderBy('id')
        .execute(),
    friendsOf: (referrerId: bigint, limit = 200) =>
      db
        .selectFrom('referrals')
        .selectAll()
        .where('referrer_id', '=', referrerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    page: (merchantId: bigint, view: 'flagged' | 'all', page: Page) => {
      let base = db.selectFrom('referrals').where('merchant_id', '=', merchantId);
      if (view === 'flagged') base = base.where('status', '=', 'flagged');
      return newestFirstPage(base, page);
    },
  };
}

export type ReferralRepository = ReturnType<typeof createReferralRepository>;
