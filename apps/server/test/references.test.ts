import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReferenceClash, newReference, referencePattern, withFreshReference } from '../src/lib/reference.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;
beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(() => t.close());

function call(p: Player, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(p.token), ...(payload && { payload }) });
}

describe('public references of deposits and withdrawals', () => {
  it('are random, short and unique (DEP-XXXXXXXX), shown in the list and the transaction history', async () => {
    const p = await newPlayer(t, demo);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(p, 'POST', '/wps/deposit/orders', {
        methodCode: 'SANDBOX',
        amount: '100',
        requestId: randomUUID(),
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().value.depositId);
    }
    const list = (await call(p, 'GET', '/wps/deposit/list')).json().value.list as { id: string; reference: string }[];
    expect(list).toHaveLength(4);
    const refs = list.map((d) => d.reference);
    for (const r of refs) expect(r).toMatch(referencePattern('DEP'));
    expect(new Set(refs).size).toBe(4);
    // The id in answers and paths is the reference itself: the sequential row id never leaves the server.
    for (const d of list) expect(d.id).toBe(d.reference);

    // An approved deposit's ledger line carries the reference, not DEP-<id>.
    const admin = t.app.modules.deposits;
    const first = list.find((d) => d.id === ids[0])!;
    const row = await t.database.all
      .selectFrom('deposits')
      .selectAll()
      .where('reference', '=', first.reference)
      .executeTakeFirstOrThrow();
    const cb = await admin.sandbox.buildCallback(
      { orderId: row.order_ref, amount: row.amount, currency: row.currency },
      'paid',
    );
    const paid = await t.app.inject({
      method: 'POST',
      url: '/wps/deposit/callback/sandbox',
      headers: { 'content-type': 'application/json', ...cb.headers },
      payload: cb.body,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const history = (await call(p, 'GET', '/wps/member/transactions?type=deposit')).json().value;
    expect(history.items.map((r: { reference: string }) => r.reference)).toEqual([first.reference]);
  });

  it('gives withdrawals a WDR- reference, in the answer, the list and the history', async () => {
    const p = await newPlayer(t, demo, { fund: 100_000n });
    expect(
      (
        await call(p, 'POST', '/wps/member/transaction-password', {
          loginPassword: p.password,
          newPassword: '246810',
          confirm: '246810',
        })
      ).json().success,
    ).toBe(true);
    const bank = (
      await call(p, 'POST', '/wps/withdraw/bank-accounts', {
        bankName: 'BDO',
        accountNumber: '1234567890',
        accountName: 'Juan Dela Cruz',
      })
    ).json().value.id as string;
    const res = await call(p, 'POST', '/wps/withdraw/requests', {
      bankAccountId: bank,
      amount: '150',
      transactionPassword: '246810',
      requestId: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json().value as { id: string; reference: string };
    expect(w.reference).toMatch(referencePattern('WDR'));
    const history = (await call(p, 'GET', '/wps/member/transactions?type=withdrawal')).json().value;
    expect(history.items.map((r: { reference: string }) => r.reference)).toEqual([w.reference]);
  });

  it('retries with a new reference when the random one clashes with an existing row', async () => {
    const p = await newPlayer(t, demo);
    const taken = (await t.database.all.selectFrom('deposits').select('reference').limit(1).executeTakeFirstOrThrow())
      .reference;
    // The first reference drawn is one already used: the unique index refuses it, the next draw goes through.
    const draws = [taken, 'DEP-ZZZZ0000'];
    const make = () => draws.shift()!;
    const inserted = await withFreshReference(
      'DEP',
      (reference) =>
        t.database.all
          .insertInto('deposits')
          .values({
            merchant_id: demo.id,
            member_id: p.id,
            method_id: t.database.all.selectFrom('deposit_methods').select('id').limit(1),
            kind: 'gateway',
            amount: 100n,
            currency: demo.currency,
            request_id: randomUUID(),
            order_ref: `D${randomUUID()}`,
            reference,
          })
          .returning('reference')
          .executeTakeFirstOrThrow(),
      make,
    );
    expect(inserted.reference).toBe('DEP-ZZZZ0000');
    expect(draws).toEqual([]);
  });

  it('draws from Crockford base32 and recognises only reference clashes', () => {
    expect(newReference('DEP', () => 0)).toBe('DEP-00000000');
    expect(newReference('WDR', () => 31)).toBe('WDR-ZZZZZZZZ');
    expect(
      isReferenceClash({
        code: '23505',
        message: 'duplicate key value violates unique constraint "deposits_reference_key"',
      }),
    ).toBe(true);
    expect(
      isReferenceClash({ code: '23505', message: 'duplicate key value violates unique constraint "deposits_pkey"' }),
    ).toBe(false);
    expect(isReferenceClash(new Error('x'))).toBe(false);
  });
});
