import { type Kysely, sql } from 'kysely';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { AdminTables } from './admin.tables.ts';

export interface AdminAuditEntry {
  merchantId: bigint;
  /** null only for events without a known admin (e.g. the first-admin bootstrap). */
  adminId: bigint | null;
  /** Dotted verb: 'session.login', 'adjustment.approve', ... */
  action: string;
  targetType?: string | null;
  targetId?: string | bigint | null;
  detail?: Record<string, unknown>;
  ip?: string;
}

/** JSON with bigint values written as strings (ids and minor amounts). */
const toJson = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));

/** SQL of the append-only admin audit log (the table refuses updates and deletes: trigger). */
export function createAuditLog(db: Kysely<AdminTables>) {
  return {
    /**
     * Appends one entry. Pass the transaction of the action itself (`executor`, from any module) so the action
     * and its record commit or roll back together.
     */
    async record(executor: AnyDb | undefined, entry: AdminAuditEntry): Promise<void> {
      await tablesOf<AdminTables>(executor ?? db)
        .insertInto('admin_audit_log')
        .values({
          merchant_id: entry.merchantId,
          admin_id: entry.adminId,
          action: entry.action,
          target_type: entry.targetType ?? null,
          target_id: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
          detail: toJson(entry.detail ?? {}),
          ip: entry.ip ?? '',
        })
        .execute();
    },

    /**
     * The details of the entries about a member (target = its account) with one of `actions`, oldest first, on the
     * caller's transaction: the retention anonymisation reads the numbers of past mobile changes before redacting them.
     */
    async memberDetails(trx: AnyDb, merchantId: bigint, account: string, actions: string[]) {
      const rows = await tablesOf<AdminTables>(trx)
        .selectFrom('admin_audit_log')
        .select(['action', 'detail'])
        .where('merchant_id', '=', merchantId)
        .where('target_type', '=', 'member')
        .where('target_id', '=', account)
        .where('action', 'in', actions)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        action: r.action,
        detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Record<string, unknown>,
      }));
    },

    /**
     * The retention anonymisation's one sanctioned change to the log (db/functions/admin.sql): on the caller's
     * transaction, the entries about a member (target = its account) with one of `actions` get `redact(detail)`
     * plus `redacted: at`, and the IP of the member's own actions (no admin) is blanked. Entries already redacted
     * are left alone. Returns how many were redacted.
     */
    async redactMember(
      trx: AnyDb,
      merchantId: bigint,
      account: string,
      actions: string[],
      redact: (detail: Record<string, unknown>) => Record<string, unknown>,
      at: Date,
    ): Promise<number> {
      const log = tablesOf<AdminTables>(trx);
      const rows = await log
        .selectFrom('admin_audit_log')
        .select(['id', 'detail', 'admin_id'])
        .where('merchant_id', '=', merchantId)
        .where('target_type', '=', 'member')
        .where('target_id', '=', account)
        .where('action', 'in', actions)
        .where(sql<boolean>`not (detail ? 'redacted')`)
        .execute();
      if (rows.length === 0) return 0;
      await sql`select set_config('app.audit_redaction', ${account}, true)`.execute(trx);
      for (const r of rows) {
        const detail = (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Record<string, unknown>;
        await log
          .updateTable('admin_audit_log')
          .set({
            detail: toJson({ ...redact(detail), redacted: at.toISOString() }),
            ...(r.admin_id === null && { ip: '' }),
          })
          .where('id', '=', r.id)
          .execute();
      }
      await sql`select set_config('app.audit_redaction', '', true)`.execute(trx);
      return rows.length;
    },

    /** The merchant's audit log, newest first. */
    async list(
      merchantId: bigint,
      q: {
        action?: string;
        admin?: string;
        target?: string;
        from?: string;
        to?: string;
        timezone: string;
        pageNo: number;
        pageSize: number;
      },
    ) {
      let base = db
        .selectFrom('admin_audit_log as l')
        .leftJoin('admins as a', 'a.id', 'l.admin_id')
        .where('l.merchant_id', '=', merchantId);
      if (q.action) base = base.where('l.action', '=', q.action);
      if (q.admin) base = base.where('a.username', '=', q.admin);
      if (q.target) base = base.where('l.target_id', '=', q.target);
      if (q.from)
        base = base.where('l.created_at', '>=', sql<Date>`(${q.from}::date::timestamp at time zone ${q.timezone})`);
      if (q.to)
        base = base.where('l.created_at', '<', sql<Date>`((${q.to}::date + 1)::timestamp at time zone ${q.timezone})`);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .select([
            'l.id',
            'l.admin_id',
            'a.username',
            'l.action',
            'l.target_type',
            'l.target_id',
            'l.detail',
            'l.ip',
            'l.created_at',
          ])
          .orderBy('l.id', 'desc')
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize)
          .execute(),
      ]);
      return { total: Number(n), rows };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
