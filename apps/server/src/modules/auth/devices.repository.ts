import { type Kysely, type Selectable, sql } from 'kysely';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { AuthTables, LoginChallengesTable } from './auth.tables.ts';

export type ChallengeRow = Selectable<LoginChallengesTable>;

/** SQL of remembered devices (member_devices) and pending login checks (login_challenges). */
export function createDevicesRepository(db: Kysely<AuthTables>) {
  const on = (executor?: AnyDb) => (executor ? tablesOf<AuthTables>(executor) : db);
  return {
    /**
     * The retention job (issue 25): the member's remembered devices, login checks and reset links deleted; its
     * sessions' and login records' IP and browser wiped (the records of when it logged in are kept). Idempotent.
     */
    async forgetMember(executor: AnyDb, merchantId: bigint, memberId: bigint): Promise<void> {
      const t = tablesOf<AuthTables>(executor);
      for (const table of ['member_devices', 'login_challenges'] as const)
        await t.deleteFrom(table).where('merchant_id', '=', merchantId).where('member_id', '=', memberId).execute();
      await t
        .deleteFrom('password_reset_tokens')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .execute();
      await t
        .updateTable('sessions')
        .set({ ip: '', user_agent: '', device_id: null })
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .execute();
      await t
        .updateTable('member_logins')
        .set({ ip: '', user_agent: '' })
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .execute();
    },

    /**
     * Every IP the member's records hold (sessions, login records, devices, login checks): the retention job clears
     * what other modules keep by IP (captchas, verification codes) before forgetMember blanks these.
     */
    async ipsOf(executor: AnyDb, merchantId: bigint, memberId: bigint): Promise<string[]> {
      const r = await sql<{ ip: string }>`
        select ip from sessions where merchant_id = ${merchantId} and member_id = ${memberId}
        union select ip from member_logins where merchant_id = ${merchantId} and member_id = ${memberId}
        union select ip from member_devices where merchant_id = ${merchantId} and member_id = ${memberId}
        union select ip from login_challenges where merchant_id = ${merchantId} and member_id = ${memberId}`.execute(
        executor,
      );
      return r.rows.map((x) => x.ip).filter((ip) => ip !== '');
    },

    /**
     * Where this login stands among the member's devices: a live device with this id; this device id removed by the
     * member; a live device or IP row at this IP; and whether the member has any device row at all.
     */
    async standing(memberId: bigint, deviceId: string | null, ip: string) {
      const r = await sql<{ live_device: string; removed_device: string; live_ip: string; any: string }>`
        select count(*) filter (where removed_at is null and device_id = ${deviceId}) as live_device,
               count(*) filter (where removed_at is not null and device_id = ${deviceId}) as removed_device,
               count(*) filter (where removed_at is null and ip = ${ip}) as live_ip,
               count(*) as any
        from member_devices where member_id = ${memberId}`.execute(db);
      const row = r.rows[0];
      return {
        liveDevice: Number(row?.live_device ?? 0) > 0,
        removedDevice: Number(row?.removed_device ?? 0) > 0,
        liveIp: Number(row?.live_ip ?? 0) > 0,
        any: Number(row?.any ?? 0) > 0,
      };
    },

    /** Every device id and IP the member has signed in from (removed devices too). */
    async devicesOf(memberId: bigint): Promise<{ deviceIds: string[]; ips: string[] }> {
      const rows = await db
        .selectFrom('member_devices')
        .select(['device_id', 'ip'])
        .where('member_id', '=', memberId)
        .execute();
      return {
        deviceIds: [...new Set(rows.flatMap((r) => (r.device_id ? [r.device_id] : [])))],
        ips: [...new Set(rows.map((r) => r.ip))],
      };
    },

    /** Remembers the device (or, without a device id, the IP) of a new session; true when it was not remembered. */
    async remember(
      d: { merchantId: bigint; memberId: bigint; deviceId: string | null; ip: string; userAgent: string; now: Date },
      executor?: AnyDb,
    ): Promise<boolean> {
      const ua = d.userAgent.slice(0, 300);
      const ip = d.ip.slice(0, 64);
      const target =
        d.deviceId === null
          ? sql`(member_id, ip) where removed_at is null and device_id is null`
          : sql`(member_id, device_id) where removed_at is null and device_id is not null`;
      const r = await sql<{ inserted: boolean }>`
        insert into member_devices (merchant_id, member_id, device_id, ip, user_agent, first_seen_at, last_seen_at)
        values (${d.merchantId}, ${d.memberId}, ${d.deviceId}, ${ip}, ${ua}, ${d.now}, ${d.now})
        on conflict ${target}
        do update set ip = excluded.ip, user_agent = excluded.user_agent, last_seen_at = excluded.last_seen_at
        returning (xmax = 0) as inserted`.execute(on(executor));
      return Boolean(r.rows[0]?.inserted);
    },

    /** The member's remembered devices, last used first. */
    list(merchantId: bigint, memberId: bigint) {
      return db
        .selectFrom('member_devices')
        .select(['id', 'device_id', 'ip', 'user_agent', 'first_seen_at', 'last_seen_at'])
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('removed_at', 'is', null)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
    },

    /** Forgets one of the member's devices; its device id, or undefined when it is not a live device of theirs. */
    async remove(merchantId: bigint, memberId: bigint, id: bigint, now: Date) {
      return db
        .updateTable('member_devices')
        .set({ removed_at: now })
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('removed_at', 'is', null)
        .returning(['device_id', 'ip'])
        .executeTakeFirst();
    },

    /** Ends the live sessions of a device (not `keep`, the one asking); their ids. */
    async revokeDeviceSessions(memberId: bigint, deviceId: string, now: Date, keep: bigint): Promise<bigint[]> {
      const rows = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('member_id', '=', memberId)
        .where('device_id', '=', deviceId)
        .where('revoked_at', 'is', null)
        .where('id', '!=', keep)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    // ---- pending checks ----

    async insertChallenge(c: {
      merchantId: bigint;
      memberId: bigint;
      tokenHash: string;
      area: 'member' | 'agent';
      loginMethod: 'password' | 'sms';
      method: 'sms' | 'email' | 'bank_name';
      maxAttempts: number;
      deviceId: string | null;
      ip: string;
      userAgent: string;
      now: Date;
      expiresAt: Date;
    }): Promise<bigint> {
      const r = await db
        .insertInto('login_challenges')
        .values({
          merchant_id: c.merchantId,
          member_id: c.memberId,
          token_hash: c.tokenHash,
          area: c.area,
          login_method: c.loginMethod,
          method: c.method,
          max_attempts: c.maxAttempts,
          device_id: c.deviceId,
          ip: c.ip.slice(0, 64),
          user_agent: c.userAgent.slice(0, 300),
          created_at: c.now,
          expires_at: c.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    /** A challenge by its id's hash, within the merchant. */
    async challenge(merchantId: bigint, tokenHash: string): Promise<ChallengeRow | undefined> {
      return db
        .selectFrom('login_challenges')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
    },

    /** A new code for a live challenge, unless one was sent less than `cooldownMs` ago or `maxSends` were sent. */
    async setCode(id: bigint, codeHash: string, now: Date, cooldownMs: number, maxSends: number): Promise<boolean> {
      const r = await db
        .updateTable('login_challenges')
        .set((eb) => ({ code_hash: codeHash, last_sent_at: now, sends: eb('sends', '+', 1) }))
        .where('id', '=', id)
        .where('passed_at', 'is', null)
        .where('expires_at', '>', now)
        .where('sends', '<', maxSends)
        .where((eb) =>
          eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', '<=', new Date(now.getTime() - cooldownMs))]),
        )
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Counts one answer of a live challenge with attempts left; false when none are left (or it is over). */
    async attempt(id: bigint, now: Date): Promise<boolean> {
      const r = await db
        .updateTable('login_challenges')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('passed_at', 'is', null)
        .where('expires_at', '>', now)
        .where((eb) => eb('attempts', '<', eb.ref('max_attempts')))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Marks a challenge passed, once (inside the session's transaction): false when it was passed already. */
    async pass(id: bigint, now: Date, executor: AnyDb): Promise<boolean> {
      const r = await on(executor)
        .updateTable('login_challenges')
        .set({ passed_at: now })
        .where('id', '=', id)
        .where('passed_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
