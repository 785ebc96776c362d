import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain, systemAccount } from '../src/modules/ledger/index.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { SIMULATED_PUBLISH_SECONDS } from '../src/modules/lottery/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 25: account closure is refused (account_bets_open) while a lottery bet has no result yet, with real bets —
 * a fast lottery (hash chain) draw open, closed, and cancelled with its refund not yet paid, and a VN draw open and
 * awaiting the official result — and allowed once the draw is settled (or refunded) and the wallet is empty. A
 * refund or a win always finds the account open. PGlite by default, PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let demo: Merchant;
// 11:00 in Vietnam: the VN MB draw (18:15 ICT) is today's open issue.
let now = Date.parse('2026-11-26T04:00:05.000Z');
const UNIT = 100n;
const FAST = 'elott-ssc-1m';

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now), lottery: { chainLength: 400, checkpointEvery: 50 } });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  await t.app.modules.lottery.schedule();
  await t.app.modules.lottery.feed.schedule();
}, 60_000);
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

const balance = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]?.available ?? 0n;
/** A fresh member session (sessions idle out while the tests move the clock). */
async function refresh(p: Player): Promise<void> {
  const row = (await t.app.modules.members.findByAccount(demo.id, p.account))!;
  p.token = (
    await t.app.modules.auth.startSession(demo, row, 'member', 'password', { ip: '203.0.113.5', userAgent: 'vitest' })
  ).token;
}
const close = async (p: Player) => {
  await refresh(p);
  return t.app.inject({
    method: 'POST',
    url: '/wps/member/close',
    headers: bearer(p.token),
    payload: { password: p.password },
  });
};
const place = (p: Player, gameCode: string, issueId: string, bet: object) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/lottery/bets',
    headers: bearer(p.token),
    payload: { requestId: randomUUID(), gameCode, issueId, bets: [bet] },
  });
/** Empties the member's wallet (whatever the draw paid back) so only the bets can refuse the closure. */
async function empty(p: Player): Promise<void> {
  const left = await balance(p);
  if (left === 0n) return;
  await t.app.modules.ledger.postOrThrow({
    merchantId: demo.id,
    currency: demo.currency,
    scope: 'test_debit',
    key: randomUUID(),
    kind: 'adjustment',
    memberId: p.id,
    legs: [{ debit: memberMain(p.id), credit: systemAccount('adjustments', p.id), amount: left, code: 'adjustment' }],
  });
}
const expectRefused = async (p: Player) => {
  const r = await close(p);
  expect([r.statusCode, r.json().code], r.body).toEqual([409, 'account_bets_open']);
  expect((await t.app.modules.members.findById(demo.id, p.id))!.status).not.toBe('closed');
};
const issueRow = async (gameCode: string, issueId: string) =>
  (
    await sql<{ id: string; status: string }>`
      select i.id, i.status from lottery_issues i join lottery_games g on g.id = i.game_id
      where g.game_code = ${gameCode} and g.merchant_id = ${demo.id} and i.issue_id = ${issueId}`.execute(t.database.db)
  ).rows[0]!;

describe('closure and pending lottery bets', () => {
  it('a fast-lottery bet: refused while its draw is open and closed, allowed once settled', async () => {
    const p = await newPlayer(t, demo, { fund: 2n * UNIT });
    const next = (await t.app.inject({ method: 'GET', url: `/lgw/lottery/games/${FAST}` })).json().value.next as {
      issueId: string;
      drawsAt: string;
      closesAt?: string;
    }[];
    const issue = next[0]!;
    const bet = await place(p, FAST, issue.issueId, {
      code: 'ssc.bsoe.5',
      selection: { sides: ['big', 'odd'] },
      unitStake: String(UNIT),
    });
    expect(bet.statusCode, bet.body).toBe(200);
    expect(await balance(p)).toBe(0n); // the wallet is empty: only the bet can refuse
    await expectRefused(p);

    // Betting closed, not drawn yet: still refused.
    now = Date.parse(issue.drawsAt) - 1_000;
    await t.app.modules.lottery.advance();
    expect((await issueRow(FAST, issue.issueId)).status).not.toBe('open');
    await expectRefused(p);

    // Drawn and settled: the win (if any) was paid to the open account; emptied, the closure goes through.
    now = Date.parse(issue.drawsAt) + 2_000;
    await t.app.modules.lottery.schedule();
    for (let i = 0; i < 5 && (await issueRow(FAST, issue.issueId)).status !== 'settled'; i++)
      await t.app.modules.lottery.advance();
    expect((await issueRow(FAST, issue.issueId)).status).toBe('settled');
    await empty(p);
    const r = await close(p);
    expect(r.statusCode, r.body).toBe(200);
  });

  it('a cancelled fast-lottery draw whose refund is not paid yet still refuses; the refund lands, then it closes', async () => {
    const p = await newPlayer(t, demo, { fund: 2n * UNIT });
    await t.app.modules.lottery.schedule();
    const next = (await t.app.inject({ method: 'GET', url: `/lgw/lottery/games/${FAST}` })).json().value.next as {
      issueId: string;
    }[];
    const issue = next[1] ?? next[0]!;
    await refresh(p);
    const bet = await place(p, FAST, issue.issueId, {
      code: 'ssc.bsoe.5',
      selection: { sides: ['small', 'even'] },
      unitStake: String(UNIT),
    });
    expect(bet.statusCode, bet.body).toBe(200);
    // The moment between the cancellation and its refund (the refund job's next step, or a crash between them).
    const row = await issueRow(FAST, issue.issueId);
    await sql`update lottery_issues set status = 'cancelled' where id = ${row.id} and status = 'open'`.execute(
      t.database.db,
    );
    await expectRefused(p);
    // The refund is paid to the still-open account (a closed one would refuse it: account_closed).
    for (let i = 0; i < 5 && (await issueRow(FAST, issue.issueId)).status !== 'refunded'; i++)
      await t.app.modules.lottery.advance();
    expect((await issueRow(FAST, issue.issueId)).status).toBe('refunded');
    expect(await balance(p)).toBe(2n * UNIT);
    await empty(p);
    expect((await close(p)).statusCode).toBe(200);
  });

  it('a VN bet: refused while the draw is open and while it awaits the official result; allowed once settled', async () => {
    const p = await newPlayer(t, demo, { fund: 10n * UNIT });
    const { current } = (await t.app.inject({ method: 'GET', url: '/lgw/lottery/feed/games/vn-mb' })).json().value;
    await refresh(p);
    const bet = await place(p, 'vn-mb', current.issueId, {
      code: 'vn.de',
      selection: { numbers: ['42'] },
      unitStake: String(10n * UNIT),
    });
    expect(bet.statusCode, bet.body).toBe(200);
    expect(await balance(p)).toBe(0n);
    await expectRefused(p);

    // Draw time: the feed has not published, the issue awaits its result.
    now = Date.parse(current.drawsAt) + 1_000;
    await t.app.modules.lottery.feed.advance();
    expect((await issueRow('vn-mb', current.issueId)).status).toBe('awaiting');
    await expectRefused(p);

    now = Date.parse(current.drawsAt) + (SIMULATED_PUBLISH_SECONDS + 1) * 1000;
    for (let i = 0; i < 5 && (await issueRow('vn-mb', current.issueId)).status !== 'settled'; i++)
      await t.app.modules.lottery.feed.advance();
    expect((await issueRow('vn-mb', current.issueId)).status).toBe('settled');
    await empty(p);
    const r = await close(p);
    expect(r.statusCode, r.body).toBe(200);
  });
});
