import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberMain, systemAccount } from '../src/modules/ledger/index.ts';
import type { PostRequest, PostResult } from '../src/modules/ledger/index.ts';
import { createMember, createMerchant } from './helpers/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Model-based test (TigerBeetle's workload + auditor idea): random sequences of funding, payments, holds,
 * resolutions, replays and key reuse run against the database and against a tiny in-memory model; every
 * answer and every balance must match the model, and the audit must stay clean.
 */
type Op =
  | { t: 'fund'; m: number; amt: number }
  | { t: 'pay'; from: number; to: number; amt: number }
  | { t: 'hold'; m: number; amt: number }
  | { t: 'resolve'; hold: number; action: 'post' | 'void'; amt: number | null }
  | { t: 'replay'; of: number }
  | { t: 'reuse'; of: number };

const member = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 500 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('fund' as const), m: member, amt: amount }),
  fc.record({ t: fc.constant('pay' as const), from: member, to: member, amt: amount }).filter((o) => o.from !== o.to),
  fc.record({ t: fc.constant('hold' as const), m: member, amt: amount }),
  fc.record({
    t: fc.constant('resolve' as const),
    hold: fc.nat(20),
    action: fc.constantFrom('post' as const, 'void' as const),
    amt: fc.option(amount, { nil: null }),
  }),
  fc.record({ t: fc.constant('replay' as const), of: fc.nat(40) }),
  fc.record({ t: fc.constant('reuse' as const), of: fc.nat(40) }),
);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Outcome = 'ok' | 'conflict' | string;

it('random operation sequences: the database agrees with the model at every step', { timeout: 240_000 }, async () => {
  const ledger = t.app.modules.ledger;
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), async (ops) => {
      run += 1;
      const { code } = await createMerchant(t.database.all);
      const merchant = (await t.app.modules.merchants.findByCode(code))!;
      const ids = await Promise.all([0, 1, 2].map(async () => (await createMember(t.app.modules, merchant)).id));
      // The model: posted balance and held amount per member; holds; what each key answered.
      const posted = [0n, 0n, 0n];
      const held = [0n, 0n, 0n];
      const holds: Array<{ m: number; amt: bigint; dbId: bigint; resolved: boolean }> = [];
      const sent: Array<{ req: PostRequest; outcome: Outcome }> = [];
      const available = (m: number) => posted[m]! - held[m]!;

      const submit = async (req: PostRequest): Promise<PostResult | 'conflict'> => {
        try {
          return await ledger.post(req);
        } catch (err) {
          if ((err as { code?: string }).code === 'idempotency_conflict') return 'conflict';
          throw err;
        }
      };
      const base = (i: number) => ({
        merchantId: merchant.id,
        currency: merchant.currency,
        scope: 'model',
        key: `op${i}`,
        kind: 'test',
      });

      for (const [i, o] of ops.entries()) {
        let req: PostRequest;
        let expected: Outcome;
        let apply = () => {};
        if (o.t === 'fund') {
          req = {
            ...base(i),
            legs: [
              {
                debit: systemAccount('adjustments', o.m),
                credit: memberMain(ids[o.m]!),
                amount: BigInt(o.amt),
                code: 'adjustment',
              },
            ],
          };
          expected = 'ok';
          apply = () => void (posted[o.m]! += BigInt(o.amt));
        } else if (o.t === 'pay') {
          req = {
            ...base(i),
            legs: [
              {
                debit: memberMain(ids[o.from]!),
                credit: memberMain(ids[o.to]!),
                amount: BigInt(o.amt),
                code: 'transfer',
              },
            ],
          };
          expected = available(o.from) >= BigInt(o.amt) ? 'ok' : 'insufficient_funds';
          apply = () => {
            posted[o.from]! -= BigInt(o.amt);
            posted[o.to]! += BigInt(o.amt);
          };
        } else if (o.t === 'hold') {
          req = {
            ...base(i),
            legs: [
              {
                debit: memberMain(ids[o.m]!),
                credit: systemAccount('payment_clearing', o.m),
                amount: BigInt(o.amt),
                code: 'withdrawal',
                pending: true,
              },
            ],
          };
          expected = available(o.m) >= BigInt(o.amt) ? 'ok' : 'insufficient_funds';
          apply = () => void (held[o.m]! += BigInt(o.amt));
        } else if (o.t === 'resolve') {
          const h = holds[o.hold];
          if (!h) continue;
          const amt = o.amt === null ? undefined : BigInt(o.amt);
          req = {
            ...base(i),
            resolve: [{ pendingId: h.dbId, action: o.action, ...(amt !== undefined && { amount: amt }) }],
          };
          if (h.resolved) expected = 'pending_already_resolved';
          else if (o.action === 'post' && amt !== undefined && amt > h.amt) expected = 'exceeds_pending_amount';
          else expected = 'ok';
          apply = () => {
            h.resolved = true;
            held[h.m]! -= h.amt;
            if (o.action === 'post') posted[h.m]! -= amt ?? h.amt;
          };
        } else {
          const earlier = sent[o.of % Math.max(sent.length, 1)];
          if (!earlier) continue;
          if (o.t === 'replay') {
            const r = await submit(earlier.req);
            expect(r === 'conflict' ? 'conflict' : r.ok ? 'ok' : r.error).toBe(earlier.outcome);
            if (r !== 'conflict') expect(r.replay).toBe(true);
          } else {
            const other = { ...earlier.req, kind: `${earlier.req.kind}-other` };
            expect(await submit(other)).toBe('conflict');
          }
          continue;
        }
        const r = await submit(req);
        const outcome = r === 'conflict' ? 'conflict' : r.ok ? 'ok' : r.error;
        expect(outcome, `op ${i} ${JSON.stringify(o)}`).toBe(expected);
        if (r !== 'conflict' && r.ok) {
          apply();
          if (o.t === 'hold') holds.push({ m: o.m, amt: BigInt(o.amt), dbId: r.transferIds[0]!, resolved: false });
        }
        sent.push({ req, outcome });
      }

      const codes = ids.map((id) => memberMain(id));
      const b = await ledger.balances(merchant.id, codes);
      ids.forEach((_, m) => expect(b[codes[m]!]).toEqual({ balance: posted[m], available: posted[m]! - held[m]! }));
    }),
    { numRuns: 200, seed: Number(process.env.LEDGER_MODEL_SEED ?? Date.now() % 2 ** 31) },
  );
  expect(run).toBeGreaterThan(0);
  expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
});
