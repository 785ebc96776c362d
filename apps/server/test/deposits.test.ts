import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER, signSandbox } from '../src/modules/deposits/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { createMember } from './helpers/factories.ts';
import { multipart, testImage } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;
let secret = '';
let alice: { id: bigint; token: string };
let bob: { id: bigint; token: string };
let trialToken = '';
let admin: { id: bigint; token: string };

async function login(account: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username: account, password },
  });
  return res.json().value.token as string;
}

async function newMember(type?: number): Promise<{ id: bigint; token: string }> {
  const m = await createMember(t.app.modules, demo, { type });
  return { id: m.id, token: await login(m.account, m.password) };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const balance = async (memberId: bigint) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(memberId)]))[memberMain(memberId)]!.balance;
/** The API names a deposit by its public reference (its `id`); the row behind it. */
const depositRow = (reference: string) =>
  t.database.all.selectFrom('deposits').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
const creditJournals = async (reference: string) => {
  const { id } = await depositRow(reference);
  return (
    await t.database.all
      .selectFrom('ledger_journals')
      .select('id')
      .where('scope', '=', 'deposit')
      .where('idem_key', '=', `deposit:${id}`)
      .execute()
  ).length;
};

function order(token: string, amount: string, requestId = randomUUID(), methodCode = 'SANDBOX') {
  return t.app.inject({
    method: 'POST',
    url: '/wps/deposit/orders',
    headers: auth(token),
    payload: { methodCode, amount, requestId },
  });
}

/** A callback as the sandbox gateway would send it, signed with the installation's key (or the one given). */
function callback(
  body: Record<string, string>,
  opts: { ts?: number; key?: string; signature?: string; rawBody?: string } = {},
) {
  const raw = opts.rawBody ?? JSON.stringify(body);
  const ts = String(opts.ts ?? Math.floor(Date.now() / 1000));
  return t.app.inject({
    method: 'POST',
    url: '/wps/deposit/callback/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_TIMESTAMP_HEADER]: ts,
      [SANDBOX_SIGNATURE_HEADER]: opts.signature ?? signSandbox(opts.key ?? secret, ts, JSON.stringify(body)),
    },
    payload: raw,
  });
}

async function openOrder(token: string, amount: string) {
  const res = await order(token, amount);
  expect(res.statusCode, res.body).toBe(200);
  const { depositId, payUrl } = res.json().value as { depositId: string; payUrl: string };
  const row = await depositRow(depositId);
  return { depositId, payUrl, orderRef: row.order_ref, amount: row.amount };
}

const image = (format: 'png' | 'jpeg' | 'gif', w = 300, h = 200) => testImage(format, w, h);

function manual(
  token: string,
  amount: string,
  file: { content: Buffer; name?: string; type?: string } | undefined,
  requestId = randomUUID(),
) {
  const m = multipart(
    { methodCode: 'BANK', amount, requestId },
    file && { field: 'receipt', name: 'slip.png', ...file },
  );
  return t.app.inject({
    method: 'POST',
    url: '/wps/deposit/manual',
    payload: m.payload,
    headers: { ...m.headers, ...auth(token) },
  });
}

const adminPost = (path: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: path, headers: auth(admin.token), ...(payload && { payload }) });

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  // The installation's sandbox key is created on first use and kept in the database.
  await t.app.modules.deposits.sandbox.buildCallback(
    { orderId: 'warm-up', amount: 1n, currency: demo.currency },
    'paid',
  );
  secret = (
    await t.database.all
      .selectFrom('deposit_gateway_secrets')
      .select('secret')
      .where('gateway', '=', 'sandbox')
      .executeTakeFirstOrThrow()
  ).secret;
  alice = await newMember();
  bob = await newMember();
  trialToken = (await newMember(demo.trialTypes[0])).token;
  admin = await createTestAdmin(t);
});

afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

describe('deposit methods', () => {
  it('lists the merchant’s enabled methods with limits and the receiving bank account', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/deposit/methods', headers: auth(alice.token) });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ currency: 'PHP', exponent: 2 });
    expect(v.methods).toEqual([
      {
        code: 'SANDBOX',
        name: expect.any(String),
        kind: 'gateway',
        minAmount: '10000',
        maxAmount: '5000000',
        bank: null,
      },
      {
        code: 'BANK',
        name: expect.any(String),
        kind: 'bank_transfer',
        minAmount: '50000',
        maxAmount: '50000000',
        bank: { bankName: 'Demo Bank', accountNumber: expect.any(String), accountName: expect.any(String) },
      },
    ]);
  });

  it('refuses trial accounts and visitors everywhere', async () => {
    for (const [method, url] of [
      ['GET', '/wps/deposit/methods'],
      ['GET', '/wps/deposit/list'],
      ['POST', '/wps/deposit/orders'],
      ['POST', '/wps/deposit/manual'],
    ] as const) {
      const payload = url.endsWith('orders')
        ? { payload: { methodCode: 'SANDBOX', amount: '200', requestId: randomUUID() } }
        : {};
      const trial = await t.app.inject({ method, url, headers: auth(trialToken), ...payload });
      expect(trial.json().code, url).toBe('in_need_true_account');
      expect((await t.app.inject({ method, url, ...payload })).statusCode, url).toBe(401);
    }
    const m = multipart(
      { methodCode: 'BANK', amount: '600', requestId: randomUUID() },
      { field: 'receipt', content: await image('png') },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/deposit/manual',
      payload: m.payload,
      headers: { ...m.headers, ...auth(trialToken) },
    });
    expect(res.json().code).toBe('in_need_true_account');
    expect(await t.database.all.selectFrom('deposits').select('id').execute()).toHaveLength(0);
  });
});

describe('gateway deposits (sandbox)', () => {
  it('pays through the hosted page: signed callback, one credit, back to the site', async () => {
    const before = await balance(alice.id);
    const o = await openOrder(alice.token, '150.50');
    expect(o.payUrl).toBe(`/sandbox-gateway/pay/${o.orderRef}`);

    const pagRes = await t.app.inject({ method: 'GET', url: o.payUrl });
    expect(pagRes.statusCode).toBe(200);
    expect(pagRes.headers['content-type']).toContain('text/html');
    expect(pagRes.body).toContain('150.50');
    expect(pagRes.body).toContain(`action="/sandbox-gateway/pay/${o.orderRef}"`);
    expect(pagRes.body).not.toContain('<script');

    const paid = await t.app.inject({
      method: 'POST',
      url: o.payUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/member/depositv2?deposit=${o.depositId}`);

    expect(await balance(alice.id)).toBe(before + 15050n);
    const row = await depositRow(o.depositId);
    expect(row).toMatchObject({ status: 'success', gateway: 'sandbox' });
    expect(row.gateway_ref).toMatch(/^SBX-/);
    const journal = await t.database.all
      .selectFrom('ledger_journals')
      .selectAll()
      .where('idem_key', '=', `deposit:${row.id}`)
      .executeTakeFirstOrThrow();
    expect(journal).toMatchObject({ scope: 'deposit', kind: 'deposit', member_id: alice.id, ok: true });

    const list = (await t.app.inject({ method: 'GET', url: '/wps/deposit/list', headers: auth(alice.token) })).json()
      .value;
    expect(list.list[0]).toMatchObject({
      id: o.depositId,
      status: 'success',
      amount: '15050',
      methodCode: 'SANDBOX',
      kind: 'gateway',
    });

    // The page of a final order says so and offers no buttons.
    const again = await t.app.inject({ method: 'GET', url: o.payUrl });
    expect(again.body).toContain('already success');
    expect(again.body).not.toContain('<form');
  });

  it('opens one deposit per request id; the same id with other content is a conflict', async () => {
    const requestId = randomUUID();
    const a = (await order(alice.token, '200', requestId)).json().value;
    const b = (await order(alice.token, '200.00', requestId)).json().value;
    expect(b).toEqual(a);
    expect((await order(alice.token, '300', requestId)).json().code).toBe('idempotency_conflict');
    // Another member may use the same request id: it is scoped to the member.
    expect((await order(bob.token, '300', requestId)).statusCode).toBe(200);
  });

  it('checks the amount: decimals, zero, the method’s min and max, the method itself', async () => {
    expect((await order(alice.token, '150.501')).json().code).toBe('amount_invalid');
    expect((await order(alice.token, '0')).json().code).toBe('amount_invalid');
    const low = (await order(alice.token, '99.99')).json();
    expect(low.code).toBe('amount_out_of_range');
    expect(low.value).toEqual({ min: '10000', max: '5000000' });
    expect((await order(alice.token, '50000.01')).json().code).toBe('amount_out_of_range');
    expect((await order(alice.token, '50000')).statusCode).toBe(200);
    expect((await order(alice.token, '100')).statusCode).toBe(200);
    expect((await order(alice.token, '-5')).json().code).toBe('validation_failed');
    expect((await order(alice.token, '1e3')).json().code).toBe('validation_failed');
    expect((await order(alice.token, '200', randomUUID(), 'NOPE')).json().code).toBe('validation_failed');
    expect((await order(alice.token, '600', randomUUID(), 'BANK')).json().code).toBe('validation_failed');
  });

  it('credits once whatever the number of duplicate callbacks, sequential or concurrent', async () => {
    const before = await balance(alice.id);
    const o = await openOrder(alice.token, '300');
    const body = { orderId: o.orderRef, status: 'paid', amount: '30000', currency: 'PHP', gatewayRef: 'GW-1' };
    for (let i = 0; i < 3; i++) {
      const res = await callback(body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value).toEqual({ depositId: o.depositId, status: 'success' });
    }
    expect(await balance(alice.id)).toBe(before + 30000n);

    const o2 = await openOrder(alice.token, '400');
    const body2 = { orderId: o2.orderRef, status: 'paid', amount: '40000', currency: 'PHP', gatewayRef: 'GW-2' };
    const ts = Math.floor(Date.now() / 1000);
    const results = await Promise.all(Array.from({ length: 10 }, () => callback(body2, { ts })));
    for (const r of results) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().value).toEqual({ depositId: o2.depositId, status: 'success' });
    }
    expect(await balance(alice.id)).toBe(before + 70000n);
    expect(await creditJournals(o.depositId)).toBe(1);
    expect(await creditJournals(o2.depositId)).toBe(1);
  });

  it('rejects a bad signature, a tampered body, a stale or future timestamp, and writes nothing', async () => {
    const o = await openOrder(bob.token, '250');
    const body = { orderId: o.orderRef, status: 'paid', amount: '25000', currency: 'PHP', gatewayRef: 'GW-3' };
    const refused = [
      await callback(body, { key: 'a'.repeat(43) }),
      await callback(body, { signature: '0'.repeat(64) }),
      await callback(body, { signature: 'not-hex' }),
      await callback(body, { rawBody: JSON.stringify({ ...body, amount: '2500000' }) }),
      await callback(body, { ts: Math.floor(Date.now() / 1000) - 301 }),
      await callback(body, { ts: Math.floor(Date.now() / 1000) + 301 }),
      await t.app.inject({
        method: 'POST',
        url: '/wps/deposit/callback/sandbox',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      }),
    ];
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(401);
      expect(r.json().code).toBe('signature_invalid');
    }
    expect((await depositRow(o.depositId)).status).toBe('pending');
    expect(await creditJournals(o.depositId)).toBe(0);
    expect(await balance(bob.id)).toBe(0n);
    // Unknown gateway or order.
    expect((await t.app.inject({ method: 'POST', url: '/wps/deposit/callback/other', payload: '{}' })).statusCode).toBe(
      404,
    );
    expect((await callback({ ...body, orderId: 'Dunknownorder123' })).statusCode).toBe(404);
  });

  it('refuses a paid amount that differs from the order', async () => {
    const o = await openOrder(bob.token, '250');
    const res = await callback({
      orderId: o.orderRef,
      status: 'paid',
      amount: '24999',
      currency: 'PHP',
      gatewayRef: 'GW-4',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('amount_invalid');
    expect(
      (
        await callback({ orderId: o.orderRef, status: 'paid', amount: '25000', currency: 'USD', gatewayRef: 'GW-4' })
      ).json().code,
    ).toBe('amount_invalid');
    expect((await depositRow(o.depositId)).status).toBe('pending');
    expect(await balance(bob.id)).toBe(0n);
  });

  it('marks a failed payment failed; a later callback for the final deposit changes nothing', async () => {
    const o = await openOrder(bob.token, '500');
    const failed = await t.app.inject({
      method: 'POST',
      url: o.payUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=failed',
    });
    expect(failed.statusCode).toBe(303);
    expect((await depositRow(o.depositId)).status).toBe('failed');
    const late = await callback({
      orderId: o.orderRef,
      status: 'paid',
      amount: '50000',
      currency: 'PHP',
      gatewayRef: 'GW-5',
    });
    expect(late.json().value).toEqual({ depositId: o.depositId, status: 'failed' });
    expect(await balance(bob.id)).toBe(0n);
    expect(await creditJournals(o.depositId)).toBe(0);
    const item = (await t.app.inject({ method: 'GET', url: '/wps/deposit/list', headers: auth(bob.token) }))
      .json()
      .value.list.find((d: { id: string }) => d.id === o.depositId);
    expect(item).toMatchObject({ status: 'failed', reason: expect.any(String) });
  });

  it('answers the pay page for unknown orders and bad forms without a 500', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox-gateway/pay/Dnosuchorder0000' })).statusCode).toBe(404);
    const o = await openOrder(bob.token, '120');
    const bad = await t.app.inject({
      method: 'POST',
      url: o.payUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=steal',
    });
    expect(bad.statusCode).toBe(400);
    expect((await depositRow(o.depositId)).status).toBe('pending');
  });
});

describe('manual bank transfers', () => {
  it('stores the receipt, pending review; the operator sees it, approves once, audited', async () => {
    const before = await balance(alice.id);
    const png = await image('png');
    // Anything appended to the image (here an HTML page) must not reach the operator.
    const smuggled = Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await manual(alice.token, '1000', { content: smuggled, name: 'slip.png' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().value;
    expect(d).toMatchObject({ status: 'pending', kind: 'bank_transfer', amount: '100000', methodCode: 'BANK' });
    // The id in answers and paths is the random public reference, never the sequential row id.
    expect(d.id).toMatch(/^DEP-[0-9A-Z]{8}$/);
    expect(d.id).toBe(d.reference);

    const list = (
      await t.app.inject({ method: 'GET', url: '/admin/api/deposits?status=pending', headers: auth(admin.token) })
    ).json().value;
    expect(list.list.map((x: { id: string }) => x.id)).toContain(d.id);
    expect(list.list.every((x: { status: string }) => x.status === 'pending')).toBe(true);
    expect(list.list.find((x: { id: string }) => x.id === d.id)).toMatchObject({
      hasReceipt: true,
      memberId: String(alice.id),
    });

    const receipt = (
      await t.app.inject({ method: 'GET', url: `/admin/api/deposits/${d.id}/receipt`, headers: auth(admin.token) })
    ).json().value;
    // Stored re-encoded: the same picture as a JPEG, and only the picture.
    expect(receipt.contentType).toBe('image/jpeg');
    expect(receipt.image.startsWith('data:image/jpeg;base64,')).toBe(true);
    const stored = Buffer.from(receipt.image.split(',')[1], 'base64');
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
    expect(stored.includes('<script>')).toBe(false);

    const ok = await adminPost(`/admin/api/deposits/${d.id}/approve`);
    expect(ok.json().value).toEqual({ id: d.id, status: 'success' });
    expect(await balance(alice.id)).toBe(before + 100000n);
    const twice = await adminPost(`/admin/api/deposits/${d.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('state_invalid');
    expect(await balance(alice.id)).toBe(before + 100000n);
    expect(await creditJournals(d.id)).toBe(1);

    const audit = await t.database.all
      .selectFrom('admin_audit_log')
      .selectAll()
      .where('action', '=', 'deposit.approve')
      .where('target_id', '=', (await depositRow(d.id)).reference)
      .execute();
    expect(audit).toHaveLength(1);
    expect((await depositRow(d.id)).reviewed_by).toBe(admin.id);
  });

  it('rejects with a reason the member sees; nothing is credited; a reviewed deposit cannot be reviewed again', async () => {
    const res = await manual(bob.token, '700', { content: await image('jpeg'), name: 'slip.jpg', type: 'image/jpeg' });
    const d = res.json().value;
    const rej = await adminPost(`/admin/api/deposits/${d.id}/reject`, { reason: 'No matching transfer' });
    expect(rej.json().value).toEqual({ id: d.id, status: 'rejected' });
    expect((await adminPost(`/admin/api/deposits/${d.id}/approve`)).json().code).toBe('state_invalid');
    expect((await adminPost(`/admin/api/deposits/${d.id}/reject`, { reason: 'again' })).json().code).toBe(
      'state_invalid',
    );
    expect(await balance(bob.id)).toBe(0n);
    const item = (await t.app.inject({ method: 'GET', url: '/wps/deposit/list', headers: auth(bob.token) })).json()
      .value.list[0];
    expect(item).toMatchObject({ id: d.id, status: 'rejected', reason: 'No matching transfer' });
    expect((await adminPost(`/admin/api/deposits/${d.id}/reject`, { reason: '' })).json().code).toBe(
      'validation_failed',
    );
  });

  it('lets exactly one of a racing approve and reject win', async () => {
    for (let i = 0; i < 3; i++) {
      const before = await balance(bob.id);
      const d = (await manual(bob.token, '600', { content: await image('png') })).json().value;
      const [a, r] = await Promise.all([
        adminPost(`/admin/api/deposits/${d.id}/approve`),
        adminPost(`/admin/api/deposits/${d.id}/reject`, { reason: 'race' }),
      ]);
      const codes = [a.statusCode, r.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const row = await depositRow(d.id);
      expect(row.status).toBe(a.statusCode === 200 ? 'success' : 'rejected');
      expect(await balance(bob.id)).toBe(before + (a.statusCode === 200 ? 60000n : 0n));
    }
  });

  it('refuses gateway deposits in review and unknown ids', async () => {
    const o = await openOrder(bob.token, '150');
    expect((await adminPost(`/admin/api/deposits/${o.depositId}/approve`)).json().code).toBe('state_invalid');
    expect((await adminPost('/admin/api/deposits/DEP-00000000/approve')).statusCode).toBe(404);
    // A sequential row id no longer names a deposit in a path.
    const row = await depositRow(o.depositId);
    const byRowId = await adminPost(`/admin/api/deposits/${row.id}/approve`);
    expect(byRowId.statusCode).toBe(400);
    expect(byRowId.json().code).toBe('validation_failed');
    expect(
      (await t.app.inject({ method: 'POST', url: `/admin/api/deposits/${o.depositId}/approve` })).json().code,
    ).toBe('admin_unauthorized');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/admin/api/deposits/${o.depositId}/approve`,
          headers: auth(alice.token),
        })
      ).json().code,
    ).toBe('admin_unauthorized');
  });

  it('checks the receipt by its bytes and size, and the amount against the method', async () => {
    expect(
      (await manual(alice.token, '600', { content: await image('gif'), name: 'a.png', type: 'image/png' })).json().code,
    ).toBe('unsupported_media_type');
    expect(
      (await manual(alice.token, '600', { content: Buffer.from('<svg onload=alert(1)>'), name: 'a.png' })).json().code,
    ).toBe('unsupported_media_type');
    expect((await manual(alice.token, '600', { content: (await image('png')).subarray(0, 60) })).json().code).toBe(
      'unsupported_media_type',
    );
    const big = await manual(alice.token, '600', {
      content: Buffer.concat([await image('png'), Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
    expect((await manual(alice.token, '600', undefined)).json().code).toBe('validation_failed');
    expect((await manual(alice.token, '499.99', { content: await image('png') })).json().code).toBe(
      'amount_out_of_range',
    );
    expect((await manual(alice.token, '600.123', { content: await image('png') })).json().code).toBe('amount_invalid');
    const json = await t.app.inject({
      method: 'POST',
      url: '/wps/deposit/manual',
      headers: auth(alice.token),
      payload: { methodCode: 'BANK', amount: '600', requestId: randomUUID() },
    });
    expect(json.json().code).toBe('unsupported_media_type');
  });

  it('is idempotent on the request id (one deposit, one receipt)', async () => {
    const requestId = randomUUID();
    const png = await image('png');
    const [a, b] = await Promise.all([
      manual(alice.token, '800', { content: png }, requestId),
      manual(alice.token, '800', { content: png }, requestId),
    ]);
    expect(a.json().value.id).toBe(b.json().value.id);
    expect((await manual(alice.token, '900', { content: png }, requestId)).json().code).toBe('idempotency_conflict');
  });
});

describe('member deposit list', () => {
  it('shows only the member’s own deposits, newest first, paginated', async () => {
    const carol = await newMember();
    expect(
      (await t.app.inject({ method: 'GET', url: '/wps/deposit/list', headers: auth(carol.token) })).json().value,
    ).toMatchObject({ list: [], total: 0, currency: 'PHP', exponent: 2 });
    const ids: string[] = [];
    for (const a of ['110', '120', '130']) ids.push((await openOrder(carol.token, a)).depositId);
    const p1 = (
      await t.app.inject({ method: 'GET', url: '/wps/deposit/list?pageNo=1&pageSize=2', headers: auth(carol.token) })
    ).json().value;
    expect(p1.total).toBe(3);
    expect(p1.list.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    const p2 = (
      await t.app.inject({ method: 'GET', url: '/wps/deposit/list?pageNo=2&pageSize=2', headers: auth(carol.token) })
    ).json().value;
    expect(p2.list.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    const others = (
      await t.app.inject({ method: 'GET', url: '/wps/deposit/list?pageSize=100', headers: auth(bob.token) })
    )
      .json()
      .value.list.map((d: { id: string }) => d.id);
    expect(others.some((id: string) => ids.includes(id))).toBe(false);
  });
});
