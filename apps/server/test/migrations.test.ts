import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations, MigrationError, migrate } from '../src/db/migrate.ts';
import { buildApp } from '../src/app.ts';
import { tablesOf } from '../src/db/schema.ts';
import type { AllTables } from './helpers/tables.ts';
import { createEmptyDatabase as emptyDatabase } from './helpers/test-db.ts';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe(`migrations on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('apply from scratch, record each version, and are a no-op the second time', async () => {
    const { db, destroy } = await emptyDatabase();
    cleanup = destroy;
    const all = loadMigrations();
    expect(all.length).toBeGreaterThan(0);
    expect((await migrate(db)).versioned.map((m) => m.version)).toEqual(all.map((m) => m.version));
    expect(await migrate(db)).toEqual({ versioned: [], repeatable: [] });
    const rows = await db.db
      .selectFrom('schema_migrations')
      .select(['version', 'checksum'])
      .orderBy('version')
      .execute();
    expect(rows).toEqual(all.map((m) => ({ version: m.version, checksum: m.checksum })));
    // The schema works: seeding through the modules (twice, idempotently) and bigint ids come back as bigint.
    const config = {
      TRUST_PROXY: false,
      DEFAULT_MERCHANT: 'demo',
      LOG_LEVEL: 'silent',
      WEB_DIST: undefined,
      SEED_DEMO: true,
    } as const;
    for (let i = 0; i < 2; i++) await (await buildApp({ config, database: db, logger: false })).close();
    const merchants = await tablesOf<AllTables>(db.db).selectFrom('merchants').select(['id', 'code']).execute();
    expect(merchants.map((m) => m.code)).toEqual(['demo']);
    expect(typeof merchants[0]!.id).toBe('bigint');
    const methods = await tablesOf<AllTables>(db.db).selectFrom('deposit_methods').select('code').execute();
    expect(methods.map((m) => m.code).sort()).toEqual(['BANK', 'SANDBOX']);
  }, 120_000);

  it('refuse to run when an applied migration was edited', async () => {
    const { db, destroy } = await emptyDatabase();
    cleanup = destroy;
    await migrate(db);
    const edited = loadMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'changed' } : m));
    await expect(migrate(db, edited)).rejects.toBeInstanceOf(MigrationError);
  });

  it('roll back a failing migration completely', async () => {
    const { db, destroy } = await emptyDatabase();
    cleanup = destroy;
    await migrate(db);
    const bad = { version: 9999, name: 'bad', checksum: 'x', sql: 'create table half_done (id int); select 1/0;' };
    await expect(migrate(db, [...loadMigrations(), bad])).rejects.toThrow(/9999_bad failed/);
    const tables = await db.session((exec) =>
      exec("select count(*)::int as n from pg_tables where tablename = 'half_done'"),
    );
    expect(tables[0]?.n).toBe(0);
    expect(await migrate(db)).toEqual({ versioned: [], repeatable: [] }); // the session is usable afterwards
  });

  it('0160 adds TL to the languages of a merchant made before it, once, keeping the order and the default', async () => {
    const { db, destroy } = await emptyDatabase();
    cleanup = destroy;
    const all = loadMigrations();
    await migrate(
      db,
      all.filter((m) => m.version < 160),
    );
    const merchants = tablesOf<AllTables>(db.db);
    const add = (code: string, languages: string[], defaultLanguage = 'en') =>
      merchants
        .insertInto('merchants')
        .values({
          code,
          name: code,
          currency: 'PHP',
          currency_exponent: 2,
          default_language: defaultLanguage,
          languages,
          timezone: 'Asia/Manila',
          status: 'active',
          customer_service_url: null,
        })
        .execute();
    await add('old', ['en', 'ty']);
    await add('has', ['en', 'tl', 'ty']);
    await add('vi', ['vi', 'en'], 'vi');
    await migrate(db, all);
    const languages = async () =>
      Object.fromEntries(
        (await merchants.selectFrom('merchants').select(['code', 'languages', 'default_language']).execute()).map(
          (m) => [m.code, [m.default_language, ...m.languages]],
        ),
      );
    expect(await languages()).toEqual({
      old: ['en', 'en', 'ty', 'tl'],
      has: ['en', 'en', 'tl', 'ty'],
      vi: ['vi', 'vi', 'en', 'tl'],
    });
    // Run again (as a re-applied statement would): nothing doubles.
    const m160 = all.find((m) => m.version === 160)!;
    await db.session((exec) => exec(m160.sql));
    expect((await languages()).old).toEqual(['en', 'en', 'ty', 'tl']);
  });

  it("0256 moves the consumers' applied ids of the last 7 days into play_event_done, one row per event", async () => {
    const { db, destroy } = await emptyDatabase();
    cleanup = destroy;
    const all = loadMigrations();
    await migrate(
      db,
      all.filter((m) => m.version < 256),
    );
    const old = "now() - interval '8 days'";
    await db.session(async (exec) => {
      await exec(
        `insert into play_event_applied (consumer, event_id) values ('bonus-wagering', 'round:1'), ('bonus-wagering', 'round:2')`,
      );
      await exec(`insert into reward_applied_events (consumer, event_id) values ('rewards', 'round:1')`);
      await exec(`insert into cashback_applied_events (event_id) values ('round:1')`);
      await exec(`insert into raffle_applied_events (event_id) values ('round:1')`);
      await exec(`insert into vip_applied_events (event_id) values ('round:1'), ('deposit:3')`);
      await exec(`insert into referral_applied_events (event_id) values ('round:1'), ('deposit:3')`);
      // Past the queue's retention (the pruning job would have removed it): not carried over.
      await exec(`insert into vip_applied_events (event_id, applied_at) values ('round:0', ${old})`);
    });
    await migrate(db, all);
    const rows = await tablesOf<AllTables>(db.db)
      .selectFrom('play_event_done')
      .select(['event_id', 'consumers'])
      .orderBy('event_id')
      .execute();
    expect(rows).toEqual([
      { event_id: 'deposit:3', consumers: ['referral', 'vip'] },
      { event_id: 'round:1', consumers: ['bonus-wagering', 'cashback', 'raffle', 'referral', 'rewards', 'vip'] },
      { event_id: 'round:2', consumers: ['bonus-wagering'] },
    ]);
  });

  it('enforce the merchant constraints in SQL', async () => {
    const { db, destroy } = await emptyDatabase();
    cleanup = destroy;
    await migrate(db);
    const base = {
      name: 'X',
      currency: 'VND',
      currency_exponent: 0,
      default_language: 'en',
      languages: ['en'],
      timezone: 'UTC',
      status: 'active' as const,
      customer_service_url: null,
    };
    await expect(
      tablesOf<AllTables>(db.db)
        .insertInto('merchants')
        .values({ ...base, code: 'Bad Code' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      tablesOf<AllTables>(db.db)
        .insertInto('merchants')
        .values({ ...base, code: 'ok1', currency: 'vnd' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      tablesOf<AllTables>(db.db)
        .insertInto('merchants')
        .values({ ...base, code: 'ok2', default_language: 'vi' })
        .execute(),
    ).rejects.toThrow();
  });
});
