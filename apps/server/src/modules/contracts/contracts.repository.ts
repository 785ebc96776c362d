import { type Kysely, type Selectable, sql } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { ContractType, Tier } from './contract-rules.ts';
import type {
  ContractsTable,
  ContractsTables,
  ContractSettlementsTable,
  ContractStatus,
  ContractTiersTable,
} from './contracts.tables.ts';

export type ContractRow = Selectable<ContractsTable>;
export type SettlementRow = Selectable<ContractSettlementsTable>;
export type Contract = ContractRow & { tiers: Tier[] };

type Db = Kysely<ContractsTables>;

const toTier = (t: Selectable<ContractTiersTable>): Tier => ({
  minValidBet: t.min_valid_bet,
  minActive: t.min_active,
  minProfit: t.min_profit,
  rateBp: t.rate_bp,
  lossRateBp: t.loss_rate_bp,
});

export function createContractsRepository(root: Db) {
  async function withTiers(db: Db, rows: ContractRow[]): Promise<Contract[]> {
    if (rows.length === 0) return [];
    const tiers = await db
      .selectFrom('contract_tiers')
      .selectAll()
      .where(
        'contract_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('contract_id')
      .orderBy('level')
      .execute();
    const byContract = new Map<bigint, Tier[]>();
    for (const t of tiers) {
      const list = byContract.get(t.contract_id) ?? [];
      list.push(toTier(t));
      byContract.set(t.contract_id, list);
    }
    return rows.map((r) => ({ ...r, tiers: byContract.get(r.id) ?? [] }));
  }

  return {
    /**
     * How many pending or active contracts the member holds from its upline or the house (a move under another
     * agent waits for them to end: they are between the member and its current line). On the caller's transaction.
     */
    async liveContractsOf(executor: AnyDb, merchantId: bigint, memberId: bigint): Promise<number> {
      const r = await (executor as Db)
        .selectFrom('contracts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('agent_id', '=', memberId)
        .where('status', 'in', ['pending', 'active'])
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** The pending and active contracts of some agents (the back office's agent tree), by agent. */
    async liveContractsFor(
      merchantId: bigint,
      agentIds: bigint[],
    ): Promise<Map<bigint, { type: ContractType; status: ContractStatus }[]>> {
      const out = new Map<bigint, { type: ContractType; status: ContractStatus }[]>();
      if (agentIds.length === 0) return out;
      const rows = await root
        .selectFrom('contracts')
        .select(['agent_id', 'type', 'status'])
        .where('merchant_id', '=', merchantId)
        .where('agent_id', 'in', agentIds)
        .where('status', 'in', ['pending', 'active'])
        .orderBy('agent_id')
        .orderBy('type')
        .execute();
      for (const r of rows) out.set(r.agent_id, [...(out.get(r.agent_id) ?? []), { type: r.type, status: r.status }]);
      return out;
    },

    async insert(
      db: Db,
      row: {
        merchant_id: bigint;
        type: ContractType;
        upline_id: bigint | null;
        agent_id: bigint;
        period: ContractRow['period'];
        cumulative: boolean;
        min_single_bet: bigint;
      },
      tiers: Tier[],
    ): Promise<Contract | undefined> {
      const inserted = await db
        .insertInto('contracts')
        .values(row)
        .onConflict((oc) => oc.columns(['merchant_id', 'agent_id', 'type']).where('status', '=', 'pending').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) return undefined;
      await db
        .insertInto('contract_tiers')
        .values(
          tiers.map((t, i) => ({
            contract_id: inserted.id,
            level: i + 1,
            min_valid_bet: t.minValidBet,
            min_active: t.minActive,
            min_profit: t.minProfit,
            rate_bp: t.rateBp,
            loss_rate_bp: t.lossRateBp,
          })),
        )
        .execute();
      return { ...inserted, tiers };
    },

    /** One contract of the merchant, locked for the rest of the transaction when `lock`. */
    async find(db: Db, merchantId: bigint, id: bigint, lock = false): Promise<Contract | undefined> {
      let q = db.selectFrom('contracts').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id);
      if (lock) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      return row && (await withTiers(db, [row]))[0];
    },

    /** The agent's active contract of a type (the one its own offers are capped by). */
    async activeOf(db: Db, merchantId: bigint, agentId: bigint, type: ContractType): Promise<Contract | undefined> {
      const row = await db
        .selectFrom('contracts')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('agent_id', '=', agentId)
        .where('type', '=', type)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return row && (await withTiers(db, [row]))[0];
    },

    /** Contracts of a type the member offered, in the given states (locked: they are about to change). */
    async offeredBy(
      db: Db,
      merchantId: bigint,
      uplineId: bigint,
      type: ContractType,
      statuses: ContractStatus[],
    ): Promise<Contract[]> {
      const rows = await db
        .selectFrom('contracts')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('upline_id', '=', uplineId)
        .where('type', '=', type)
        .where('status', 'in', statuses)
        .orderBy('id')
        .forUpdate()
        .execute();
      return withTiers(db, rows);
    },

    /** Moves a contract from one of `from` to `to`; undefined when it was not in one of them. */
    async transition(
      db: Db,
      id: bigint,
      from: ContractStatus[],
      to: ContractStatus,
      fields: Partial<Pick<ContractRow, 'decided_at' | 'accepted_at' | 'ended_at' | 'end_reason'>>,
    ): Promise<ContractRow | undefined> {
      return db
        .updateTable('contracts')
        .set({ status: to, ...fields })
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();
    },

    async list(
      merchantId: bigint,
      filter: { uplineId?: bigint; agentId?: bigint; type?: ContractType; status?: ContractStatus },
      page: { offset: number; limit: number },
    ): Promise<{ rows: Contract[]; total: number }> {
      let q = root.selectFrom('contracts').where('merchant_id', '=', merchantId);
      if (filter.uplineId !== undefined) q = q.where('upline_id', '=', filter.uplineId);
      if (filter.agentId !== undefined) q = q.where('agent_id', '=', filter.agentId);
      if (filter.type) q = q.where('type', '=', filter.type);
      if (filter.status) q = q.where('status', '=', filter.status);
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: await withTiers(root, rows), total: Number(count.n) };
    },

    /** The types of the contracts an agent accepted at some time (active, ended or invalidated since). */
    async typesHeldBy(merchantId: bigint, agentId: bigint): Promise<ContractType[]> {
      const rows = await root
        .selectFrom('contracts')
        .select('type')
        .distinct()
        .where('merchant_id', '=', merchantId)
        .where('agent_id', '=', agentId)
        .where('accepted_at', 'is not', null)
        .execute();
      return rows.map((r) => r.type);
    },

    /**
     * Contracts of a type that have periods to settle: accepted, and either still active or ended after
     * `endedAfter` (their last full periods before the end are still owed).
     */
    async settling(type: ContractType, endedAfter: Date): Promise<Contract[]> {
      const rows = await root
        .selectFrom('contracts')
        .selectAll()
        .where('type', '=', type)
        .where('accepted_at', 'is not', null)
        .where('status', 'in', ['active', 'terminated', 'invalid'])
        .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', endedAfter)]))
        .orderBy('id')
        .execute();
      return withTiers(root, rows);
    },

    /**
     * The latest settlement of each contract, by contract id (one read for a settlement run: the next period
     * starts at its end; dividends carry from it).
     */
    async lastSettlements(contractIds: bigint[]): Promise<Map<bigint, SettlementRow>> {
      const out = new Map<bigint, SettlementRow>();
      for (let i = 0; i < contractIds.length; i += 5000) {
        const rows = await root
          .selectFrom('contract_settlements')
          .selectAll()
          .distinctOn('contract_id')
          .where('contract_id', 'in', contractIds.slice(i, i + 5000))
          .orderBy('contract_id')
          .orderBy('period_start', 'desc')
          .execute();
        for (const r of rows) out.set(r.contract_id, r);
      }
      return out;
    },

    /**
     * The settlement rows of a batch in one statement; those that exist for (contract, period start) already
     * (settled by an earlier run) are skipped and not returned.
     */
    insertSettlements: (
      db: Db,
      rows: Omit<SettlementRow, 'id' | 'created_at' | 'journal_id'>[],
    ): Promise<SettlementRow[]> =>
      rows.length === 0
        ? Promise.resolve([])
        : db
            .insertInto('contract_settlements')
            .values(rows)
            .onConflict((oc) => oc.columns(['contract_id', 'period_start']).doNothing())
            .returningAll()
            .execute(),

    /** The outcomes of a batch's postings (status and journal per settlement row) in one statement. */
    async setSettlementOutcomes(
      db: Db,
      outcomes: { id: bigint; status: SettlementRow['status']; journalId: bigint }[],
    ): Promise<void> {
      if (outcomes.length === 0) return;
      await sql`
        update contract_settlements s set status = x.status, journal_id = x.journal_id
          from unnest(${outcomes.map((o) => String(o.id))}::bigint[], ${outcomes.map((o) => o.status)}::text[],
                      ${outcomes.map((o) => String(o.journalId))}::bigint[]) as x(id, status, journal_id)
         where s.id = x.id`.execute(db);
    },

    async settlementsOf(
      merchantId: bigint,
      filter: { agentId?: bigint; type?: ContractType; status?: SettlementRow['status'] },
      page: { offset: number; limit: number },
    ): Promise<{ rows: SettlementRow[]; total: number }> {
      let q = root.selectFrom('contract_settlements').where('merchant_id', '=', merchantId);
      if (filter.agentId !== undefined) q = q.where('agent_id', '=', filter.agentId);
      if (filter.type) q = q.where('type', '=', filter.type);
      if (filter.status) q = q.where('status', '=', filter.status);
      const [rows, count] = await Promise.all([
        q
          .selectAll()
          .orderBy('period_start', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async rebateRates(merchantId: bigint): Promise<Record<string, number>> {
      const rows = await root
        .selectFrom('contract_rebate_rates')
        .select(['category', 'rate_bp'])
        .where('merchant_id', '=', merchantId)
        .execute();
      return Object.fromEntries(rows.map((r) => [r.category, r.rate_bp]));
    },

    /** Sets a rate; `audit` writes the operator's record in the same transaction. */
    setRebateRate: (merchantId: bigint, category: string, rateBp: number, audit?: (trx: Db) => Promise<void>) =>
      root.transaction().execute(async (trx) => {
        await trx
          .insertInto('contract_rebate_rates')
          .values({ merchant_id: merchantId, category, rate_bp: rateBp })
          .onConflict((oc) => oc.columns(['merchant_id', 'category']).doUpdateSet({ rate_bp: rateBp }))
          .execute();
        await audit?.(trx);
      }),

    /** Records a paid rebate; false when (member, day, category) was already recorded. */
    async insertRebate(
      db: Db,
      row: {
        merchant_id: bigint;
        member_id: bigint;
        day: string;
        category: string;
        valid_bet: bigint;
        rate_bp: number;
        amount: bigint;
        journal_id: bigint;
      },
    ): Promise<boolean> {
      const r = await db
        .insertInto('contract_rebates')
        .values(row)
        .onConflict((oc) => oc.columns(['merchant_id', 'member_id', 'day', 'category']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return r !== undefined;
    },

    rebateExists: async (merchantId: bigint, memberId: bigint, day: string, category: string) =>
      (await root
        .selectFrom('contract_rebates')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('day', '=', day)
        .where('category', '=', category)
        .executeTakeFirst()) !== undefined,

    rebatesOf: (merchantId: bigint, memberId: bigint) =>
      root
        .selectFrom('contract_rebates')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .orderBy('day', 'desc')
        .orderBy('category')
        .execute(),
  };
}

export type ContractsRepository = ReturnType<typeof createContractsRepository>;
