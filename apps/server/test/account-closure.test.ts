import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { memberMain, memberVendor, type PostRequest, systemAccount } from '../src/modules/ledger/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, multipart, newPlayer, type Player, testImage } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Account closure against money on the move (issue 25; PGlite by default, PostgreSQL with DATABASE_URL): the balance
 * check runs inside the closing transaction with the member's ledger accounts locked and marked closed, so a credit
 * racing the closure either lands first (closure refused) or is refused by the ledger (account_closed) — never
 * both; every path of the post function (one post, a batch, a multi-leg journal, an account created later) refuses
 * a closed member's accounts; a pending deposit or withdrawal refuses the closure with account_money_pending.
 */
let t: TestApp;
let demo: Merchant;
let owner: TestAdmin;
let now = Date.parse('2026-11-26T04:00:00.000Z');
const DAY = 86_400_000;

beforeAll(async () => {
  // A clock the test moves (the retention period); real time flows within a step so sessions stay fresh.
  const started = Date.now();
  t = await buildTestApp({ clock: () => new Date(now + (Date.now() - started)) });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  owner = await createTestAdmin(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const close = (p: Player) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/member/close',
    headers: bearer(p.token),
    payload: { password: p.password },
  });

const credit = (memberId: bigint, amount: bigint, to = memberMain(memberId)): PostRequest => ({
  merchantId: demo.id,
  currency: demo.currency,
  scope: 'test_credit',
  key: randomUUID(),
  kind: 'adjustment',
  memberId,
  legs: [{ debit: systemAccount('adjustments', memberId), credit: to, amount, code: 'adjustment' }],
});

const balances = async (memberId: bigint) =>
  (await t.app.modules.ledger.memberAccounts(demo.id, memberId)).map((a) => [a.code, a.balance] as const);

describe('account closure and the ledger', () => {
  it('a credit racing the closure: either the credit lands and closure is refused, or closure wins and the credit is refused', async () => {
    const outcomes = { closed: 0, credited: 0 };
    for (let i = 0; i < 16; i++) {
      const p = await newPlayer(t, demo);
      // Half the credits run inside a transaction of their own (a deposit approval, a settlement), half batched.
      // The credit starts a little later each round, so it meets the closure before, during and after its lock.
      const post = new Promise((resolve) => setTimeout(resolve, i * 4)).then(() =>
        i % 2 === 0
          ? t.app.modules.ledger.post(credit(p.id, 700n))
          : t.database.db.transaction().execute((trx) => t.app.modules.ledger.post(credit(p.id, 700n), trx)),
      );
      const [r, posted] = await Promise.all([close(p), post]);
      const member = await t.app.modules.members.findById(demo.id, p.id);
      if (r.statusCode === 200) {
        expect(posted).toMatchObject({ ok: false, error: 'account_closed' });
        expect(member!.status).toBe('closed');
        expect(await balances(p.id)).toEqual([[memberMain(p.id), 0n]]);
        outcomes.closed += 1;
      } else {
        expect(r.json().code, r.body).toBe('account_balance_not_zero');
        expect(posted.ok).toBe(true);
        expect(member!.status).not.toBe('closed');
        expect(await balances(p.id)).toEqual([[memberMain(p.id), 700n]]);
        outcomes.credited += 1;
      }
    }
    expect(outcomes.closed + outcomes.credited).toBe(16);
    console.info(`closure race: ${JSON.stringify(outcomes)}`);
  }, 60_000);

  it('refuses every later post touching a closed account, on each path of the post function', async () => {
    const p = await newPlayer(t, demo);
    const other = await newPlayer(t, demo);
    expect((await close(p)).statusCode).toBe(200);
    const ledger = t.app.modules.ledger;

    // One post (its own path), and postOrThrow's error code.
    expect(await ledger.post(credit(p.id, 100n))).toMatchObject({ ok: false, error: 'account_closed' });
    await expect(ledger.postOrThrow(credit(p.id, 100n))).rejects.toMatchObject({ code: 'account_closed' });

    // A batch of one-leg posts whose accounts exist: the closed member's post fails, the other member's lands.
    await ledger.post(credit(other.id, 1n)); // the other member's main exists
    const batch = await ledger.postMany([credit(p.id, 100n), credit(other.id, 250n)]);
    expect(batch.map((b) => (b.ok ? 'ok' : b.error))).toEqual(['account_closed', 'ok']);

    // A multi-leg journal (the general path) touching the closed member: nothing of it moves.
    const multi = await ledger.post({
      ...credit(other.id, 10n),
      legs: [
        { debit: systemAccount('adjustments', 1), credit: memberMain(other.id), amount: 10n, code: 'adjustment' },
        { debit: systemAccount('adjustments', 1), credit: memberMain(p.id), amount: 10n, code: 'adjustment' },
      ],
    });
    expect(multi).toMatchObject({ ok: false, error: 'account_closed' });

    // An account created after the closure (a game wallet never used) is born closed.
    const vendor = await ledger.post(credit(p.id, 100n, memberVendor(p.id, 'DEMO')));
    expect(vendor).toMatchObject({ ok: false, error: 'account_closed' });
    const batchNew = await ledger.postMany([
      credit(p.id, 5n, memberVendor(p.id, 'OTHER')),
      credit(other.id, 5n, memberVendor(other.id, 'OTHER')),
    ]);
    expect(batchNew.map((b) => (b.ok ? 'ok' : b.error))).toEqual(['account_closed', 'ok']);

    expect((await balances(p.id)).every(([, b]) => b === 0n)).toBe(true);
    expect(await balances(other.id)).toEqual([
      [memberMain(other.id), 251n],
      [memberVendor(other.id, 'OTHER'), 5n],
    ]);
    expect(await ledger.audit()).toEqual({ ok: true, problems: [] });
  });

  it('refuses the closure while a deposit is pending (account_money_pending), then while the credited money is there', async () => {
    const p = await newPlayer(t, demo);
    const order = await t.app.inject({
      method: 'POST',
      url: '/wps/deposit/orders',
      headers: bearer(p.token),
      payload: { methodCode: 'SANDBOX', amount: '500', requestId: randomUUID() },
    });
    expect(order.statusCode, order.body).toBe(200);
    const r = await close(p);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ success: false, code: 'account_money_pending' });
    expect(r.json().message).toMatch(/deposit or withdrawal/);
    const paid = await t.app.inject({
      method: 'POST',
      url: order.json().value.payUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid',
    });
    expect(paid.statusCode).toBe(303);
    const again = await close(p);
    expect(again.json().code).toBe('account_balance_not_zero');
    expect((await t.app.modules.members.findById(demo.id, p.id))!.status).not.toBe('closed');
  });

  it('refuses the closure while a game round waits for its result: account_bets_open', async () => {
    // A vendor's round still open (its win could still come).
    const p = await newPlayer(t, demo);
    await sql`insert into game_rounds (merchant_id, vendor_code, member_id, round_ref, status, stake, payout, started_at)
              values (${demo.id}, 'DEMO', ${p.id}, ${`r-${p.id}`}, 'open', 100, 0, now())`.execute(t.database.db);
    const r = await close(p);
    expect([r.statusCode, r.json().code]).toEqual([409, 'account_bets_open']);
    expect(r.json().message).toMatch(/waiting for their result/);
    await sql`update game_rounds set status = 'settled', settled_at = now() where member_id = ${p.id}`.execute(
      t.database.db,
    );
    // The lottery's check runs too (its query on this database; no bet of this member).
    expect(await t.app.modules.lottery.hasOpenBets(demo.id, p.id)).toBe(false);
    expect((await close(p)).statusCode).toBe(200);
  });

  it('refuses the closure while a withdrawal is open', async () => {
    const p = await newPlayer(t, demo, { fund: 100_000n });
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(p.token), payload });
    const txPw = '246810';
    expect(
      (
        await call('/wps/member/transaction-password', {
          loginPassword: p.password,
          newPassword: txPw,
          confirm: txPw,
        })
      ).json().success,
    ).toBe(true);
    const bank = await call('/wps/withdraw/bank-accounts', {
      bankName: 'BDO',
      accountName: 'Juan Dela Cruz',
      accountNumber: '001234567890',
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const w = await call('/wps/withdraw/requests', {
      bankAccountId: bank.json().value.id,
      amount: '1000',
      transactionPassword: txPw,
      requestId: randomUUID(),
    });
    expect(w.statusCode, w.body).toBe(200);
    const r = await close(p);
    expect(r.json().code).toBe('account_money_pending');
  });
});

describe('closed accounts: reopened by staff, anonymised after the retention period', () => {
  const staff = (a: TestAdmin, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/admin/api${path}`,
      headers: { ...bearer(a.token), merchant: 'demo' },
      ...(payload && { payload }),
    });
  const login = (p: Player) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: p.account, password: p.password, area: 'member' },
      remoteAddress: '198.51.100.40',
    });

  it('staff with members.manage reopen with a reason (audited); money moves again; others are refused', async () => {
    const p = await newPlayer(t, demo);
    expect((await close(p)).statusCode).toBe(200);
    const path = `/members/${p.account}/reopen`;

    const noReason = await staff(owner, 'POST', path, { reason: '  ' });
    expect([noReason.statusCode, noReason.json().code]).toEqual([400, 'validation_failed']);
    for (const role of ['auditor', 'finance', 'content']) {
      const a = await createTestAdmin(t, { role });
      const r = await staff(a, 'POST', path, { reason: 'asked by phone' });
      expect([role, r.statusCode]).toEqual([role, 403]);
    }
    expect((await t.app.modules.members.findById(demo.id, p.id))!.status).toBe('closed');
    expect(await t.app.modules.ledger.post(credit(p.id, 10n))).toMatchObject({ ok: false, error: 'account_closed' });

    const r = await staff(owner, 'POST', path, { reason: 'The member asked to come back (ticket 4411)' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().value).toMatchObject({ account: p.account, closedAt: null, anonymisedAt: null });
    expect((await login(p)).statusCode).toBe(200);
    expect((await t.app.modules.ledger.post(credit(p.id, 10n))).ok).toBe(true);
    const again = await staff(owner, 'POST', path, { reason: 'twice' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'state_invalid']);

    const audit = await staff(owner, 'GET', `/audit?action=member.reopen&target=${p.account}`);
    const items = audit.json().value.items;
    expect(items).toHaveLength(1);
    expect(items[0].detail).toMatchObject({ reason: 'The member asked to come back (ticket 4411)' });
  });

  it("wipes a closed account's personal fields after the merchant's retention period; the ledger is kept", async () => {
    const set = await staff(owner, 'PUT', '/site-settings/profile', { closedRetentionDays: 90 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value.closedRetentionDays).toBe(90);
    const bad = await staff(owner, 'PUT', '/site-settings/profile', { closedRetentionDays: 5 });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation_failed']);

    // A member with profile fields and a ledger history (money came and went), then closed.
    const closedMember = async () => {
      const x = await newPlayer(t, demo);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/wps/member/profile',
        headers: bearer(x.token),
        payload: { nickname: 'Lucky', realName: 'Juan Dela Cruz', email: 'juan@example.com', address: '12 Rizal Ave' },
      });
      expect(put.statusCode, put.body).toBe(200);
      await t.app.modules.ledger.postOrThrow(credit(x.id, 500n));
      await t.app.modules.ledger.postOrThrow({
        ...credit(x.id, 500n),
        legs: [
          { debit: memberMain(x.id), credit: systemAccount('adjustments', x.id), amount: 500n, code: 'adjustment' },
        ],
      });
      expect((await close(x)).statusCode).toBe(200);
      return x;
    };
    const p = await closedMember();
    now += 60 * DAY;
    const keep = await closedMember();
    const journalsBefore = await t.app.modules.ledger.journalCount();

    // 89 days after p's closure: nothing yet.
    now += 29 * DAY;
    expect((await t.app.modules.profile.anonymiseDue()).anonymised).not.toContain(p.account);
    // Past 90 days: p is wiped, `keep` (closed 30 days ago) is not.
    now += 2 * DAY;
    const run = await t.app.modules.profile.anonymiseDue();
    expect(run.anonymised).toContain(p.account);
    const late = await createTestAdmin(t); // staff sessions of 91 days ago have ended
    expect(run.anonymised).not.toContain(keep.account);
    const m = (await t.app.modules.members.findById(demo.id, p.id))!;
    expect(m).toMatchObject({ nickname: null, real_name: null, email: null, mobile: null, status: 'closed' });
    expect(m.anonymised_at).toBeInstanceOf(Date);
    const view = (await staff(late, 'GET', `/members/${p.account}/profile`)).json().value;
    expect(view.values).toMatchObject({ nickname: null, realName: null, email: null, address: null });
    expect(view.anonymisedAt).not.toBeNull();
    const kept = (await staff(late, 'GET', `/members/${keep.account}/profile`)).json().value;
    expect(kept.values).toMatchObject({ realName: 'Juan Dela Cruz', address: '12 Rizal Ave' });
    // The ledger is untouched: same journals, the member's entries still there, the books balance.
    expect(await t.app.modules.ledger.journalCount()).toBe(journalsBefore);
    expect(await balances(p.id)).toEqual([[memberMain(p.id), 0n]]);
    expect(await t.app.modules.ledger.audit()).toEqual({ ok: true, problems: [] });
    // A second run does nothing more; an anonymised account cannot be reopened.
    expect((await t.app.modules.profile.anonymiseDue()).anonymised).not.toContain(p.account);
    const reopen = await staff(late, 'POST', `/members/${p.account}/reopen`, { reason: 'too late' });
    expect([reopen.statusCode, reopen.json().code]).toEqual([409, 'state_invalid']);
    const audit = await staff(late, 'GET', `/audit?action=member.anonymise&target=${p.account}`);
    expect(audit.json().value.items).toHaveLength(1);
  });

  it('the anonymisation also wipes identity documents, bank accounts, devices and login places; money history kept', async () => {
    const x = await newPlayer(t, demo, { fund: 100_000n });
    const boss = await createTestAdmin(t); // a session of this time (the clock moved on above)
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(x.token), payload });
    // An identity document (a selfie).
    const form = multipart({}, { field: 'file', content: await testImage('png'), name: 'me.png', type: 'image/png' });
    const up = await t.app.inject({
      method: 'POST',
      url: '/wps/member/kyc/selfie',
      headers: { ...bearer(x.token), ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    // A login from a remembered device.
    const device = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: x.account, password: x.password, area: 'member' },
      headers: { 'device-id': 'anon-device-0000000001', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130' },
      remoteAddress: '198.51.100.77',
    });
    expect(device.statusCode, device.body).toBe(200);
    // A bank account and a withdrawal from it (rejected by staff: its journals stay in the ledger).
    const txPw = '135791';
    await call('/wps/member/transaction-password', { loginPassword: x.password, newPassword: txPw, confirm: txPw });
    const bank = await call('/wps/withdraw/bank-accounts', {
      bankName: 'BDO',
      accountName: 'Maria Santos',
      accountNumber: '009876543210',
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const w = await call('/wps/withdraw/requests', {
      bankAccountId: bank.json().value.id,
      amount: '100',
      transactionPassword: txPw,
      requestId: randomUUID(),
    });
    expect(w.statusCode, w.body).toBe(200);
    const withdrawalId = (
      await t.database.all
        .selectFrom('withdrawals')
        .select('reference')
        .where('member_id', '=', x.id)
        .executeTakeFirstOrThrow()
    ).reference;
    const rejected = await staff(boss, 'POST', `/withdrawals/${withdrawalId}/reject`, { reason: 'test' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await t.app.modules.ledger.postOrThrow({
      ...credit(x.id, 100_000n),
      legs: [
        { debit: memberMain(x.id), credit: systemAccount('adjustments', x.id), amount: 100_000n, code: 'adjustment' },
      ],
    });
    expect((await close(x)).statusCode).toBe(200);

    const db = t.database.all;
    const count = async (table: 'kyc_documents' | 'member_devices' | 'login_challenges' | 'password_reset_tokens') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('member_id', '=', x.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('kyc_documents')).toBe(1);
    expect(await count('member_devices')).toBeGreaterThan(0);
    const journals = await t.app.modules.ledger.journalCount();
    const entriesOf = () =>
      sql<{ n: string }>`select count(*) as n from ledger_entries e join ledger_accounts a on a.id = e.account_id
                         where a.member_id = ${x.id}`.execute(t.database.db);
    const entries = (await entriesOf()).rows[0]!.n;

    now += 4000 * DAY; // past any retention period
    const run = await t.app.modules.profile.anonymiseDue();
    const later = await createTestAdmin(t);
    expect(run.anonymised).toContain(x.account);
    // Nothing personal left in any table that held it.
    for (const table of ['kyc_documents', 'member_devices', 'login_challenges', 'password_reset_tokens'] as const)
      expect([table, await count(table)]).toEqual([table, 0]);
    expect(
      await db
        .selectFrom('member_bank_accounts')
        .select(['bank_name', 'account_number', 'account_name'])
        .where('member_id', '=', x.id)
        .execute(),
    ).toEqual([{ bank_name: 'BDO', account_number: '', account_name: '' }]);
    const wd = await db.selectFrom('withdrawals').selectAll().where('member_id', '=', x.id).execute();
    expect(wd).toHaveLength(1);
    expect(wd[0]).toMatchObject({ account_number: '', account_name: '', status: 'rejected' });
    expect(
      JSON.stringify(
        await db
          .selectFrom('sessions')
          .select(['ip', 'user_agent', 'device_id'])
          .where('member_id', '=', x.id)
          .execute(),
      ),
    ).not.toMatch(/198\.51|Android|anon-device/);
    const logins = await db
      .selectFrom('member_logins')
      .select(['ip', 'user_agent'])
      .where('member_id', '=', x.id)
      .execute();
    expect(logins.length).toBeGreaterThan(0);
    expect(logins.every((l) => l.ip === '' && l.user_agent === '')).toBe(true);
    const member = await db.selectFrom('members').selectAll().where('id', '=', x.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(member, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toMatch(
      /198\.51|Maria|Santos|009876543210/,
    );
    // Money history intact: the same journals and entries, the withdrawal's amount and state, books balanced.
    expect(await t.app.modules.ledger.journalCount()).toBe(journals);
    expect((await entriesOf()).rows[0]!.n).toBe(entries);
    expect(wd[0]!.amount).toBeGreaterThan(0n);
    expect(await t.app.modules.ledger.audit()).toEqual({ ok: true, problems: [] });
    // The audit trail keeps the job's own entry (what it wiped); a second run changes nothing.
    const audit = await staff(later, 'GET', `/audit?action=member.anonymise&target=${x.account}`);
    expect(audit.json().value.items[0].detail).toMatchObject({ documents: 1, bankAccounts: 1 });
    expect((await t.app.modules.profile.anonymiseDue()).anonymised).not.toContain(x.account);
  });
});
