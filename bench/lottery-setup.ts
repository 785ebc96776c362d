// The benches' common set-up (lottery, ledger profile): a migrated database with a fresh merchant and MEMBERS members, each funded
// through the ledger (1,000,000.00), and the merchants module to read the merchant with.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { AnyDb } from '../apps/server/src/db/schema.ts';
import { createLedgerModule, memberMain, systemAccount } from '../apps/server/src/modules/ledger/index.ts';
import { createMerchantsModule } from '../apps/server/src/modules/merchants/index.ts';

export async function lotteryBenchSetup(database: Database, prefix: string, memberCount: number) {
  const db: AnyDb = database.db;
  await migrate(database);
  const { id: merchantId } = await db
    .insertInto('merchants')
    .values({
      code: `${prefix}${randomBytes(3).toString('hex')}`,
      name: 'Bench',
      currency: 'PHP',
      currency_exponent: 2,
      default_language: 'en',
      languages: ['en'],
      timezone: 'Asia/Manila',
      status: 'active',
      customer_service_url: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into members (merchant_id, account, password_hash)
            select ${merchantId}, ${prefix} || g, 'x' from generate_series(1, ${memberCount}) g`.execute(db);
  const members = (
    await db.selectFrom('members').select('id').where('merchant_id', '=', merchantId).orderBy('id').execute()
  ).map((r) => r.id);
  const ledger = createLedgerModule({ db });
  for (let i = 0; i < members.length; i += 1000)
    await ledger.postOrThrow({
      merchantId,
      currency: 'PHP',
      scope: 'bench-setup',
      key: `fund:${i}`,
      kind: 'adjustment',
      legs: members.slice(i, i + 1000).map((m) => ({
        debit: systemAccount('adjustments', m),
        credit: memberMain(m),
        amount: 100_000_000n,
        code: 'adjustment',
      })),
    });
  const merchants = createMerchantsModule({ db, defaultMerchant: prefix });
  const merchant = (await merchants.findById(merchantId))!;
  return { db, merchantId, members, ledger, merchants, merchant };
}
