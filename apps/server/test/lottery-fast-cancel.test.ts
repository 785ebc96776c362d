import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, loginTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 22: a staff member with lottery.results cancels a fast-lottery (ELOTT) draw that has not been drawn, from
 * the back office (POST /admin/api/lottery/issues/:id/cancel, lottery-cancel.ts): every bet refunded through the
 * ledger exactly once, audited once, refused once drawn; a cancel racing the draw job never both refunds and pays.
 * Run on PostgreSQL too (DATABASE_URL) for the race.
 */
let t: TestApp;
let demo: Merchant;
let now = Date.parse('2026-11-26T04:00:05.000Z');
const UNIT = 100n;
const GAME = 'elott-ssc-1m';
let staff: TestAdmin;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now), lottery: { chainLength: 600, checkpointEvery: 50 } });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  await t.app.modules.lottery.schedule();
  staff = await createTestAdmin(t, { role: 'games', clock: () => new Date(now) });
}, 60_000);
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

const lottery = () => t.app.modules.lottery;
const balance = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]?.available ?? 0n;
const nextIssues = async () => {
  const res = await t.app.inject({ method: 'GET', url: `/lgw/lottery/games/${GAME}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.next as { issueId: string; drawsAt: string }[];
};
/** The issue's status as the player site shows it (the public issue read; the table before it is drawn). */
const issueStatus = async (issueId: string) => {
  const shown = (await t.app.inject({ method: 'GET', url: `/lgw/lottery/issues/${issueId}?gameCode=${GAME}` })).json()
    .value as { status: string } | null;
  if (shown) return shown.status;
  const row = await sql<{ status: string }>`
    select i.status from lottery_issues i join lottery_games g on g.id = i.game_id
    where g.game_code = ${GAME} and i.issue_id = ${issueId}`.execute(t.database.db);
  return row.rows[0]!.status;
};
const bet = (p: Player, issueId: string, units = 3n) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/lottery/bets',
    headers: bearer(p.token),
    payload: {
      requestId: randomUUID(),
      gameCode: GAME,
      issueId,
      bets: [{ code: 'ssc.bsoe.5', selection: { sides: ['big', 'odd'] }, unitStake: String(units * UNIT) }],
    },
  });
const cancel = (token: string, issueId: string, body: object = { gameCode: GAME, reason: 'Chain host outage' }) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/api/lottery/issues/${issueId}/cancel`,
    headers: bearer(token),
    payload: body,
  });
const count = async (query: ReturnType<typeof sql<{ n: string }>>) =>
  Number((await query.execute(t.database.db)).rows[0]!.n);
const refundJournals = (issueId: string) =>
  count(
    sql<{
      n: string;
    }>`select count(*) as n from ledger_journals where idem_key like ${`lottery:refund:${GAME}:${issueId}:%`}`,
  );
const winJournals = (issueId: string) =>
  count(
    sql<{
      n: string;
    }>`select count(*) as n from ledger_journals where idem_key like ${`lottery:pay:${GAME}:${issueId}:%`}`,
  );
const audits = (issueId: string) =>
  count(
    sql<{
      n: string;
    }>`select count(*) as n from admin_audit_log where action = 'lottery.issue.cancel' and target_id = ${issueId}`,
  );

describe('cancelling a fast-lottery draw from the back office', () => {
  it('refunds every bet of an open draw once (replays and the job alongside), audited once; the player sees it', async () => {
    staff.token = await loginTestAdmin(t, staff);
    const [issue] = await nextIssues();
    const [p, q] = await Promise.all([1, 2].map(() => newPlayer(t, demo, { fund: 100n * UNIT })));
    expect((await bet(p, issue!.issueId)).statusCode).toBe(200);
    expect((await bet(p, issue!.issueId, 2n)).statusCode).toBe(200);
    expect((await bet(q, issue!.issueId, 5n)).statusCode).toBe(200);
    // ssc.bsoe.5 with two sides: 2 bets of the unit stake each.
    expect(await balance(p)).toBe(100n * UNIT - 10n * UNIT);

    const [a, b] = await Promise.all([
      cancel(staff.token, issue!.issueId),
      cancel(staff.token, issue!.issueId, { gameCode: GAME, reason: 'again' }),
      lottery().advance(),
    ]);
    for (const r of [a!, b!]) expect(r.statusCode, r.body).toBe(200);
    const states = [a!.json().value, b!.json().value];
    expect(states.some((s) => s.issueStatus === 'refunded')).toBe(true);
    expect(states.find((s) => s.issueStatus === 'refunded')).toEqual({
      gameCode: GAME,
      issueId: issue!.issueId,
      issueStatus: 'refunded',
      refundedBets: 3,
      refunded: String(20n * UNIT),
    });
    expect(await balance(p)).toBe(100n * UNIT);
    expect(await balance(q)).toBe(100n * UNIT);
    expect(await refundJournals(issue!.issueId)).toBe(2);
    expect(await audits(issue!.issueId)).toBe(1);
    const [entry] = (
      await sql<{ detail: { reason: string; from: string } }>`
        select detail from admin_audit_log where action = 'lottery.issue.cancel' and target_id = ${issue!.issueId}`.execute(
        t.database.db,
      )
    ).rows;
    expect(entry!.detail).toMatchObject({ reason: expect.any(String), from: 'open' });

    // Once more later: nothing moves; the player sees the draw refunded and the bets refunded; no bet is taken.
    expect((await cancel(staff.token, issue!.issueId)).json().value.issueStatus).toBe('refunded');
    expect(await refundJournals(issue!.issueId)).toBe(2);
    expect(await issueStatus(issue!.issueId)).toBe('refunded');
    const mine = (
      await t.app.inject({ method: 'GET', url: '/wps/lottery/bets?status=refunded', headers: bearer(p.token) })
    ).json().value.list as { issueId: string }[];
    expect(mine.filter((x) => x.issueId === issue!.issueId)).toHaveLength(2);
    expect((await bet(p, issue!.issueId)).json().code).toBe('lottery_closed');
  });

  it('refuses without the permission, bad input, unknown draws and a drawn draw; nothing changes', async () => {
    const risk = await createTestAdmin(t, { role: 'risk', clock: () => new Date(now) });
    staff.token = await loginTestAdmin(t, staff);
    const [issue] = await nextIssues();
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    expect((await bet(p, issue!.issueId)).statusCode).toBe(200);

    expect((await cancel(risk.token, issue!.issueId)).statusCode).toBe(403);
    expect((await cancel('nope', issue!.issueId)).statusCode).toBe(401);
    const noReason = await cancel(staff.token, issue!.issueId, { gameCode: GAME, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ success: false, code: 'validation_failed' });
    expect((await cancel(staff.token, '20990101-0001')).statusCode).toBe(404);
    expect((await cancel(staff.token, issue!.issueId, { gameCode: 'elott-nowhere', reason: 'x y z' })).statusCode).toBe(
      404,
    );
    expect(await issueStatus(issue!.issueId)).toBe('open');
    expect(await audits(issue!.issueId)).toBe(0);

    // Drawn and settled: refused with its own code, the bet stays settled.
    now = Math.max(now, Date.parse(issue!.drawsAt) + 1_000);
    await lottery().schedule();
    await lottery().advance();
    expect(await issueStatus(issue!.issueId)).toBe('settled');
    staff.token = await loginTestAdmin(t, staff);
    const drawn = await cancel(staff.token, issue!.issueId);
    expect(drawn.statusCode).toBe(409);
    expect(drawn.json()).toMatchObject({ success: false, code: 'lottery_issue_drawn' });
    expect(await refundJournals(issue!.issueId)).toBe(0);
    expect(await audits(issue!.issueId)).toBe(0);
  });

  it('a cancel racing the draw job: either refunded or drawn and settled, never both (several draws)', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      await lottery().schedule();
      const [issue] = await nextIssues();
      const players = await Promise.all([1, 2, 3].map(() => newPlayer(t, demo, { fund: 100n * UNIT })));
      for (const p of players) expect((await bet(p, issue!.issueId)).statusCode).toBe(200);
      // The draw is due (closed, past its time), the operator cancels at the same moment.
      now = Math.max(now, Date.parse(issue!.drawsAt) + 1_000);
      staff.token = await loginTestAdmin(t, staff);
      const [res] = await Promise.all([cancel(staff.token, issue!.issueId), lottery().advance()]);
      await lottery().advance();
      const status = await issueStatus(issue!.issueId);
      const refunds = await refundJournals(issue!.issueId);
      if (res!.statusCode === 200) {
        expect(status).toBe('refunded');
        expect(refunds).toBe(3);
        expect(await winJournals(issue!.issueId)).toBe(0);
        for (const p of players) expect(await balance(p)).toBe(100n * UNIT);
        expect(await audits(issue!.issueId)).toBe(1);
      } else {
        expect(res!.json().code).toBe('lottery_issue_drawn');
        expect(status).toBe('settled');
        expect(refunds).toBe(0);
        expect(await audits(issue!.issueId)).toBe(0);
      }
      outcomes.push(status);
    }
    expect(outcomes).toHaveLength(4);
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
  });
});
