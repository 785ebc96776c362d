import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { adminUrl, dropDatabase, withDatabaseName } from './helpers/pg-admin.ts';
import { newPlayer, type Player } from './helpers/players.ts';
import { type ServerProcess, startServerProcess, waitForReady } from './helpers/server-process.ts';
import { addTransferVendors } from './helpers/transfer-vendors.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Several server processes on one PostgreSQL: they start together on an empty database, and they survive the
 * database going away (terminated backends, a refused database), answering 503 meanwhile and serving again
 * at once when it is back — with every acknowledged transfer applied exactly once.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!DATABASE_URL)('processes on PostgreSQL', () => {
  let admin: Database;
  beforeAll(async () => {
    admin = await openDatabase({ kind: 'postgres', url: adminUrl(DATABASE_URL!), poolSize: 2 });
  });
  afterAll(() => admin?.close());

  it('2, 2 and 5 processes starting together on an empty database all come up', async () => {
    for (const n of [2, 2, 5]) {
      const name = `sea_t_start_${randomBytes(5).toString('hex')}`;
      await admin.session((exec) => exec(`create database ${name}`));
      const procs: ServerProcess[] = [];
      try {
        for (let i = 0; i < n; i++)
          procs.push(startServerProcess({ DATABASE_URL: withDatabaseName(DATABASE_URL!, name), SEED_DEMO: 'true' }));
        await Promise.all(procs.map((p) => waitForReady(p)));
        for (const p of procs) {
          const status = (await (await fetch(`${p.url}/wps/system/status`)).json()) as {
            value: { merchantCode: string };
          };
          expect(status.value.merchantCode).toBe('demo');
        }
        // One demo merchant and one first admin, however many processes raced to create them.
        const db = await openDatabase({ kind: 'postgres', url: withDatabaseName(DATABASE_URL!, name), poolSize: 1 });
        try {
          const [counts] = await db.session((exec) =>
            exec(
              `select (select count(*) from merchants)::int as merchants, (select count(*) from admins)::int as admins`,
            ),
          );
          expect(counts).toEqual({ merchants: 1, admins: 1 });
        } finally {
          await db.close();
        }
      } finally {
        await Promise.all(procs.map((p) => p.stop()));
        await dropDatabase(admin, name);
      }
    }
  }, 300_000);

  describe('database faults under a stream of transfers', () => {
    let t: TestApp;
    let demo: Merchant;
    let dbName: string;
    const procs: ServerProcess[] = [];
    beforeAll(async () => {
      t = await buildTestApp();
      demo = (await t.app.modules.merchants.findByCode('demo'))!;
      dbName = new URL(t.database.url!).pathname.slice(1);
      // EVO: a transfer vendor the processes can play (our games' adapter, no wallet API: transfers in our books).
      await addTransferVendors(t, demo.id, { adapter: 'house' });
      for (let i = 0; i < 2; i++) procs.push(startServerProcess({ DATABASE_URL: t.database.url!, SEED_DEMO: 'true' }));
      await Promise.all(procs.map((p) => waitForReady(p)));
    }, 180_000);
    afterAll(async () => {
      for (const p of procs)
        if (p.child.exitCode !== null) console.error(`process on ${p.port} exited:\n${p.output().slice(-4000)}`);
      await Promise.all(procs.map((p) => p.stop()));
      await admin.session((exec) => exec(`alter database ${dbName} allow_connections true`)).catch(() => undefined);
      await t?.close();
    });

    const terminateBackends = () =>
      admin.session((exec) =>
        exec(`select count(pg_terminate_backend(pid)) as n from pg_stat_activity
              where datname = '${dbName}' and pid <> pg_backend_pid()`),
      );

    it('every acknowledged transfer is applied once; 503 with Retry-After meanwhile; both processes survive', async () => {
      const PLAYERS = 6;
      const TRANSFERS = 12;
      const players: Player[] = [];
      for (let i = 0; i < PLAYERS; i++) players.push(await newPlayer(t, demo, { fund: 1_000_000n }));
      const statuses = new Map<string, number>();
      const count = (k: string) => statuses.set(k, (statuses.get(k) ?? 0) + 1);
      let retryAfterSeen = false;
      let streaming = true;

      /** One transfer of 1.00 MAIN → EVO, retried with its requestId (on either process) until acknowledged. */
      const transferOnce = async (p: Player, n: number) => {
        const requestId = randomUUID();
        for (let attempt = 0; ; attempt++) {
          const proc = procs[(n + attempt) % procs.length]!;
          try {
            const res = await fetch(`${proc.url}/wps/relay/GCS_walletTransfer`, {
              method: 'POST',
              headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ from: 'MAIN', to: 'EVO', amount: '1.00', requestId }),
              signal: AbortSignal.timeout(15_000),
            });
            count(String(res.status));
            if (res.status === 503 && res.headers.get('retry-after')) retryAfterSeen = true;
            const body = await res.text();
            if (res.status === 200) return;
            if (res.status !== 503) throw new Error(`unexpected ${res.status}: ${body}`);
          } catch (err) {
            if ((err as Error).message.startsWith('unexpected')) throw err;
            count('network');
          }
          await sleep(100);
        }
      };
      // Each client streams until the faults are over (at least TRANSFERS): a fast machine must not finish before
      // the outage it is meant to run into.
      const done = players.map(() => 0);
      const clients = players.map(async (p, i) => {
        for (let n = 0; n < TRANSFERS || streaming; n++) {
          await transferOnce(p, i + n);
          done[i]!++;
          await sleep(40);
        }
      });

      // Faults while the clients stream: bursts of terminated backends, then a refused database for ~1.5 s.
      const faults = (async () => {
        for (let f = 0; f < 3 && streaming; f++) {
          await sleep(600);
          for (let k = 0; k < 4; k++) {
            await terminateBackends();
            await sleep(60);
          }
        }
        await admin.session((exec) => exec(`alter database ${dbName} allow_connections false`));
        await terminateBackends();
        // During the outage: both processes answer 503 with Retry-After, and stay up.
        await sleep(300);
        for (const p of procs) {
          const res = await fetch(`${p.url}/wps/v2/wallets/balance`, {
            headers: { authorization: `Bearer ${players[0]!.token}` },
          });
          expect(res.status).toBe(503);
          expect(res.headers.get('retry-after')).toBe('1');
          expect(((await res.json()) as { code: string }).code).toBe('service_unavailable');
        }
        await sleep(1_200);
        await admin.session((exec) => exec(`alter database ${dbName} allow_connections true`));
        const back = Date.now();
        // Serving again soon after the database comes back, on both processes. The pool reconnects on the next
        // request (well under a second on an idle host); the bound leaves room for a loaded 2-core CI machine.
        await Promise.all(
          procs.map(async (p) => {
            for (;;) {
              const res = await fetch(`${p.url}/wps/v2/wallets/balance`, {
                headers: { authorization: `Bearer ${players[0]!.token}` },
              });
              if (res.status === 200) break;
              await sleep(50);
            }
            expect(Date.now() - back).toBeLessThan(5_000);
          }),
        );
      })();

      await Promise.all([...clients, faults.finally(() => (streaming = false))]);

      for (const p of procs) {
        expect(p.child.exitCode, p.output().slice(-2000)).toBeNull();
        expect((await fetch(`${p.url}/readyz`)).status).toBe(200);
      }
      expect([...statuses.keys()].filter((s) => s !== '200' && s !== '503' && s !== 'network')).toEqual([]);
      expect(statuses.get('503') ?? 0).toBeGreaterThan(0);
      expect(retryAfterSeen).toBe(true);

      // Exactly once: each player moved 1.00 to EVO per acknowledged transfer, no more, no less.
      for (const [i, p] of players.entries()) {
        expect(done[i]).toBeGreaterThanOrEqual(TRANSFERS);
        const res = await fetch(`${procs[0]!.url}/wps/v2/wallets/balance`, {
          headers: { authorization: `Bearer ${p.token}` },
        });
        const value = (
          (await res.json()) as {
            value: { main: { balance: string }; vendors: { vendorCode: string; balance: string }[] };
          }
        ).value;
        expect(value.vendors.find((v) => v.vendorCode === 'EVO')!.balance).toBe(String(done[i]! * 100));
        expect(value.main.balance).toBe(String(1_000_000 - done[i]! * 100));
      }
      const audit = await t.app.modules.ledger.audit();
      expect(audit.problems).toEqual([]);
      expect(audit.ok).toBe(true);

      // One warning per outage (not one error per request), and nothing unhandled.
      for (const p of procs) {
        const lines = p.output().split('\n');
        expect(lines.filter((l) => l.includes('unhandled error'))).toEqual([]);
        const warnings = lines.filter((l) => l.includes('database unavailable')).length;
        expect(warnings).toBeGreaterThanOrEqual(1);
        expect(warnings).toBeLessThanOrEqual(4);
      }
      console.info('fault test statuses', Object.fromEntries(statuses));
    }, 180_000);
  });
});
