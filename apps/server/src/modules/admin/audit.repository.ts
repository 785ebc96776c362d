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
