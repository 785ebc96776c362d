// A client of the ledger that is killed with SIGKILL in the middle of its work (see ledger-crash.test.ts).
// argv: pglite <dataDir> | postgres <url>, then merchantId, currency, memberId.
// It debits 1 from the member per key `crash:<n>` and prints "ack <n>" only after the post returned.
import { openDatabase } from '../../src/db/database.ts';
import { openConfiguredDatabase } from '../../src/db/open.ts';
import { createLedgerModule, memberMain, systemAccount } from '../../src/modules/ledger/index.ts';

const [kind, target, merchantId, currency, memberId] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const database =
  kind === 'pglite'
    ? (
        await openConfiguredDatabase({
          DATA_DIR: target,
          DATABASE_URL: undefined,
          DATABASE_POOL_SIZE: 1,
        })
      ).database
    : await openDatabase({ kind: 'postgres', url: target, poolSize: 4 });
const ledger = createLedgerModule({ db: database.db });
const member = BigInt(memberId);
process.stdout.write('ready\n');
// Four clients at once, each acknowledging only what the database confirmed.
let next = 0;
async function client(): Promise<void> {
  for (;;) {
    const n = next++;
    const r = await ledger.post({
      merchantId: BigInt(merchantId),
      currency,
      scope: 'crash',
      key: `crash:${n}`,
      kind: 'bet',
      memberId: member,
      legs: [{ debit: memberMain(member), credit: systemAccount('house', member), amount: 1n, code: 'bet' }],
    });
    if (!r.ok) throw new Error(`unexpected ${r.error}`);
    process.stdout.write(`ack ${n}\n`);
  }
}
await Promise.all([client(), client(), client(), client()]);
