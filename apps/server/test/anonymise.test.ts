import { randomUUID } from 'node:crypto';
import { ANONYMISED_TEXT } from '@sea/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createAnonymiseService } from '../src/modules/profile/anonymise.service.ts';
import { createProfileRepository } from '../src/modules/profile/profile.repository.ts';
import { tablesOf } from '../src/db/schema.ts';
import type { ProfileTables } from '../src/modules/profile/profile.tables.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, multipart, newPlayer, type Player, testImage } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { REVIEWED_COLUMNS, personalLookingColumns } from './helpers/personal-columns.ts';

/**
 * The retention anonymisation reaches every personal datum (issue 25; PGlite by default, PostgreSQL with
 * DATABASE_URL): a closed member with data in every table that keeps any — profile, avatar, sign-ins, devices,
 * captchas, SMS codes, feedback with images, chat, bonus claims, activity applications with images, the referral,
 * a points-mall delivery address, personal messages, staff notes, deposit receipts, identity documents — is
 * anonymised; then every table of the database is read back and none of the person's values is left anywhere, the
 * money records and the ledger are intact, a second run changes nothing, and a failure in any one module leaves
 * the member untouched (one transaction). A guard fails when a new column that looks personal is not reviewed.
 */
let t: TestApp;
let demo: Merchant;
let owner: TestAdmin;
let now = Date.parse('2026-11-26T04:00:00.000Z');
const DAY = 86_400_000;

beforeAll(async () => {
  const started = Date.now();
  t = await buildTestApp({ clock: () => new Date(now + (Date.now() - started)) });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  owner = await createTestAdmin(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

// The person's values: none may be found in any table afterwards.
const PERSON = {
  realName: 'Maria Clara Santos',
  nickname: 'LuckyMaria',
  email: 'maria.santos@example.com',
  address: '12 Rizal Avenue, Makati',
  mallAddress: '77 Bonifacio St, Taguig',
  telegram: 'maria_tg_77',
  mobile: '9171234567',
  ipLogin: '198.51.100.201',
  ipSignup: '198.51.100.202',
  ipClaim: '198.51.100.203',
  device: 'maria-phone-00000001',
  browser: 'Mozilla/5.0 (Linux; Android 14; MariaPhone) Chrome/130',
  feedback: 'my bank slip from Maria Santos is attached',
  reply: 'Dear Maria Clara, we credited it',
  chat: 'call Maria on 0917 123 4567',
  comment: 'Maria shared the promo on her page',
  note: 'Maria called from 0917 123 4567',
  message: 'A new sign-in from 198.51.100.201 (MariaPhone)',
  staffNickname: 'MariaByStaff',
  oldMobile: '9179876543',
  /** A new number the member asked a mobile-change code for and never confirmed (migration 0244). */
  askedMobile: '9175550123',
  ipMobileChange: '198.51.100.204',
};
const PERSONAL = new RegExp(
  Object.values(PERSON)
    .map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|'),
  'i',
);

const staff = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, a = owner) =>
  t.app.inject({
    method,
    url: `/admin/api${path}`,
    headers: { ...bearer(a.token), merchant: 'demo' },
    ...(payload && { payload }),
  });
const asMember = (p: Player, method: 'POST' | 'PUT', url: string, payload: object, ip = PERSON.ipClaim) =>
  t.app.inject({ method, url, headers: { ...bearer(p.token), 'x-forwarded-for': ip }, payload });
const ok = async (r: Promise<{ statusCode: number; body: string; json: () => { value: unknown } }>) => {
  const res = await r;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Record<string, unknown>;
};

/** Every table of the database as JSON text lines (bytea shows as hex, so images are counted separately). */
async function everyRow(): Promise<{ table: string; row: string }[]> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(t.database.db);
  const out: { table: string; row: string }[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await sql<{ j: string }>`select row_to_json(x)::text as j from ${sql.table(table_name)} x`.execute(
      t.database.db,
    );
    for (const r of rows.rows) out.push({ table: table_name, row: r.j });
  }
  return out;
}

/** A closed member with personal data in every table that keeps any; returns what the checks need. */
async function memberWithEverything() {
  owner = await createTestAdmin(t); // a session of this time (the clock moves on between tests)
  const x = await newPlayer(t, demo);
  const db = t.database.db;
  // Profile: members' columns through the profile API, mobile and sign-up IP as registration leaves them.
  await ok(
    asMember(x, 'PUT', '/wps/member/profile', {
      nickname: PERSON.nickname,
      realName: PERSON.realName,
      email: PERSON.email,
      address: PERSON.address,
      telegram: PERSON.telegram,
    }),
  );
  await sql`update members set country_dialing_code = '63', mobile = ${PERSON.mobile}, created_ip = ${PERSON.ipSignup}
            where id = ${x.id}`.execute(db);
  await sql`insert into member_avatars (member_id, content, updated_at) values (${x.id}, ${Buffer.from('avatar')}, now())`.execute(
    db,
  );
  // A sign-in from a new device (session, login record, remembered device, the new-device message).
  const login = await t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username: x.account, password: x.password, area: 'member' },
    headers: { 'device-id': PERSON.device, 'user-agent': PERSON.browser },
    remoteAddress: PERSON.ipLogin,
  });
  expect(login.statusCode, login.body).toBe(200);
  // A captcha fetched from the member's IP, and one from a stranger's (kept).
  for (const ip of [PERSON.ipLogin, '192.0.2.99'])
    expect((await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: ip })).statusCode).toBe(200);
  // SMS codes: one to the member's number, one the member's IP asked for another number, one a stranger's.
  const code = (mobile: string, ip: string) =>
    sql`insert into verification_codes (merchant_id, purpose, country_dialing_code, mobile, code_hash, ip, created_at, expires_at)
        values (${demo.id}, 'login', '63', ${mobile}, 'h', ${ip}, ${new Date(now)}, ${new Date(now)})`.execute(db);
  await code(PERSON.mobile, '192.0.2.98');
  // ...and one to the number the member had before the mobile change below (audited from → to).
  await code(PERSON.oldMobile, '192.0.2.96');
  await code('9990001111', PERSON.ipSignup);
  await code('9990002222', '192.0.2.97');
  // ...and a mobile-change code to a new number the member never confirmed, asked from an IP known nowhere else: the
  // number is the member's (the code names the member), not a stranger's.
  await ok(
    asMember(
      x,
      'POST',
      '/wps/member/mobile/code',
      { countryDialingCode: '63', mobileNum: PERSON.askedMobile, password: x.password },
      '192.0.2.95',
    ),
  );
  // The dev outbox's copy of that SMS (no production table: SMS_PROVIDER=http keeps none) is not under test here.
  await sql`delete from dev_outbox where body like ${`%${PERSON.askedMobile}%`} or recipient like ${`%${PERSON.askedMobile}%`}`.execute(
    db,
  );
  // Feedback with an image, answered by staff.
  const form = multipart({ questionType: 'deposit', content: PERSON.feedback }, [
    { field: 'images', content: await testImage('png'), name: 'slip.png', type: 'image/png' },
  ]);
  const fb = await t.app.inject({
    method: 'PUT',
    url: '/wps/feedback',
    headers: { ...bearer(x.token), merchant: 'demo', ...form.headers },
    payload: form.payload,
  });
  expect(fb.statusCode, fb.body).toBe(200);
  await sql`update member_feedback set reply = ${PERSON.reply} where member_id = ${x.id}`.execute(db);
  // A chat message (and its masked name).
  await sql`insert into chat_messages (merchant_id, room, member_id, display_name, text)
            values (${demo.id}, 'lobby', ${x.id}, ${'LuckyMaria#ab12'}, ${PERSON.chat})`.execute(db);
  // A bonus claim joined from an IP and device, and an activity application with an image.
  const promotion = async (kind: 'bonus' | 'application') => {
    const id = (await ok(staff('POST', '/promotions', { title: `P ${randomUUID().slice(0, 6)}`, content: '<p>x</p>' })))
      .id as string;
    if (kind === 'bonus')
      await ok(
        staff('PUT', `/promotions/${id}/bonus`, {
          kind: 'signup',
          enabled: true,
          percentBp: 0,
          fixedAmount: '1500',
          maxBonus: null,
          minDeposit: '0',
          multiplier: 1,
          wagerBase: 'bonus',
          maxConversion: null,
          maxStake: null,
          expiryDays: 7,
          newMembersOnly: false,
          contributions: {},
        }),
      );
    else
      await ok(
        staff('PUT', `/promotions/${id}/application`, { enabled: true, newMembersOnly: false, oncePerMember: true }),
      );
    return id;
  };
  const bonusPromo = await promotion('bonus');
  const join = await t.app.inject({
    method: 'POST',
    url: `/wps/join/${bonusPromo}`,
    headers: { ...bearer(x.token), 'x-forwarded-for': PERSON.ipClaim, 'device-id': PERSON.device },
  });
  expect(join.statusCode, join.body).toBe(200);
  const appPromo = await promotion('application');
  const appForm = multipart({ comment: PERSON.comment }, [
    { field: 'images', content: await testImage('png'), name: 'shot.png', type: 'image/png' },
  ]);
  const applied = await t.app.inject({
    method: 'PUT',
    url: `/wps/join/${appPromo}/application`,
    headers: { ...bearer(x.token), 'x-forwarded-for': PERSON.ipClaim, 'device-id': PERSON.device, ...appForm.headers },
    payload: appForm.payload,
  });
  expect(applied.statusCode, applied.body).toBe(200);
  // The referral that brought the member in (the referrer's record of it stays).
  const referrer = await newPlayer(t, demo);
  await sql`insert into referrals (merchant_id, referrer_id, referee_id, code, registered_ip, registered_device_id)
            values (${demo.id}, ${referrer.id}, ${x.id}, 'REFCODE1', ${PERSON.ipSignup}, ${PERSON.device})`.execute(db);
  // A physical points-mall order with a delivery address.
  const item = await sql<{
    id: bigint;
  }>`insert into reward_mall_items (merchant_id, kind, name, points, stock, per_member_limit)
            values (${demo.id}, 'physical', 'Mug', 10, 5, 1) returning id`.execute(db);
  await sql`insert into reward_mall_orders (reference, merchant_id, member_id, item_id, item_name, kind, points, address, status)
            values (${`MO${randomUUID().slice(0, 8)}`}, ${demo.id}, ${x.id}, ${item.rows[0]!.id}, 'Mug', 'physical', 10,
                    ${PERSON.mallAddress}, 'shipped')`.execute(db);
  // A message to the member alone, and a broadcast (not the member's: kept).
  await sql`insert into member_messages (merchant_id, member_id, title, content) values
            (${demo.id}, ${x.id}, 'New sign-in', ${PERSON.message}),
            (${demo.id}, null, 'Holiday hours', 'We are open every day')`.execute(db);
  // A staff note.
  await ok(staff('POST', `/members/${x.account}/notes`, { text: PERSON.note }));
  // A staff edit of the profile (audited from → to) and the member's own mobile change (audited with its IP): the
  // audit trail holds the person's values until the anonymisation redacts them.
  await ok(staff('PUT', `/members/${x.account}/profile`, { nickname: PERSON.staffNickname }));
  await t.app.modules.admin.recordAction(undefined, {
    merchantId: demo.id,
    adminId: null,
    action: 'member.mobile_change',
    targetType: 'member',
    targetId: x.account,
    detail: { account: x.account, by: 'member', from: `+63 ${PERSON.oldMobile}`, to: `+63 ${PERSON.mobile}` },
    ip: PERSON.ipMobileChange,
  });
  // A rejected bank-transfer deposit with its receipt image.
  const method = await sql<{
    id: bigint;
  }>`insert into deposit_methods (merchant_id, code, name, kind, min_amount, max_amount,
            bank_name, account_number, account_name) values (${demo.id}, ${`AN${randomUUID().slice(0, 6).toUpperCase().replace(/-/g, '')}`},
            'Bank', 'bank_transfer', 1, 100000, 'BDO', '001', 'Operator') returning id`.execute(db);
  const dep = await sql<{ id: bigint }>`insert into deposits (merchant_id, member_id, method_id, kind, amount, currency,
            request_id, order_ref, reference, status, completed_at) values (${demo.id}, ${x.id}, ${method.rows[0]!.id},
            'bank_transfer', 5000, ${demo.currency}, ${randomUUID()}, ${randomUUID()}, ${`DP${randomUUID().slice(0, 8)}`},
            'rejected', now()) returning id`.execute(db);
  await sql`insert into deposit_receipts (deposit_id, merchant_id, content_type, content)
            values (${dep.rows[0]!.id}, ${demo.id}, 'image/png', ${Buffer.from('slip')})`.execute(db);
  // An identity document.
  const kyc = multipart({}, { field: 'file', content: await testImage('png'), name: 'me.png', type: 'image/png' });
  const up = await t.app.inject({
    method: 'POST',
    url: '/wps/member/kyc/selfie',
    headers: { ...bearer(x.token), ...kyc.headers },
    payload: kyc.payload,
  });
  expect(up.statusCode, up.body).toBe(200);
  // The bonus money is forfeited so the wallets are empty, then the member closes the account.
  const close = await t.app.inject({
    method: 'POST',
    url: '/wps/member/close',
    headers: bearer(x.token),
    payload: { password: x.password },
  });
  return { x, referrer, close };
}

const count = async (table: string, where: ReturnType<typeof sql>) =>
  Number(
    (
      await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)} where ${where}`.execute(
        t.database.db,
      )
    ).rows[0]!.n,
  );

describe('the retention anonymisation reaches every personal datum', () => {
  it('leaves none of the person in any table; money, the ledger and the audit trail kept; a second run does nothing', async () => {
    const { x, close } = await memberWithEverything();
    expect(close.statusCode, close.body).toBe(200);
    const db = t.database.db;
    // Before: the person is in many tables.
    const before = new Set((await everyRow()).filter((r) => PERSONAL.test(r.row)).map((r) => r.table));
    for (const table of [
      'members',
      'member_profiles',
      'sessions',
      'member_logins',
      'member_devices',
      'captchas',
      'verification_codes',
      'member_feedback',
      'chat_messages',
      'bonus_claims',
      'activity_applications',
      'referrals',
      'reward_mall_orders',
      'member_messages',
      'member_notes',
      'admin_audit_log',
    ])
      expect([table, before.has(table)]).toEqual([table, true]);
    const journals = await t.app.modules.ledger.journalCount();
    const money = () =>
      sql<{ j: string }>`select json_build_object(
          'bonus', (select json_agg(json_build_array(amount, status)) from bonus_claims where member_id = ${x.id}),
          'deposits', (select json_agg(json_build_array(amount, status)) from deposits where member_id = ${x.id}),
          'mall', (select json_agg(json_build_array(points, status)) from reward_mall_orders where member_id = ${x.id})
        )::text as j`.execute(db);
    const moneyBefore = (await money()).rows[0]!.j;

    now += 4000 * DAY; // past any retention period
    const run = await t.app.modules.profile.anonymiseDue();
    expect(run.anonymised).toContain(x.account);

    // After: no value of the person in any row of any table, the audit trail included (this member's entries name
    // the account, not the person; a staff profile edit's and a mobile change's values are redacted: docs/operators.md,
    // "What the anonymisation erases and keeps").
    const left = (await everyRow()).filter((r) => PERSONAL.test(r.row));
    expect(left).toEqual([]);
    // The audit entries stay, redacted: which field changed and who acted are still there.
    const redacted = await sql<{ action: string; detail: Record<string, unknown>; ip: string }>`
      select action, detail, ip from admin_audit_log
      where target_id = ${x.account} and action in ('member.profile', 'member.mobile_change') order by id`.execute(db);
    expect(redacted.rows.map((r) => [r.action, r.detail.redacted !== undefined])).toEqual([
      ['member.profile', true],
      ['member.mobile_change', true],
    ]);
    expect(redacted.rows[0]!.detail.changed).toEqual({ nickname: { from: ANONYMISED_TEXT, to: ANONYMISED_TEXT } });
    expect(redacted.rows[1]!.detail).toMatchObject({ account: x.account, by: 'member', from: ANONYMISED_TEXT });
    expect(redacted.rows[1]!.ip).toBe('');
    // Images and files are gone from storage.
    const mine = sql`member_id = ${x.id}`;
    expect(await count('member_avatars', mine)).toBe(0);
    expect(await count('kyc_documents', mine)).toBe(0);
    expect(
      await count(
        'member_feedback_images',
        sql`feedback_id in (select id from member_feedback where member_id = ${x.id})`,
      ),
    ).toBe(0);
    expect(
      await count(
        'activity_application_images',
        sql`application_id in (select id from activity_applications where member_id = ${x.id})`,
      ),
    ).toBe(0);
    expect(
      await count('deposit_receipts', sql`deposit_id in (select id from deposits where member_id = ${x.id})`),
    ).toBe(0);
    // The records stay, with the marker where the text was; the strangers' rows are untouched.
    expect(
      await count('member_feedback', sql`member_id = ${x.id} and content = ${ANONYMISED_TEXT} and image_count = 0`),
    ).toBe(1);
    expect(await count('chat_messages', sql`member_id = ${x.id} and text = ${ANONYMISED_TEXT}`)).toBe(1);
    expect(await count('activity_applications', sql`member_id = ${x.id} and comment = ${ANONYMISED_TEXT}`)).toBe(1);
    expect(await count('member_notes', sql`member_id = ${x.id} and body = ${ANONYMISED_TEXT}`)).toBe(1);
    expect(await count('member_messages', sql`member_id is null and content = 'We are open every day'`)).toBe(1);
    expect(await count('captchas', sql`ip = '192.0.2.99'`)).toBe(1);
    expect(await count('verification_codes', sql`mobile in ('9990001111', '9990002222')`)).toBe(2);
    // The unconfirmed new number's code is gone with the member's numbers (it named the member, not only an IP).
    expect(await count('verification_codes', sql`mobile = ${PERSON.askedMobile}`)).toBe(0);
    expect(await count('referrals', sql`referee_id = ${x.id}`)).toBe(1);
    // Money untouched: the same journals, amounts and states; the books balance.
    expect(await t.app.modules.ledger.journalCount()).toBe(journals);
    expect((await money()).rows[0]!.j).toBe(moneyBefore);
    expect(await t.app.modules.ledger.audit()).toEqual({ ok: true, problems: [] });
    // The job's audit entry says what each module changed.
    const late = await createTestAdmin(t);
    // The member's page says the account was anonymised (it offers no reopen).
    const page = (await staff('GET', `/members/${x.account}`, undefined, late)).json().value;
    const erasedAt = (await t.app.modules.members.findById(demo.id, x.id))!.anonymised_at!;
    expect(page.status).toMatchObject({ status: 'closed', anonymisedAt: erasedAt.toISOString() });
    const audit = (await staff('GET', `/audit?action=member.anonymise&target=${x.account}`, undefined, late)).json()
      .value.items;
    expect(audit).toHaveLength(1);
    expect(audit[0].detail).toMatchObject({
      documents: 1,
      erased: {
        feedback: 1,
        chat: 1,
        bonus: 1,
        activities: 1,
        referral: 1,
        rewards: 1,
        messages: expect.any(Number),
        memberAdmin: 1,
        deposits: 1,
        // the codes to the current, the earlier and the unconfirmed new number deleted, one IP blanked
        verification: 4,
        captcha: 1,
      },
    });
    expect(audit[0].detail.erased.messages).toBeGreaterThanOrEqual(1);

    // A second run: nothing to do, and each module's eraser changes nothing more.
    const snapshot = JSON.stringify(await everyRow());
    expect((await t.app.modules.profile.anonymiseDue()).anonymised).not.toContain(x.account);
    const m = t.app.modules;
    await db.transaction().execute(async (trx) => {
      for (const owner of [
        m.feedback,
        m.chat,
        m.bonus,
        m.activities,
        m.referral,
        m.rewards,
        m.messages,
        m.memberAdmin,
        m.deposits,
      ])
        expect(await owner.anonymiseMember(trx, demo.id, x.id)).toBe(0);
    });
    expect(JSON.stringify(await everyRow())).toBe(snapshot);
  }, 120_000);

  it('is all or nothing for a member: a failing module leaves every table as it was', async () => {
    const { x, close } = await memberWithEverything();
    expect(close.statusCode, close.body).toBe(200);
    now += 4000 * DAY;
    const m = t.app.modules;
    const failing = createAnonymiseService({
      db: t.database.db,
      repo: createProfileRepository(tablesOf<ProfileTables>(t.database.db)),
      members: m.members,
      withdrawals: m.withdrawals,
      kyc: m.kyc,
      auth: m.auth,
      audit: m.admin,
      verification: m.verification,
      captcha: m.captcha,
      personalData: {
        feedback: m.feedback,
        chat: m.chat,
        bonus: m.bonus,
        activities: m.activities,
        referral: m.referral,
        rewards: m.rewards,
        messages: m.messages,
        memberAdmin: m.memberAdmin,
        // The last owner fails after all the others have written.
        deposits: {
          anonymiseMember: async () => {
            throw new Error('disk full');
          },
        },
      },
      retentionDays: async () => 30,
      clock: () => new Date(now),
    });
    const before = JSON.stringify(await everyRow());
    await expect(failing.anonymiseDue()).rejects.toThrow('disk full');
    expect(JSON.stringify(await everyRow())).toBe(before);
    expect((await m.members.findById(demo.id, x.id))!.anonymised_at).toBeNull();
    // The real job then anonymises it.
    expect((await m.profile.anonymiseDue()).anonymised).toContain(x.account);
  }, 120_000);

  it('the audit log still refuses every other change: without the setting, another member, other columns, deletes', async () => {
    const db = t.database.db;
    const x = await newPlayer(t, demo);
    await t.app.modules.admin.recordAction(undefined, {
      merchantId: demo.id,
      adminId: null,
      action: 'member.mobile_change',
      targetType: 'member',
      targetId: x.account,
      detail: { from: '+63 9170000001' },
      ip: '192.0.2.7',
    });
    const id = (
      await sql<{
        id: string;
      }>`select id from admin_audit_log where target_id = ${x.account} order by id desc limit 1`.execute(db)
    ).rows[0]!.id;
    const attempt = (setting: string | null, set: ReturnType<typeof sql>) =>
      db.transaction().execute(async (trx) => {
        if (setting !== null) await sql`select set_config('app.audit_redaction', ${setting}, true)`.execute(trx);
        await sql`update admin_audit_log set ${set} where id = ${id}`.execute(trx);
      });
    const redactedDetail = sql`detail = '{"redacted": "now"}'::jsonb`;
    await expect(attempt(null, redactedDetail)).rejects.toThrow(/append-only/);
    await expect(attempt('someone-else', redactedDetail)).rejects.toThrow(/append-only/);
    await expect(attempt(x.account, sql`detail = '{"from": "x"}'::jsonb`)).rejects.toThrow(/append-only/);
    await expect(attempt(x.account, sql`action = 'member.other', ${redactedDetail}`)).rejects.toThrow(/append-only/);
    await expect(attempt(x.account, sql`created_at = now(), ${redactedDetail}`)).rejects.toThrow(/append-only/);
    await expect(sql`delete from admin_audit_log where id = ${id}`.execute(db)).rejects.toThrow(/append-only/);
    // The sanctioned change itself goes through.
    await attempt(x.account, sql`ip = '', ${redactedDetail}`);
    const row = (await sql<{ ip: string }>`select ip from admin_audit_log where id = ${id}`.execute(db)).rows[0]!;
    expect(row.ip).toBe('');
  });

  it('every column that looks personal in the schema has been reviewed (erased or kept, with the reason)', async () => {
    const found = await personalLookingColumns(t.database.db);
    const unreviewed = found.filter((c) => !(c in REVIEWED_COLUMNS));
    expect(unreviewed, 'add each to test/helpers/personal-columns.ts and erase it in its module').toEqual([]);
    // The list names no column that is gone (it stays true).
    const stale = Object.keys(REVIEWED_COLUMNS).filter((c) => !found.includes(c));
    expect(stale).toEqual([]);
  });
});
