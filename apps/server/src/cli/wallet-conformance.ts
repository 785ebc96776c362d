// `npm run wallet:conformance -- BASE_URL KEY --operator <merchant> --vendor <code> --player <id> --session <token>
// [--currency PHP] [--game <code>] [--stake <minor units>]`: our seamless wallet's conformance suite against a running
// deployment, over HTTP, as a vendor certifies itself (docs/vendors.md). The test player must be funded and its
// session live (launch a game as that player: the launch hands the vendor player id and session token); every
// scenario leaves its balance where it found it. Options may also come from the environment (WALLET_OPERATOR,
// WALLET_VENDOR, WALLET_PLAYER, WALLET_SESSION, WALLET_CURRENCY, WALLET_GAME, WALLET_STAKE).
// Exits 0 when every scenario passes, 1 when one fails, 2 on bad arguments or an unreachable wallet.
import { parseArgs } from 'node:util';
import { SEAMLESS_HEADERS, SEAMLESS_PATH } from '@sea/contracts';
import { signSeamless } from '../modules/games/index.ts';
import { runConformance, type WalletCaller, type WalletReply } from './wallet-conformance/scenarios.ts';

const USAGE =
  'usage: npm run wallet:conformance -- BASE_URL KEY --operator <merchant> --vendor <code> --player <id> ' +
  '--session <token> [--currency PHP] [--game <code>] [--stake <minor units>]';

/** The wallet over the network: each call signed with the vendor's key over the exact bytes sent. */
function httpWallet(opts: { baseUrl: string; key: string; operator: string; vendor: string }): WalletCaller {
  const base = opts.baseUrl.replace(/\/+$/, '');
  return {
    async call(op, body, o = {}): Promise<WalletReply> {
      const raw = JSON.stringify(body);
      const timestamp = String(Math.floor(Date.now() / 1000) + (o.timestampOffsetSeconds ?? 0));
      const signature = o.signature ?? signSeamless(opts.key, timestamp, raw);
      const res = await fetch(`${base}${SEAMLESS_PATH}/${op}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SEAMLESS_HEADERS.operator]: opts.operator,
          [SEAMLESS_HEADERS.vendor]: opts.vendor,
          [SEAMLESS_HEADERS.timestamp]: timestamp,
          [SEAMLESS_HEADERS.signature]: signature,
        },
        body: o.tamper ? o.tamper(raw) : raw,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      let json: WalletReply['json'] = {};
      try {
        json = JSON.parse(text) as WalletReply['json'];
      } catch {
        // not JSON: the scenario's check reports the raw text
      }
      return { statusCode: res.status, text, json };
    },
  };
}

async function main(argv: string[]): Promise<number> {
  const env = process.env;
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      operator: { type: 'string', default: env.WALLET_OPERATOR },
      vendor: { type: 'string', default: env.WALLET_VENDOR },
      player: { type: 'string', default: env.WALLET_PLAYER },
      session: { type: 'string', default: env.WALLET_SESSION },
      currency: { type: 'string', default: env.WALLET_CURRENCY ?? 'PHP' },
      game: { type: 'string', default: env.WALLET_GAME },
      stake: { type: 'string', default: env.WALLET_STAKE ?? '100' },
    },
  });
  const [baseUrl, key] = positionals;
  const required = {
    BASE_URL: baseUrl,
    KEY: key,
    operator: values.operator,
    vendor: values.vendor,
    player: values.player,
    session: values.session,
  };
  const missing = Object.entries(required)
    .filter(([, v]) => !v)
    .map(([name]) => name);
  if (missing.length || !/^https?:\/\//.test(baseUrl ?? '') || !/^\d+$/.test(values.stake ?? '')) {
    console.error(missing.length ? `missing: ${missing.join(', ')}` : 'BASE_URL must be http(s)://…, --stake digits');
    console.error(USAGE);
    return 2;
  }
  const wallet = httpWallet({ baseUrl: baseUrl!, key: key!, operator: values.operator!, vendor: values.vendor! });
  try {
    await wallet.call('balance', {});
  } catch (err) {
    console.error(`The wallet at ${baseUrl} cannot be reached: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
  console.log(`Seamless wallet conformance: ${baseUrl}${SEAMLESS_PATH}, vendor ${values.vendor} of ${values.operator}`);
  const results = await runConformance({
    wallet,
    currency: values.currency!,
    playerId: values.player!,
    sessionToken: values.session!,
    gameCode: values.game,
    stake: BigInt(values.stake!),
  });
  for (const r of results) {
    console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.ms} ms)`);
    if (r.error) console.log(`      ${r.error}`);
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`${results.length - failed} of ${results.length} scenarios passed.`);
  return failed === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
