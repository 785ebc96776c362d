import { randomUUID } from 'node:crypto';
import { prizesOf, type VnResult } from '@sea/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, loginTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

// The back office's lottery API: games and schedules, issues with totals, a correction's preview (equal to what
// the confirmed correction then writes), chains; permissions, bad input and four eyes.

let t: TestApp;
let demo: Merchant;
// Thursday 26 Nov 2026, 11:00 in Vietnam (MT Khánh Hòa draws Sunday and Wednesday at 17:15 ICT).
let now = Date.parse('2026-11-26T04:00:00.000Z');
const UNIT = 100n;
const GAME = 'vn-mt-khanhhoa';

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now), lottery: { chainLength: 200, checkpointEvery: 50 } });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  await Promise.all([t.app.modules.lottery.feed.schedule(), t.app.modules.lottery.schedule()]);
}, 60_000);
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

const balance = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]?.available ?? 0n;

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

function place(p: Player, issueId: string, numbers: string[], unitStake: bigint, gameCode = GAME) {
  return t.app.inject({
    method: 'POST',
    url: '/wps/lottery/bets',
    headers: bearer(p.token),
    payload: {
      requestId: randomUUID(),
      gameCode,
      issueId,
      bets: [{ code: 'vn.de', selection: { numbers }, unitStake: String(unitStake) }],
    },
  });
}

/** A complete MT result with every number drawn from `seed`, and the special prize ending in `de`. */
function mtResult(seed: number, de: string): VnResult {
  let x = seed;
  const digit = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return String(Math.floor(x / 65536) % 10);
  };
  const prizes: Record<string, string[]> = {};
  for (const d of prizesOf('MT'))
    prizes[d.key] = Array.from({ length: d.count }, () => Array.from({ length: d.digits }, digit).join(''));
  prizes.DB = [prizes.DB![0]!.slice(0, 4) + de];
  return { region: 'MT', prizes };
}

async function relogin(...admins: TestAdmin[]) {
  for (const a of admins) a.token = await loginTestAdmin(t, a, '10.251.0.9');
}

describe('back office: lottery', () => {
  it('lists the games with their schedules and edits what the model has (audited); refuses bad input and roles', async () => {
    const owner = await createTestAdmin(t);
    const auditor = await createTestAdmin(t, { role: 'auditor' });
    const list = (await call(owner.token, 'GET', '/admin/api/lottery/games')).json().value;
    const mt = list.items.find((g: { gameCode: string }) => g.gameCode === GAME);
    expect(mt).toMatchObject({ kind: 'vn', source: 'manual', region: 'MT', drawTime: '17:15', weekdays: [0, 3] });
    const fast = list.items.find((g: { gameCode: string }) => g.gameCode === 'elott-ssc-1m');
    expect(fast).toMatchObject({ source: 'chain', intervalSeconds: 60, closeSeconds: 10, enabled: true });
    // The auditor reads, never writes.
    expect((await call(auditor.token, 'GET', '/admin/api/lottery/games')).statusCode).toBe(200);
    const refused = await call(auditor.token, 'PATCH', '/admin/api/lottery/games/elott-ssc-1m', { enabled: false });
    expect(refused.statusCode).toBe(403);
    // Bad input: nothing to change, unknown field, a close time past the interval, limits out of order, too big.
    const bad = async (body: object) =>
      (await call(owner.token, 'PATCH', '/admin/api/lottery/games/elott-ssc-1m', body)).json();
    expect((await bad({})).code).toBe('validation_failed');
    expect((await bad({ colour: 'red' })).code).toBe('validation_failed');
    expect((await bad({ closeSeconds: 60 })).value.fields[0].field).toBe('closeSeconds');
    expect((await bad({ maxUnitStake: '1', minUnitStake: '100' })).value.fields[0].field).toBe('maxUnitStake');
    expect((await bad({ maxNumberStake: '99999999999999999999' })).code).toBe('validation_failed');
    const missing = await call(owner.token, 'PATCH', '/admin/api/lottery/games/no-such-game', { enabled: false });
    expect(missing.statusCode).toBe(404);
    const done = await call(owner.token, 'PATCH', '/admin/api/lottery/games/elott-ssc-1m', {
      enabled: false,
      closeSeconds: 15,
    });
    expect(done.json().value).toMatchObject({ enabled: false, closeSeconds: 15 });
    // A disabled game is gone for players.
    expect((await t.app.inject({ method: 'GET', url: '/lgw/lottery/games/elott-ssc-1m' })).statusCode).toBe(404);
    await call(owner.token, 'PATCH', '/admin/api/lottery/games/elott-ssc-1m', { enabled: true, closeSeconds: 10 });
    const audit = (
      await sql<{ action: string; target_id: string }>`
        select action, target_id from admin_audit_log where action = 'lottery.game.update' order by id`.execute(
        t.database.db,
      )
    ).rows;
    expect(audit).toEqual([
      { action: 'lottery.game.update', target_id: 'elott-ssc-1m' },
      { action: 'lottery.game.update', target_id: 'elott-ssc-1m' },
    ]);
  });

  it('lists issues with their totals, filtered and paged; bad filters are 400', async () => {
    const owner = await createTestAdmin(t);
    const p = await newPlayer(t, demo, { fund: 1_000n * UNIT });
    const OTHER = 'vn-mt-danang';
    const game = (await t.app.inject({ method: 'GET', url: `/lgw/lottery/feed/games/${OTHER}` })).json().value;
    expect((await place(p, game.current.issueId, ['11'], 2n * UNIT, OTHER)).statusCode).toBe(200);
    expect((await place(p, game.current.issueId, ['12', '13'], UNIT, OTHER)).statusCode).toBe(200);
    const q = `gameCode=${OTHER}&status=open&from=2026-11-25&to=2026-12-31&pageSize=5`;
    const page = (await call(owner.token, 'GET', `/admin/api/lottery/issues?${q}`)).json().value;
    expect(page.total).toBeGreaterThan(1);
    expect(page.items.length).toBeLessThanOrEqual(5);
    const row = page.items.find((i: { issueId: string }) => i.issueId === game.current.issueId);
    // Bets count and stake live before settlement (charge: 2.00 + 2 numbers × 1.00); no payouts yet.
    expect(row).toMatchObject({ gameCode: OTHER, status: 'open', bets: 2, stake: String(4n * UNIT), payout: '0' });
    expect(row.houseResult).toBe(String(4n * UNIT));
    // Filters narrow: another game has none of this one's issues; a day range before the draw has none.
    const other = (await call(owner.token, 'GET', '/admin/api/lottery/issues?gameCode=vn-mb&pageSize=100')).json()
      .value;
    expect(other.items.every((i: { gameCode: string }) => i.gameCode === 'vn-mb')).toBe(true);
    const early = (await call(owner.token, 'GET', `/admin/api/lottery/issues?gameCode=${OTHER}&to=2026-11-25`)).json()
      .value;
    expect(early.total).toBe(0);
    for (const bad of ['from=2026-02-30', 'status=won', 'pageSize=101', 'pageNo=0', 'gameCode=A%00B', 'pageNo=1e30'])
      expect((await call(owner.token, 'GET', `/admin/api/lottery/issues?${bad}`)).statusCode, bad).toBe(400);
    const detail = await call(owner.token, 'GET', `/admin/api/lottery/games/${OTHER}/issues/${game.current.issueId}`);
    expect(detail.json().value).toMatchObject({ issue: { bets: 2 }, region: 'MT', board: null, versions: [] });
    expect((await call(owner.token, 'GET', `/admin/api/lottery/games/${OTHER}/issues/20990101-0001`)).statusCode).toBe(
      404,
    );
  });

  it('a correction preview equals what the confirmed correction then writes; four eyes; permissions', async () => {
    const a = await createTestAdmin(t, { role: 'games' });
    const b = await createTestAdmin(t, { role: 'games' });
    const risk = await createTestAdmin(t, { role: 'risk' });
    const players = await Promise.all([1, 2, 3].map(() => newPlayer(t, demo, { fund: 1_000n * UNIT })));
    const game = (await t.app.inject({ method: 'GET', url: `/lgw/lottery/feed/games/${GAME}` })).json().value;
    const issueId: string = game.current.issueId;
    // 0 bets on 42 (wins first), 1 on 37 (wins after the correction), 2 on both (wins either way).
    expect((await place(players[0]!, issueId, ['42'], 10n * UNIT)).statusCode).toBe(200);
    expect((await place(players[1]!, issueId, ['37'], UNIT)).statusCode).toBe(200);
    expect((await place(players[2]!, issueId, ['42', '37'], UNIT)).statusCode).toBe(200);
    now = Math.max(now, Date.parse(game.current.drawsAt) + 60_000);
    await relogin(a, b, risk);
    const first = { gameCode: GAME, issueId, result: mtResult(7, '42') };
    // A preview before the draw is settled is refused.
    expect((await call(a.token, 'POST', '/admin/api/lottery/results/preview', first)).json().code).toBe(
      'state_invalid',
    );
    expect((await call(a.token, 'POST', '/admin/api/lottery/results', first)).statusCode).toBe(200);
    expect((await call(b.token, 'POST', '/admin/api/lottery/results/confirm', first)).statusCode).toBe(200);
    await t.app.modules.lottery.feed.advance();

    const fixed = { ...first, result: mtResult(7, '37') };
    // Risk may look at the lottery but not enter or preview results.
    expect((await call(risk.token, 'POST', '/admin/api/lottery/results/preview', fixed)).statusCode).toBe(403);
    // A partial result and an unchanged one are refused.
    const partial = { ...fixed, result: { region: 'MT', prizes: { DB: ['123456'] } } };
    expect((await call(a.token, 'POST', '/admin/api/lottery/results/preview', partial)).json().code).toBe(
      'lottery_result_invalid',
    );
    expect((await call(a.token, 'POST', '/admin/api/lottery/results/preview', first)).json().code).toBe(
      'lottery_result_unchanged',
    );
    const before = await Promise.all(players.map(balance));
    const preview = (await call(a.token, 'POST', '/admin/api/lottery/results/preview', fixed)).json().value;
    expect(preview.version).toBe(2);
    const byMember = new Map<string, { difference: string; oldPayout: string; newPayout: string }>(
      preview.members.map((m: { memberId: string }) => [m.memberId, m]),
    );
    expect(byMember.get(String(players[0]!.id))).toMatchObject({
      oldPayout: String(950n * UNIT),
      newPayout: '0',
      difference: String(-950n * UNIT),
    });
    expect(byMember.get(String(players[1]!.id))).toMatchObject({ oldPayout: '0', difference: String(95n * UNIT) });
    expect(byMember.get(String(players[2]!.id))!.difference).toBe('0');
    expect(preview.totals).toMatchObject({ members: 3, gainers: 1, losers: 1, difference: String(-855n * UNIT) });
    // The preview wrote nothing.
    expect(await Promise.all(players.map(balance))).toEqual(before);

    // Four eyes: the one who entered the correction cannot confirm it.
    expect((await call(b.token, 'POST', '/admin/api/lottery/results', fixed)).statusCode).toBe(200);
    expect((await call(b.token, 'POST', '/admin/api/lottery/results/confirm', fixed)).json().code).toBe(
      'lottery_result_same_admin',
    );
    const pending = (await call(a.token, 'GET', `/admin/api/lottery/games/${GAME}/issues/${issueId}`)).json().value;
    expect(pending.issue.pendingResult).toBe(true);
    const entry = pending.versions.find((v: { status: string }) => v.status === 'pending');
    // Blind confirmation: the pending entry's numbers are not shown.
    expect(entry).toMatchObject({ enteredBy: String(b.id), enteredByName: b.username, board: null });
    expect((await call(a.token, 'POST', '/admin/api/lottery/results/confirm', fixed)).statusCode).toBe(200);
    await t.app.modules.lottery.feed.advance();

    // What the correction wrote, per member, is the preview: the payout change and the money that moved.
    const after = await Promise.all(players.map(balance));
    players.forEach((p, i) =>
      expect(after[i]! - before[i]!, `member ${i}`).toBe(BigInt(byMember.get(String(p.id))!.difference)),
    );
    const written = (
      await sql<{ member_id: string; old: string; next: string }>`
        select c.member_id, sum(c.old_payout)::text as old, sum(c.new_payout)::text as next
        from lottery_feed_corrections c join lottery_bets b on b.id = c.bet_id join lottery_issues i on i.id = b.issue_pk
        where i.issue_id = ${issueId} and c.version = 2 group by c.member_id`.execute(t.database.db)
    ).rows;
    for (const w of written) {
      const m = byMember.get(String(w.member_id))!;
      expect([w.old, w.next]).toEqual([m.oldPayout, m.newPayout]);
    }
    expect(written.length).toBe(2); // the member whose payout did not change has no correction row
    const settled = (await call(a.token, 'GET', `/admin/api/lottery/games/${GAME}/issues/${issueId}`)).json().value;
    expect(settled.issue).toMatchObject({ status: 'settled', payout: preview.totals.newPayout, pendingResult: false });
    expect(settled.versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [1, 'confirmed'],
      [2, 'confirmed'],
    ]);
    expect(settled.board[0].numbers[0]).toMatch(/37$/);
    // Who entered and confirmed the correction, by username.
    expect(settled.versions[1]).toMatchObject({ enteredByName: b.username, confirmedByName: a.username });
    // The audit log names the entry by its draw and version, never by an internal row id.
    const confirmAudit = (
      await sql<{ detail: Record<string, unknown> }>`
        select detail from admin_audit_log where action = 'lottery.result.confirm' and target_id = ${issueId}
        order by id desc limit 1`.execute(t.database.db)
    ).rows[0]!.detail;
    expect(confirmAudit).toMatchObject({ gameCode: GAME, issueId, entry: `${GAME}/${issueId} v2`, version: 2 });
  });

  it('lists the published chain commitments per game', async () => {
    const owner = await createTestAdmin(t);
    const all = (await call(owner.token, 'GET', '/admin/api/lottery/chains')).json().value;
    expect(all.items.length).toBeGreaterThanOrEqual(5);
    const one = (await call(owner.token, 'GET', '/admin/api/lottery/chains?gameCode=elott-k3-1m')).json().value;
    expect(one.items.length).toBeGreaterThanOrEqual(1);
    expect(one.items[0]).toMatchObject({ gameCode: 'elott-k3-1m', secretHeldBy: 'signer' });
    expect(one.items[0].terminalHash).toMatch(/^[0-9a-f]{64}$/);
    // The commitments are the published chains, newest first.
    const stored = (
      await sql<{ terminal_hash: string; seq: number }>`
        select c.terminal_hash, c.seq from lottery_chains c join lottery_games g on g.id = c.game_id
        where g.game_code = 'elott-k3-1m' and g.merchant_id = ${demo.id} order by c.published_at desc, c.seq desc`.execute(
        t.database.db,
      )
    ).rows;
    expect(one.items.map((c: { terminalHash: string; seq: number }) => [c.seq, c.terminalHash])).toEqual(
      stored.map((r) => [r.seq, r.terminal_hash]),
    );
    expect((await call(owner.token, 'GET', '/admin/api/lottery/chains?gameCode=BAD!')).statusCode).toBe(400);
  });
});
