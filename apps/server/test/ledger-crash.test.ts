import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openConfiguredDatabase } from '../src/db/open.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { createLedgerModule, memberMain, systemAccount } from '../src/modules/ledger/index.ts';
import { tablesOf } from '../src/db/schema.ts';
import type { AllTables } from './helpers/tables.ts';
import { createMerchant } from './helpers/factories.ts';
import { createTestDatabase } from './helpers/test-db.ts';

/**
 * Crash in the middle: a worker process posts as fast as it can and is killed with SIGKILL. Afterwards every
 * post it acknowledged is in the books, nothing is half-written (audit), and a client retrying every key it
 * may have sent moves each amount exactly once.
 */
const WORKER = fileURLToPath(new URL('./helpers/ledger-crash-worker.ts', import.meta.url));
const START = 100_000n;

const all = (database: Database) => tablesOf<AllTables>(database.db);

async function setUp(database: Database) {
  const { id: merchantId } = await createMerchant(all(database));
  const { id: memberId } = await all(database)
    .insertInto('members')
    .values({ merchant_id: merchantId, account: `crash${Date.now().toString(36)}`, password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ledger = createLedgerModule({ db: database.db });
  await ledger.postOrThrow({
    merchantId,
    currency: 'VND',
    scope: 'crash-setup',
    key: 'fund',
    kind: 'adjustment',
    legs: [{ debit: systemAccount('adjustments'), credit: memberMain(memberId), amount: START, code: 'adjustment' }],
  });
  return { merchantId, memberId };
}

async function runAndKill(args: string[], acksBeforeKill: number): Promise<number[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const acks: number[] = [];
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('ack ')) acks.push(Number(line.slice(4)));
      if (acks.length >= acksBeforeKill) {
        child.kill('SIGKILL');
        resolve();
      }
    });
    child.on('exit', () =>
      acks.length >= acksBeforeKill ? resolve() : reject(new Error(`worker exited early: ${err}`)),
    );
  });
  await exited;
  return acks;
}

async function verifyAfterCrash(database: Database, merchantId: bigint, memberId: bigint, acks: number[]) {
  expect(await auditLedger(all(database))).toEqual({ ok: true, problems: [] });
  const ledger = createLedgerModule({ db: database.db });
  const rows = await all(database)
    .selectFrom('ledger_journals')
    .select('idem_key')
    .where('merchant_id', '=', merchantId)
    .where('scope', '=', 'crash')
    .execute();
  const stored = new Set(rows.map((r) => r.idem_key));
  for (const n of acks) expect(stored.has(`crash:${n}`), `acknowledged crash:${n} must survive`).toBe(true);
  // The client retries everything it may have sent (all acknowledged keys, and the in-flight ones after them).
  const upTo = Math.max(...acks) + 20;
  let replays = 0;
  for (let n = 0; n <= upTo; n++) {
    const r = await ledger.post({
      merchantId,
      currency: 'VND',
      scope: 'crash',
      key: `crash:${n}`,
      kind: 'bet',
      memberId,
      legs: [{ debit: memberMain(memberId), credit: systemAccount('house', memberId), amount: 1n, code: 'bet' }],
    });
    expect(r.ok).toBe(true);
    if (r.replay) replays++;
  }
  expect(replays).toBe(stored.size);
  const bal = await ledger.balances(merchantId, [memberMain(memberId)]);
  expect(bal[memberMain(memberId)]!.balance).toBe(START - BigInt(upTo + 1));
  expect(await auditLedger(all(database))).toEqual({ ok: true, problems: [] });
}

it.runIf(!process.env.DATABASE_URL)(
  'PGlite: SIGKILL mid-run loses no acknowledged post and doubles none',
  { timeout: 120_000 },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sea-crash-'));
    try {
      const cfg = { DATA_DIR: dir, DATABASE_URL: undefined, DATABASE_POOL_SIZE: 1, SEED_DEMO: false };
      const first = await openConfiguredDatabase(cfg);
      const { merchantId, memberId } = await setUp(first.database);
      await first.database.close();
      first.release();
      const acks = await runAndKill(['pglite', dir, String(merchantId), 'VND', String(memberId)], 300);
      const reopened = await openConfiguredDatabase(cfg);
      try {
        await verifyAfterCrash(reopened.database, merchantId, memberId, acks);
      } finally {
        await reopened.database.close();
        reopened.release();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

it.runIf(!!process.env.DATABASE_URL)(
  'PostgreSQL: SIGKILL mid-run loses no acknowledged post and doubles none',
  { timeout: 120_000 },
  async () => {
    const database = await createTestDatabase();
    try {
      const { merchantId, memberId } = await setUp(database);
      const acks = await runAndKill(['postgres', database.url!, String(merchantId), 'VND', String(memberId)], 1_000);
      await verifyAfterCrash(database, merchantId, memberId, acks);
    } finally {
      await database.destroy();
    }
  },
);
