// What both seamless-wallet benches share: the full server with the demo data, players funded through the ledger
// and launched into a DEMO game (the launch hands the vendor our session token), and the closing check (ledger
// audit clean, every balance equal to what its rounds moved).
import { randomBytes } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import { createPasswordHasher } from '../apps/server/src/lib/password.ts';
import { memberMain, systemAccount } from '../apps/server/src/modules/ledger/index.ts';

export const FUND = 100_000_000n;

export interface BenchPlayer {
  id: bigint;
  token: string;
  /** The balance its rounds should leave (minor units), kept by the bench as rounds finish. */
  expected: bigint;
}

export async function buildWalletBenchApp(database: Database) {
  const app = await buildApp({
    config: { TRUST_PROXY: false, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined, SEED_DEMO: true },
    database,
    logger: false,
    hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
  });
  app.modules.games.registerProvider({ adapter: 'demo', launchUrl: (ctx) => `bench:?token=${ctx.sessionToken}` });
  return app;
}

type BenchApp = Awaited<ReturnType<typeof buildWalletBenchApp>>;

/** `count` members of the demo merchant, each funded with FUND and launched into the DEMO live game. */
export async function launchedPlayers(app: BenchApp, count: number, prefix: string) {
  const merchant = (await app.modules.merchants.findByCode('demo'))!;
  const list = await app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=DEMO&gameType=LIVE' });
  const nodeId = (list.json() as { value: { content: Array<{ nodeId: string }> } }).value.content[0]!.nodeId;
  const secret = (await app.modules.games.walletSecret(merchant.id, 'DEMO'))!;
  const players: BenchPlayer[] = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const m = await app.modules.members.create({
        merchant,
        account: `${prefix}${i}${randomBytes(3).toString('hex')}`,
        password: 'bench password 1',
        type: 0,
        uplineId: null,
      });
      await app.modules.ledger.postOrThrow({
        merchantId: merchant.id,
        currency: merchant.currency,
        scope: 'bench_funding',
        key: `fund:${m.id}`,
        kind: 'adjustment',
        memberId: m.id,
        legs: [
          { debit: systemAccount('adjustments', m.id), credit: memberMain(m.id), amount: FUND, code: 'adjustment' },
        ],
      });
      const launched = await app.modules.games.launch(
        merchant,
        { memberId: m.id, isTrial: false },
        { nodeId, freePlay: false, device: 'desktop' },
      );
      return { id: m.id, token: new URL(launched.url).searchParams.get('token')!, expected: FUND };
    }),
  );
  return { merchant, secret, players };
}

/** Throws unless the ledger audit is clean and every player's balance is what its rounds moved. */
export async function checkMoney(app: BenchApp, merchantId: bigint, players: BenchPlayer[]): Promise<void> {
  const audit = await app.modules.ledger.audit();
  if (!audit.ok) throw new Error(`ledger audit: ${JSON.stringify(audit.problems)}`);
  const balances = await app.modules.ledger.balances(
    merchantId,
    players.map((p) => memberMain(p.id)),
  );
  const wrong = players.filter((p) => balances[memberMain(p.id)]!.balance !== p.expected).length;
  if (wrong) throw new Error(`${wrong} balances differ from the rounds played`);
}
