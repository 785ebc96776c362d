import { sql } from 'kysely';
import type { AnyDb } from '../../src/db/schema.ts';

/**
 * A generated agent tree with bets, written in bulk under the modules (test and bench set-up only: 10,000 to
 * 100,000 members and up to 1,000,000 rounds are far too many to make one by one through the faces). It writes
 * what the faces would: member rows with their closure rows, and settled / rolled-back / open rounds each with
 * the wallet call (game_transactions row) that last changed it. Returns the model, so a test can compute the
 * expected figures itself.
 */
export interface GeneratedTree {
  /** Member ids in creation order; ids[0] is the root agent. */
  ids: bigint[];
  uplineOf: Map<bigint, bigint | null>;
  rounds: { memberId: bigint; stake: bigint; payout: bigint; status: 'settled' | 'rolled_back' | 'open'; at: Date }[];
}

/** Deterministic PRNG (mulberry32) so a failure can be replayed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const CHUNK = 20_000;

async function nextIds(db: AnyDb, table: 'members' | 'game_rounds', n: number): Promise<bigint> {
  // Explicit ids above the current ones; the identity sequence is moved past them afterwards.
  const { rows } = await sql<{ m: string }>`select coalesce(max(id), 0) + 1000 as m from ${sql.table(table)}`.execute(
    db,
  );
  void n;
  return BigInt(rows[0]!.m);
}

async function bumpSequence(db: AnyDb, table: 'members' | 'game_rounds' | 'game_transactions') {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
    db,
  );
}

export async function generateTree(
  db: AnyDb,
  opts: {
    merchantId: bigint;
    members: number;
    rounds: number;
    /** Rounds start within [from, from + days). */
    from: Date;
    days: number;
    seed?: number;
    /** Share of members that are agents (others hang under agents). */
    agentShare?: number;
    /** Prefix of the generated accounts (unique per merchant). */
    prefix?: string;
  },
): Promise<GeneratedTree> {
  const rand = prng(opts.seed ?? 1);
  const prefix = opts.prefix ?? 'gen';
  const agentCount = Math.max(1, Math.floor(opts.members * (opts.agentShare ?? 0.1)));
  const first = await nextIds(db, 'members', opts.members);
  const ids: bigint[] = [];
  const uplineOf = new Map<bigint, bigint | null>();
  const ancestors: bigint[][] = [];
  for (let i = 0; i < opts.members; i++) {
    const id = first + BigInt(i);
    ids.push(id);
    // Member i hangs under a random earlier agent, recent ones more often (a deep, bushy tree).
    const pool = Math.min(i, agentCount);
    const up = i === 0 ? null : (ids[Math.floor(pool * Math.sqrt(rand()))] ?? ids[0]!);
    uplineOf.set(id, up);
    ancestors.push(up === null ? [id] : [id, ...ancestors[Number(up - first)]!]);
  }

  for (let c = 0; c < opts.members; c += CHUNK) {
    const slice = ids.slice(c, c + CHUNK);
    // Registered over the year before the bets (a team grows over time; the reports' "new members" stay few).
    await sql`insert into members (id, merchant_id, account, password_hash, type, upline_id, rebate_point, created_at)
      overriding system value
      select id, ${opts.merchantId}::bigint, ${prefix} || id::text, 'not-a-login', type, upline, 0,
             ${opts.from.toISOString()}::timestamptz - (random() * interval '365 days')
        from unnest(${slice.map(String)}::bigint[], ${slice.map((_, k) => (c + k < agentCount ? 1 : 0))}::smallint[],
                    ${slice.map((id) => (uplineOf.get(id) === null ? null : String(uplineOf.get(id))))}::bigint[])
             as x(id, type, upline)`.execute(db);
  }
  await bumpSequence(db, 'members');
  const anc: string[] = [];
  const desc: string[] = [];
  const depth: number[] = [];
  const flush = async () => {
    if (!anc.length) return;
    await sql`insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
      select ${opts.merchantId}::bigint, a, d, p from unnest(${anc}::bigint[], ${desc}::bigint[], ${depth}::smallint[]) as x(a, d, p)`.execute(
      db,
    );
    anc.length = desc.length = depth.length = 0;
  };
  for (let i = 0; i < opts.members; i++) {
    const chain = ancestors[i]!;
    chain.forEach((a, d) => {
      anc.push(String(a));
      desc.push(String(ids[i]));
      depth.push(d);
    });
    if (anc.length >= CHUNK * 2) await flush();
  }
  await flush();

  const rounds: GeneratedTree['rounds'] = [];
  const span = opts.days * 86_400_000;
  for (let r = 0; r < opts.rounds; r++) {
    const memberId = ids[Math.floor(rand() * ids.length)]!;
    const stake = BigInt(1 + Math.floor(rand() * 1000)) * 100n;
    const x = rand();
    const status = x < 0.9 ? 'settled' : x < 0.95 ? 'rolled_back' : 'open';
    const payout = status === 'settled' && rand() < 0.45 ? (stake * BigInt(1 + Math.floor(rand() * 30))) / 10n : 0n;
    rounds.push({ memberId, stake, payout, status, at: new Date(opts.from.getTime() + Math.floor(rand() * span)) });
  }
  const firstRound = await nextIds(db, 'game_rounds', opts.rounds);
  for (let c = 0; c < rounds.length; c += CHUNK) {
    const slice = rounds.slice(c, c + CHUNK);
    const rid = slice.map((_, k) => String(firstRound + BigInt(c + k)));
    await sql`insert into game_rounds (id, merchant_id, vendor_code, member_id, round_ref, status, stake, payout, started_at, settled_at)
      overriding system value
      select id, ${opts.merchantId}::bigint, 'GEN', member, 'g' || id::text, status, stake, payout, at,
             case when status = 'settled' then at end
        from unnest(${rid}::bigint[], ${slice.map((s) => String(s.memberId))}::bigint[], ${slice.map((s) => s.status)}::text[],
                    ${slice.map((s) => String(s.stake))}::bigint[], ${slice.map((s) => String(s.payout))}::bigint[],
                    ${slice.map((s) => s.at.toISOString())}::timestamptz[]) as x(id, member, status, stake, payout, at)`.execute(
      db,
    );
    await sql`insert into game_transactions (merchant_id, vendor_code, member_id, tx_ref, kind, round_id, amount, status, request_hash, created_at)
      select ${opts.merchantId}::bigint, 'GEN', member, 't' || id::text, 'bet', id, stake, 'applied', 'generated', at
        from unnest(${rid}::bigint[], ${slice.map((s) => String(s.memberId))}::bigint[],
                    ${slice.map((s) => String(s.stake))}::bigint[], ${slice.map((s) => s.at.toISOString())}::timestamptz[])
             as x(id, member, stake, at)`.execute(db);
  }
  await bumpSequence(db, 'game_rounds');
  return { ids, uplineOf, rounds };
}
