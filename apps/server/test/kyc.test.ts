import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { createMerchant } from './helpers/factories.ts';
import { bearer, multipart, newPlayer, type Player, testImage } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Identity documents (issue 25): uploads checked by content and size with kyc_* codes and nothing written on a
 * refusal; files private (no public URL; staff of another merchant, members, staff without members.kyc refused);
 * the review flow (queue pending first, reject with a reason the member reads, re-upload, approve; audited); the
 * merchant's withdrawal threshold enforced through the kyc face.
 */
let t: TestApp;
let demo: Merchant;
let reviewer: TestAdmin;
let owner: TestAdmin;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  reviewer = await createTestAdmin(t, { role: 'risk' });
  owner = await createTestAdmin(t);
});
afterAll(() => t.close());

const upload = (p: Player, kind: string, content?: Buffer, type = 'image/png', name = 'doc.png') => {
  const form = multipart({}, content === undefined ? undefined : { field: 'file', content, name, type });
  return t.app.inject({
    method: 'POST',
    url: `/wps/member/kyc/${kind}`,
    headers: { ...bearer(p.token), merchant: 'demo', ...form.headers },
    payload: form.payload,
  });
};
const status = async (p: Player) =>
  (
    await t.app.inject({ method: 'GET', url: '/wps/member/kyc', headers: { ...bearer(p.token), merchant: 'demo' } })
  ).json().value;
const staff = (a: TestAdmin, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, merchant = 'demo') =>
  t.app.inject({ method, url: path, headers: { ...bearer(a.token), merchant }, ...(payload && { payload }) });
const docRows = (memberId: bigint) =>
  t.database.all
    .selectFrom('kyc_documents')
    .select(['reference', 'kind', 'status', 'is_current', 'content_type', 'size'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
const inbox = async (p: Player) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/wps/member/messages?pageNo=1&pageSize=50',
      headers: { ...bearer(p.token), merchant: 'demo' },
    })
  ).json().value.list as { id: string; title: string }[];
const openMessage = async (p: Player, id: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/wps/member/messages/${id}`,
      headers: { ...bearer(p.token), merchant: 'demo' },
    })
  ).json().value;
const referenceOf = async (memberId: bigint, kind: string) =>
  (await docRows(memberId)).find((r) => r.kind === kind && r.is_current)!.reference;

describe('identity documents: uploads', () => {
  it('takes a PNG, a JPEG and a PDF by their content and shows each as pending', async () => {
    const p = await newPlayer(t, demo);
    expect((await status(p)).overall).toBe('none');
    const front = await upload(p, 'id_front', await testImage('png'));
    expect(front.statusCode, front.body).toBe(200);
    expect(front.json().value.overall).toBe('incomplete');
    // A JPEG named .png with a PNG type: the content decides.
    expect((await upload(p, 'id_back', await testImage('jpeg'), 'image/png', 'back.png')).statusCode).toBe(200);
    const selfie = await upload(p, 'selfie', PDF, 'application/pdf', 'selfie.pdf');
    expect(selfie.statusCode, selfie.body).toBe(200);
    const s = selfie.json().value;
    expect(s).toMatchObject({ overall: 'pending', withdrawalThreshold: null, currency: demo.currency });
    expect(s.documents.map((d: { kind: string; contentType: string }) => [d.kind, d.contentType])).toEqual([
      ['id_back', 'image/jpeg'],
      ['id_front', 'image/png'],
      ['selfie', 'application/pdf'],
    ]);
    // The member's answer never carries the file.
    expect(JSON.stringify(s)).not.toMatch(/base64|data:/);
    expect((await docRows(p.id)).map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('refuses other types, forged images, damaged PDFs, empty and oversize files with codes, writing nothing', async () => {
    const p = await newPlayer(t, demo);
    const cases: [Buffer | undefined, number, string][] = [
      [await testImage('gif'), 415, 'kyc_file_type'],
      [
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
        415,
        'kyc_file_type',
      ],
      [Buffer.from('just some text pretending to be a picture'), 415, 'kyc_file_type'],
      [Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n'), 415, 'kyc_file_type'],
      [Buffer.concat([await testImage('png'), Buffer.alloc(5 * 1024 * 1024, 1)]), 413, 'kyc_file_too_large'],
      [undefined, 400, 'kyc_file_missing'],
    ];
    for (const [content, code, error] of cases) {
      const r = await upload(p, 'id_front', content);
      expect(r.statusCode, r.body).toBe(code);
      expect(r.json().code).toBe(error);
    }
    const bad = await upload(p, 'passport', await testImage('png'));
    expect(bad.statusCode).toBe(400);
    expect(await docRows(p.id)).toEqual([]);
  });

  it('refuses a second upload while one is pending or approved; trial accounts and visitors cannot upload', async () => {
    const p = await newPlayer(t, demo);
    expect((await upload(p, 'id_front', await testImage('png'))).statusCode).toBe(200);
    const again = await upload(p, 'id_front', await testImage('png'));
    expect([again.statusCode, again.json().code]).toEqual([409, 'kyc_under_review']);
    // Two first uploads of one kind at once: one is kept, the other told it is under review.
    const [a, b] = await Promise.all([
      upload(p, 'selfie', await testImage('png')),
      upload(p, 'selfie', await testImage('jpeg')),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await docRows(p.id)).filter((r) => r.kind === 'selfie')).toHaveLength(1);
    const trial = await newPlayer(t, demo, { type: demo.trialTypes[0] });
    const tr = await upload(trial, 'id_front', await testImage('png'));
    expect([tr.statusCode, tr.json().code]).toEqual([403, 'in_need_true_account']);
    const anon = await t.app.inject({ method: 'GET', url: '/wps/member/kyc', headers: { merchant: 'demo' } });
    expect(anon.statusCode).toBe(401);
  });
});

describe('identity documents: privacy', () => {
  it('serves a file only to staff of the member’s merchant holding members.kyc, never on a public URL', async () => {
    const p = await newPlayer(t, demo);
    await upload(p, 'id_front', await testImage('png'));
    const ref = await referenceOf(p.id, 'id_front');
    const path = `/admin/api/kyc/documents/${ref}/file`;

    const ok = await staff(reviewer, 'GET', path);
    expect(ok.statusCode, ok.body).toBe(200);
    const file = ok.json().value;
    expect(file).toMatchObject({ reference: ref, contentType: 'image/png', fileName: `${ref}-id_front.png` });
    const bytes = Buffer.from(file.data, 'base64');
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // The opening is audited: who, when, which file.
    const opened = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['action', 'admin_id', 'target_id', 'detail', 'created_at'])
      .where('action', '=', 'kyc.file_open')
      .where('target_id', '=', p.account)
      .execute();
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ admin_id: reviewer.id, target_id: p.account });
    expect(opened[0]!.detail).toMatchObject({ reference: ref, kind: 'id_front', fileName: `${ref}-id_front.png` });
    expect(opened[0]!.created_at).toBeInstanceOf(Date);

    // Staff of another merchant: their session is for their merchant; the document is not theirs.
    const other = await createMerchant(t.database.all);
    const foreign = await createTestAdmin(t, { merchantCode: other.code });
    const f1 = await staff(foreign, 'GET', path, undefined, other.code);
    expect([f1.statusCode, f1.json().code]).toEqual([404, 'kyc_document_not_found']);
    const f2 = await staff(foreign, 'GET', path, undefined, 'demo');
    expect(f2.statusCode).toBe(401);
    expect(f2.json().success).toBe(false);
    // Staff without members.kyc: content, finance, the read-only auditor.
    for (const role of ['content', 'finance', 'auditor']) {
      const a = await createTestAdmin(t, { role });
      const r = await staff(a, 'GET', path);
      expect([role, r.statusCode, r.json().code]).toEqual([role, 403, 'admin_forbidden']);
      const q = await staff(a, 'GET', '/admin/api/kyc/documents');
      expect(q.statusCode).toBe(403);
    }
    // Refused openings leave no such entry (nothing was opened).
    const openedAfter = await t.database.all
      .selectFrom('admin_audit_log')
      .select('id')
      .where('action', '=', 'kyc.file_open')
      .where('target_id', '=', p.account)
      .execute();
    expect(openedAfter).toHaveLength(1);
    // The member (a player token) and nobody at all.
    const asMember = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { ...bearer(p.token), merchant: 'demo' },
    });
    expect(asMember.statusCode).toBe(401);
    const anon = await t.app.inject({ method: 'GET', url: path, headers: { merchant: 'demo' } });
    expect(anon.statusCode).toBe(401);
    // Not in the public media store.
    const sha = (await import('node:crypto')).createHash('sha256').update(bytes).digest('hex');
    expect((await t.app.inject({ method: 'GET', url: `/media/${sha}.png` })).statusCode).toBe(404);
    // Another merchant's member list does not reach this member either.
    const m2 = await staff(foreign, 'GET', `/admin/api/kyc/members/${p.account}`, undefined, other.code);
    expect(m2.statusCode).toBe(404);
  });
});

describe('identity documents: review', () => {
  it('queues pending first, rejects with a reason the member sees, takes a re-upload, approves; audited', async () => {
    const p = await newPlayer(t, demo);
    for (const kind of ['id_front', 'id_back', 'selfie'])
      expect((await upload(p, kind, await testImage('jpeg'), 'image/jpeg', 'x.jpg')).statusCode).toBe(200);
    const front = await referenceOf(p.id, 'id_front');

    const queue = (await staff(reviewer, 'GET', `/admin/api/kyc/documents?account=${p.account}`)).json().value;
    expect(queue.total).toBe(3);
    expect(queue.list.every((d: { status: string }) => d.status === 'pending')).toBe(true);

    const noReason = await staff(reviewer, 'POST', `/admin/api/kyc/documents/${front}/review`, { decision: 'reject' });
    expect([noReason.statusCode, noReason.json().code]).toEqual([400, 'validation_failed']);
    const rej = await staff(reviewer, 'POST', `/admin/api/kyc/documents/${front}/review`, {
      decision: 'reject',
      reason: 'The photo is blurred',
    });
    expect(rej.statusCode, rej.body).toBe(200);
    expect(rej.json().value).toMatchObject({
      status: 'rejected',
      reason: 'The photo is blurred',
      reviewedBy: reviewer.username,
    });
    const twice = await staff(reviewer, 'POST', `/admin/api/kyc/documents/${front}/review`, { decision: 'approve' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'kyc_already_reviewed']);

    const seen = await status(p);
    expect(seen.overall).toBe('rejected');
    expect(seen.documents.find((d: { kind: string }) => d.kind === 'id_front')).toMatchObject({
      status: 'rejected',
      reason: 'The photo is blurred',
    });
    // The queue filtered by status; pending ones come first unfiltered.
    const rejected = (
      await staff(reviewer, 'GET', `/admin/api/kyc/documents?status=rejected&account=${p.account}`)
    ).json().value;
    expect(rejected.list.map((d: { reference: string }) => d.reference)).toEqual([front]);
    const all = (await staff(reviewer, 'GET', `/admin/api/kyc/documents?account=${p.account}`)).json().value;
    expect(all.list.map((d: { status: string }) => d.status)).toEqual(['pending', 'pending', 'rejected']);

    // Re-upload after the rejection: a new pending document; the rejected one kept as history.
    expect((await upload(p, 'id_front', await testImage('png'))).statusCode).toBe(200);
    const rows = await docRows(p.id);
    expect(rows.filter((r) => r.kind === 'id_front').map((r) => [r.status, r.is_current])).toEqual([
      ['rejected', false],
      ['pending', true],
    ]);
    // The old one can no longer be reviewed.
    const stale = await staff(reviewer, 'POST', `/admin/api/kyc/documents/${front}/review`, { decision: 'approve' });
    expect(stale.statusCode).toBe(409);

    for (const kind of ['id_front', 'id_back', 'selfie']) {
      const ref = await referenceOf(p.id, kind);
      const r = await staff(reviewer, 'POST', `/admin/api/kyc/documents/${ref}/review`, { decision: 'approve' });
      expect(r.statusCode, r.body).toBe(200);
    }
    expect((await status(p)).overall).toBe('approved');
    const approvedAgain = await upload(p, 'selfie', await testImage('png'));
    expect(approvedAgain.json().code).toBe('kyc_already_approved');

    const detail = (await staff(reviewer, 'GET', `/admin/api/kyc/members/${p.account}`)).json().value;
    expect(detail).toMatchObject({ account: p.account, overall: 'approved' });
    const summary = await staff(owner, 'GET', `/admin/api/members/${p.account}/kyc`);
    expect(summary.json().value.overall).toBe('approved');

    const audit = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['action', 'target_id', 'admin_id'])
      .where('target_id', '=', p.account)
      .where('action', 'like', 'kyc.%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['kyc.reject', 'kyc.approve', 'kyc.approve', 'kyc.approve']);
    expect(audit.every((a) => a.admin_id === reviewer.id)).toBe(true);

    // The member was told of each review by message, the rejection with its reason.
    const titles = (await inbox(p)).map((m) => m.title);
    expect(titles.filter((x) => x === 'Identity document rejected: ID (front)')).toHaveLength(1);
    expect(titles.filter((x) => x.startsWith('Identity document approved: ')).sort()).toEqual([
      'Identity document approved: ID (back)',
      'Identity document approved: ID (front)',
      'Identity document approved: Selfie',
    ]);
    const rejectedMsg = (await inbox(p)).find((m) => m.title.startsWith('Identity document rejected'))!;
    expect((await openMessage(p, rejectedMsg.id)).content).toContain(
      'ID (front)</b> was rejected: The photo is blurred',
    );
  });

  it("tells the member in the member's language, the reason escaped", async () => {
    const p = await newPlayer(t, demo);
    const lang = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      headers: { ...bearer(p.token), merchant: 'demo' },
      payload: { language: 'tl' },
    });
    expect(lang.statusCode, lang.body).toBe(200);
    expect((await upload(p, 'selfie', await testImage('png'))).statusCode).toBe(200);
    const ref = await referenceOf(p.id, 'selfie');
    const r = await staff(reviewer, 'POST', `/admin/api/kyc/documents/${ref}/review`, {
      decision: 'reject',
      reason: 'Face <not> visible',
    });
    expect(r.statusCode, r.body).toBe(200);
    const [m] = await inbox(p);
    expect(m!.title).toBe('Tinanggihan ang ID document: Selfie');
    const content = (await openMessage(p, m!.id)).content as string;
    expect(content).toContain('Tinanggihan ang iyong dokumentong <b>Selfie</b>: Face &lt;not&gt; visible');
    expect(content).not.toContain('<not>');
    // Stored in every language: read with the site in EN or TY it is in that language (issue 24).
    const readIn = (language: string) =>
      t.app.inject({
        method: 'GET',
        url: `/wps/member/messages/${m!.id}`,
        headers: { ...bearer(p.token), merchant: 'demo', language },
      });
    expect((await readIn('en')).json().value).toMatchObject({ title: 'Identity document rejected: Selfie' });
    expect((await readIn('en')).json().value.content).toContain('was rejected: Face &lt;not&gt; visible');
    expect((await readIn('ty')).json().value.title).toBe('Giấy tờ tùy thân bị từ chối: Ảnh chân dung');
    expect((await readIn('xx')).json().value.title).toBe('Tinanggihan ang ID document: Selfie');
  });

  it('gives the permission to the risk role and the owner only among built-in roles', async () => {
    const { BUILT_IN_ROLES } = await import('@sea/contracts');
    const holders = Object.entries(BUILT_IN_ROLES)
      .filter(([, r]) => r.permissions.includes('members.kyc'))
      .map(([code]) => code);
    expect(holders.sort()).toEqual(['owner', 'risk']);
    expect(t.app.adminRoutes.get('POST /admin/api/kyc/documents/:id/review')).toBe('members.kyc');
  });
});

describe('identity documents: the withdrawal threshold', () => {
  const TX_PW = '246810';
  async function withdrawer() {
    const p = await newPlayer(t, demo, { fund: 1_000_000n });
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { ...bearer(p.token), merchant: 'demo' }, ...(payload && { payload }) });
    await call('POST', '/wps/member/transaction-password', {
      loginPassword: p.password,
      newPassword: TX_PW,
      confirm: TX_PW,
    });
    const bank = await call('POST', '/wps/withdraw/bank-accounts', {
      bankName: 'BDO',
      accountNumber: '1234567890',
      accountName: 'Juan Dela Cruz',
    });
    let n = 0;
    const withdraw = (amount: string) =>
      call('POST', '/wps/withdraw/requests', {
        bankAccountId: bank.json().value.id,
        amount,
        transactionPassword: TX_PW,
        requestId: `kyc-request-${p.id}-${++n}`,
      });
    return { p, withdraw };
  }

  it('is off by default; above it an unverified member is refused with kyc_required, at it or once approved allowed', async () => {
    const { p, withdraw } = await withdrawer();
    // Off: any amount in range goes through.
    expect((await withdraw('2000')).statusCode).toBe(200);

    const view = await staff(owner, 'GET', '/admin/api/kyc/settings');
    expect(view.json().value).toMatchObject({ withdrawalThreshold: null, exponent: demo.currencyExponent });
    const noRight = await staff(reviewer, 'PUT', '/admin/api/kyc/settings', { withdrawalThreshold: '100000' });
    expect(noRight.statusCode).toBe(403);
    const bad = await staff(owner, 'PUT', '/admin/api/kyc/settings', { withdrawalThreshold: '-5' });
    expect(bad.statusCode).toBe(400);
    const set = await staff(owner, 'PUT', '/admin/api/kyc/settings', { withdrawalThreshold: '100000' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value.withdrawalThreshold).toBe('100000');

    const before = (await t.database.all.selectFrom('withdrawals').selectAll().where('member_id', '=', p.id).execute())
      .length;
    const refused = await withdraw('1000.01');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'kyc_required', value: { threshold: '100000' } });
    expect(refused.json().message).toMatch(/verif/i);
    const after = (await t.database.all.selectFrom('withdrawals').selectAll().where('member_id', '=', p.id).execute())
      .length;
    expect(after).toBe(before);
    expect((await withdraw('1000')).statusCode).toBe(200);

    for (const kind of ['id_front', 'id_back', 'selfie']) {
      await upload(p, kind, await testImage('png'));
      const ref = await referenceOf(p.id, kind);
      await staff(reviewer, 'POST', `/admin/api/kyc/documents/${ref}/review`, { decision: 'approve' });
    }
    const allowed = await withdraw('1500');
    expect(allowed.statusCode, allowed.body).toBe(200);
    const member = await status(p);
    expect(member).toMatchObject({ overall: 'approved', withdrawalThreshold: '100000' });

    const audit = await t.database.all
      .selectFrom('admin_audit_log')
      .select('action')
      .where('action', '=', 'kyc.settings')
      .execute();
    expect(audit).toHaveLength(1);
    // Off again.
    expect((await staff(owner, 'PUT', '/admin/api/kyc/settings', { withdrawalThreshold: null })).statusCode).toBe(200);
  });
});
