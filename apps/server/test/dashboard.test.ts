import { randomUUID } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, multipart, newPlayer, type Player, testImage } from './helpers/players.ts';
import { demoLiveTable, launchToken } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The back-office dashboard (issue 22): real activity made through the services — a bank-transfer deposit
 * approved, a withdrawal approved and disbursed, live-casino rounds through the seamless wallet, a fast-lottery bet
 * settled by its draw, registrations — then every figure of GET /admin/api/dashboard is checked against sums the
 * test computes itself from the tables: deposits and withdrawals from the ledger's journals, bets and wins from the
 * bet records (rounds and lottery bets), registrations and first-time depositors from the members and deposits
 * rows, the queues from the rows waiting. Records placed on either side of the merchant's midnight land on their
 * own local day; the queues move as items are decided; a role without dashboard.view is refused.
 */

// Near the real time (rounds and lottery bets carry the database's time), on a minute boundary + 5 s; the clock
// only moves forward, apart from the registrations placed at the day's edges.
let now = Math.floor(Date.now() / 60_000) * 60_000 + 5_000;
const clock = () => new Date(now);
const UNIT = 100n; // PHP, 2 decimals
const GAME = 'elott-ssc-1m';
const TX_PW = '246810';
let t: TestApp;
let demo: Merchant;
let owner: TestAdmin;
let table: Awaited<ReturnType<typeof demoLiveTable>>;

beforeAll(async () => {
  t = await buildTestApp({ clock, lottery: { chainLength: 600, checkpointEvery: 50, settleBatch: 3 } });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  await t.app.modules.lottery.schedule();
  table = await demoLiveTable(t, demo, () => now);
  owner = await createTestAdmin(t);
}, 60_000);
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

const db = () => t.database.all;
const asOwner = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(owner.token), ...(payload && { payload }) });
const call = (p: { token: string }, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(p.token), ...(payload && { payload }) });

/** The merchant's local date of an instant, and the instant its local midnight begins. */
const localDate = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: demo.timezone }).format(new Date(at));
const midnight = (day: string) =>
  // Asia/Manila has no daylight saving: UTC+8 all year.
  Date.parse(`${day}T00:00:00+08:00`);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function dashboard(query: string, admin: { token: string } = owner) {
  const res = await t.app.inject({ method: 'GET', url: `/admin/api/dashboard?${query}`, headers: bearer(admin.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

async function rollUp() {
  await t.app.modules.agents.runRollup();
  await t.app.modules.dashboard.runRollup();
}

// ---- activity through the services ----

async function bankDeposit(p: Player, amount: string): Promise<string> {
  const m = multipart(
    { methodCode: 'BANK', amount, requestId: randomUUID() },
    { field: 'receipt', name: 'slip.png', content: await testImage('png') },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/deposit/manual',
    payload: m.payload,
    headers: { ...m.headers, ...bearer(p.token) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as string;
}

async function withdrawalRequest(p: Player, amount: string): Promise<string> {
  expect(
    (
      await call(p, 'POST', '/wps/member/transaction-password', {
        loginPassword: p.password,
        newPassword: TX_PW,
        confirm: TX_PW,
      })
    ).json().success,
  ).toBe(true);
  const bank = await call(p, 'POST', '/wps/withdraw/bank-accounts', {
    bankName: 'BDO',
    accountNumber: `9${String(p.id).padStart(9, '0')}`,
    accountName: 'Juan Dela Cruz',
  });
  expect(bank.statusCode, bank.body).toBe(200);
  const res = await call(p, 'POST', '/wps/withdraw/requests', {
    bankAccountId: bank.json().value.id,
    amount,
    transactionPassword: TX_PW,
    requestId: randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as string;
}

async function lotteryBet(p: Player): Promise<{ issueId: string; drawsAt: string }> {
  const g = (await t.app.inject({ method: 'GET', url: `/lgw/lottery/games/${GAME}` })).json().value;
  const res = await call(p, 'POST', '/wps/lottery/bets', {
    requestId: randomUUID(),
    gameCode: GAME,
    issueId: g.current.issueId,
    bets: [{ code: 'ssc.bsoe.sum', selection: { sides: ['big', 'small'] }, unitStake: String(10n * UNIT) }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return g.current;
}

// ---- the same figures, computed here from the tables ----

interface Expected {
  bets: bigint;
  wins: bigint;
  betCount: number;
  deposits: bigint;
  depositCount: number;
  withdrawals: bigint;
  withdrawalCount: number;
  registrations: number;
  firstTimeDepositors: number;
  activePlayers: number;
}

/** Bet records (rounds and lottery bets), ledger journals and rows over [from, to] by the merchant's local day. */
async function expectedFigures(from: string, to: string) {
  const tz = demo.timezone;
  const m = demo.id;
  const inRange = (col: string) =>
    sql.raw(`(${col} at time zone '${tz}')::date between '${from}'::date and '${to}'::date and merchant_id = ${m}`);
  const day = (col: string) => sql.raw(`to_char(${col} at time zone '${tz}', 'YYYY-MM-DD')`);
  // Settled bet records: game rounds, and lottery bets as the lottery's own outcome view states them.
  const bets = sql`
    select member_id, stake, payout, started_at as at from game_rounds where status = 'settled' and ${inRange('started_at')}
    union all
    select member_id, charge, payout, created_at from lottery_bet_outcomes
     where status not in ('placed', 'refunded') and ${inRange('created_at')}`;
  const perDay = async <R>(q: RawBuilder<R>) => (await q.execute(db())).rows;
  const betDays = await perDay(sql<{ day: string; bets: string; wins: string; n: string; active: string }>`
    select ${day('at')} as day, sum(stake) as bets, sum(payout) as wins, count(*) as n,
           count(distinct member_id) as active
      from (${bets}) b group by 1`);
  const [{ active }] = await perDay(
    sql<{ active: string }>`select count(distinct member_id) as active from (${bets}) b`,
  );
  // Deposits: the ledger's credit journals (payment clearing → main) by the day they were posted.
  const depositDays = await perDay(sql<{ day: string; amount: string; n: string }>`
    select ${day('j.created_at')} as day, sum(x.amount) as amount, count(distinct j.id) as n
      from ledger_journals j join ledger_transfers x on x.journal_id = j.id
     where j.scope = 'deposit' and j.kind = 'deposit' and j.ok
       and (j.created_at at time zone '${sql.raw(tz)}')::date between ${from}::date and ${to}::date
       and j.merchant_id = ${m}
     group by 1`);
  // Withdrawals: the posting of each hold at disbursement.
  const withdrawalDays = await perDay(sql<{ day: string; amount: string; n: string }>`
    select ${day('j.created_at')} as day, sum(x.amount) as amount, count(distinct j.id) as n
      from ledger_journals j join ledger_transfers x on x.journal_id = j.id
     where j.scope = 'withdrawal' and j.ref->>'action' = 'disburse' and j.ok and x.kind = 2
       and (j.created_at at time zone '${sql.raw(tz)}')::date between ${from}::date and ${to}::date
       and j.merchant_id = ${m}
     group by 1`);
  const registrationDays = await perDay(sql<{ day: string; n: string }>`
    select ${day('created_at')} as day, count(*) as n from members
     where ${inRange('created_at')} and not (type = any(${demo.trialTypes}::int[])) group by 1`);
  // A member's first credited deposit ever, counted on its day.
  const firstDays = await perDay(sql<{ day: string; n: string }>`
    select ${day('first_at')} as day, count(*) as n
      from (select member_id, min(completed_at) as first_at from deposits
             where status = 'success' and merchant_id = ${m} group by member_id) f
     where (first_at at time zone '${sql.raw(tz)}')::date between ${from}::date and ${to}::date
     group by 1`);

  const days = new Map<string, Expected>();
  const cell = (d: string) => {
    let e = days.get(d);
    if (!e) {
      e = {
        bets: 0n,
        wins: 0n,
        betCount: 0,
        deposits: 0n,
        depositCount: 0,
        withdrawals: 0n,
        withdrawalCount: 0,
        registrations: 0,
        firstTimeDepositors: 0,
        activePlayers: 0,
      };
      days.set(d, e);
    }
    return e;
  };
  for (let d = from; d <= to; d = addDays(d, 1)) cell(d);
  for (const r of betDays)
    Object.assign(cell(r.day), {
      bets: BigInt(r.bets),
      wins: BigInt(r.wins),
      betCount: Number(r.n),
      activePlayers: Number(r.active),
    });
  for (const r of depositDays) Object.assign(cell(r.day), { deposits: BigInt(r.amount), depositCount: Number(r.n) });
  for (const r of withdrawalDays)
    Object.assign(cell(r.day), { withdrawals: BigInt(r.amount), withdrawalCount: Number(r.n) });
  for (const r of registrationDays) cell(r.day).registrations = Number(r.n);
  for (const r of firstDays) cell(r.day).firstTimeDepositors = Number(r.n);
  const all = [...days.values()];
  const sumB = (k: 'bets' | 'wins' | 'deposits' | 'withdrawals') => all.reduce((s, e) => s + e[k], 0n);
  const sumN = (k: 'betCount' | 'depositCount' | 'withdrawalCount' | 'registrations' | 'firstTimeDepositors') =>
    all.reduce((s, e) => s + e[k], 0);
  const totals: Expected = {
    bets: sumB('bets'),
    wins: sumB('wins'),
    betCount: sumN('betCount'),
    deposits: sumB('deposits'),
    depositCount: sumN('depositCount'),
    withdrawals: sumB('withdrawals'),
    withdrawalCount: sumN('withdrawalCount'),
    registrations: sumN('registrations'),
    firstTimeDepositors: sumN('firstTimeDepositors'),
    activePlayers: Number(active ?? 0),
  };
  const categories = await perDay(sql<{ category: string; bets: string; wins: string; n: string }>`
    select category, sum(stake) as bets, sum(payout) as wins, count(*) as n from (
      select coalesce(g.category, 'OTHER') as category, r.stake, r.payout from game_rounds r
        left join games g on g.id = r.game_id
       where r.status = 'settled' and (r.started_at at time zone '${sql.raw(tz)}')::date between ${from}::date and ${to}::date
         and r.merchant_id = ${m}
      union all
      select case when g.kind in ('vn', 'thai', '4d') then 'LOTT' else 'ELOTT' end, b.charge, b.payout
        from lottery_bet_outcomes b join lottery_issues i on i.id = b.issue_pk join lottery_games g on g.id = i.game_id
       where b.status not in ('placed', 'refunded') and (b.created_at at time zone '${sql.raw(tz)}')::date between ${from}::date and ${to}::date
         and b.merchant_id = ${m}) c
     group by 1`);
  return { days, totals, categories };
}

/** The dashboard's figures as the expected shape (strings to bigints), GGR and NGR checked on the way. */
function asExpected(f: Record<string, string | number>): Expected {
  expect(BigInt(f.ggr!)).toBe(BigInt(f.bets!) - BigInt(f.wins!));
  expect(f.bonuses).toBe('0');
  expect(f.ngr).toBe(f.ggr);
  return {
    bets: BigInt(f.bets!),
    wins: BigInt(f.wins!),
    betCount: Number(f.betCount),
    deposits: BigInt(f.deposits!),
    depositCount: Number(f.depositCount),
    withdrawals: BigInt(f.withdrawals!),
    withdrawalCount: Number(f.withdrawalCount),
    registrations: Number(f.registrations),
    firstTimeDepositors: Number(f.firstTimeDepositors),
    activePlayers: Number(f.activePlayers),
  };
}

async function expectQueuesMatchTables(queues: Record<string, number>) {
  const count = async (q: RawBuilder<{ n: string }>) => Number((await q.execute(db())).rows[0]!.n);
  expect(queues).toEqual({
    depositsPending: await count(sql`select count(*) as n from deposits
      where merchant_id = ${demo.id} and status = 'pending' and kind = 'bank_transfer'`),
    withdrawalsRequested: await count(sql`select count(*) as n from withdrawals
      where merchant_id = ${demo.id} and status = 'requested' and first_approved_by is null`),
    withdrawalsAwaitingSecondApproval: await count(sql`select count(*) as n from withdrawals
      where merchant_id = ${demo.id} and status = 'requested' and first_approved_by is not null`),
    adjustmentsPending: await count(sql`select count(*) as n from admin_adjustments
      where merchant_id = ${demo.id} and status = 'pending'`),
    lotteryResultsPending: await count(sql`select count(*) as n from lottery_feed_results r
      join lottery_issues i on i.id = r.issue_pk where i.merchant_id = ${demo.id} and r.status = 'pending'`),
    disputes: await count(sql`select count(*) as n from withdrawals
      where merchant_id = ${demo.id} and status = 'disputed'`),
  });
}

describe('the dashboard', () => {
  let today: string;
  let yesterday: string;
  const mine = { bets: 0n, wins: 0n };

  it('equals the ledger and the bet records, day by day, by category and over the range', async () => {
    today = localDate(now);
    yesterday = addDays(today, -1);
    const before = await dashboard(`from=${today}&to=${today}`);

    // Registrations on either side of the merchant's midnight (members are stamped with the app's clock).
    const realNow = now;
    now = midnight(today) - 1;
    const lateYesterday = await newPlayer(t, demo, { fund: 100n * UNIT });
    now = midnight(today);
    const earlyToday = await newPlayer(t, demo, { fund: 100n * UNIT });
    now = midnight(yesterday) - 1;
    const dayBefore = await newPlayer(t, demo, { fund: 100n * UNIT }); // outside the range asked for below
    now = realNow;
    // Their sessions began at those instants and have expired since: a fresh one each, now.
    for (const p of [lateYesterday, earlyToday, dayBefore]) {
      const row = (await t.app.modules.members.findById(demo.id, p.id))!;
      p.token = (
        await t.app.modules.auth.startSession(demo, row, 'member', 'password', {
          ip: '203.0.113.5',
          userAgent: 'vitest',
        })
      ).token;
    }

    // A bank-transfer deposit approved; a first deposit through it.
    const depositor = await newPlayer(t, demo);
    const dep = await bankDeposit(depositor, '1234.56');
    const waiting = await dashboard(`from=${today}&to=${today}`);
    expect(waiting.queues.depositsPending).toBe(before.queues.depositsPending + 1);
    expect((await asOwner('POST', `/admin/api/deposits/${dep}/approve`)).json().value.status).toBe('success');

    // A withdrawal requested, approved and disbursed.
    const withdrawer = await newPlayer(t, demo, { fund: 5_000n * UNIT });
    const wdr = await withdrawalRequest(withdrawer, '300.00');
    expect((await dashboard(`from=${today}`)).queues.withdrawalsRequested).toBe(before.queues.withdrawalsRequested + 1);
    expect((await asOwner('POST', `/admin/api/withdrawals/${wdr}/approve`)).json().value.status).toBe('approved');
    expect((await asOwner('POST', `/admin/api/withdrawals/${wdr}/disburse`)).json().value.status).toBe('disbursed');

    // Live-casino rounds through the seamless wallet; three are moved to the edges of the merchant's days.
    const gambler = await newPlayer(t, demo, { fund: 10_000n * UNIT });
    await table.round(gambler, 200n * UNIT, 0n);
    await table.round(gambler, 100n * UNIT, 250n * UNIT);
    mine.bets += 300n * UNIT;
    mine.wins += 250n * UNIT;
    for (const p of [lateYesterday, earlyToday, dayBefore]) {
      await table.round(p, 10n * UNIT, 0n);
    }
    // The wallet stamps rounds with the database's time: these three are placed at the day edges here.
    const edge = (p: Player, at: number) =>
      sql`update game_rounds set started_at = ${new Date(at)} where member_id = ${p.id}`.execute(db());
    await edge(lateYesterday, midnight(today) - 1);
    await edge(earlyToday, midnight(today));
    await edge(dayBefore, midnight(yesterday) - 1);

    // A fast-lottery bet settled by its draw.
    const lotto = await newPlayer(t, demo, { fund: 1_000n * UNIT });
    const issue = await lotteryBet(lotto);
    now = Math.max(now, Date.parse(issue.drawsAt) + 1000);
    await t.app.modules.lottery.schedule();
    await t.app.modules.lottery.advance();
    const settled = await db()
      .selectFrom('lottery_bet_outcomes')
      .select(['status', 'charge', 'payout'])
      .where('member_id', '=', lotto.id)
      .execute();
    expect(settled.length).toBe(1);
    expect(['won', 'lost']).toContain(settled[0]!.status);

    // Before the roll-up pass the new bets are not in yet; after it they are.
    await rollUp();
    const d = await dashboard(`from=${yesterday}&to=${today}`);
    expect(d).toMatchObject({ from: yesterday, to: today, today, timezone: demo.timezone, currency: 'PHP' });
    expect(d.freshAsOf).not.toBeNull();
    expect(d.days.map((x: { day: string }) => x.day)).toEqual([yesterday, today]);

    const expected = await expectedFigures(yesterday, today);
    for (const row of d.days) expect(asExpected(row), row.day).toEqual(expected.days.get(row.day));
    expect(asExpected(d.totals)).toEqual(expected.totals);
    const categories = Object.fromEntries(
      d.categories.map((c: { category: string; bets: string; wins: string; ggr: string; betCount: number }) => {
        expect(BigInt(c.ggr)).toBe(BigInt(c.bets) - BigInt(c.wins));
        return [c.category, { bets: c.bets, wins: c.wins, n: c.betCount }];
      }),
    );
    expect(categories).toEqual(
      Object.fromEntries(
        expected.categories.map((c) => [c.category, { bets: String(c.bets), wins: String(c.wins), n: Number(c.n) }]),
      ),
    );
    expect(Object.keys(categories)).toEqual(expect.arrayContaining(['LIVE', 'ELOTT']));

    // What this test did is in there, on the right day.
    const y = d.days[0];
    const td = d.days[1];
    const b = before.totals;
    expect(BigInt(td.deposits) - BigInt(b.deposits)).toBeGreaterThanOrEqual(123_456n);
    expect(td.depositCount - b.depositCount).toBeGreaterThanOrEqual(1);
    expect(td.firstTimeDepositors - b.firstTimeDepositors).toBeGreaterThanOrEqual(1);
    expect(BigInt(td.withdrawals) - BigInt(b.withdrawals)).toBeGreaterThanOrEqual(30_000n);
    expect(td.registrations - b.registrations).toBeGreaterThanOrEqual(5); // earlyToday + 4 players made now
    expect(BigInt(td.bets) - BigInt(b.bets)).toBeGreaterThanOrEqual(mine.bets + 10n * UNIT);
    // Yesterday's last millisecond: one registration and one round of 10.00 PHP at least.
    expect(y.registrations).toBeGreaterThanOrEqual(1);
    expect(BigInt(y.bets)).toBeGreaterThanOrEqual(10n * UNIT);
    // The record a millisecond before the range is in no figure of it: the day before has it.
    const dayBeforeFigures = await dashboard(`from=${addDays(yesterday, -1)}&to=${addDays(yesterday, -1)}`);
    expect(BigInt(dayBeforeFigures.totals.bets)).toBeGreaterThanOrEqual(10n * UNIT);
    expect(dayBeforeFigures.totals.registrations).toBeGreaterThanOrEqual(1);
    const wide = await dashboard(`from=${addDays(yesterday, -1)}&to=${today}`);
    expect(BigInt(wide.totals.bets)).toBe(BigInt(d.totals.bets) + BigInt(dayBeforeFigures.totals.bets));
    expect(wide.totals.registrations).toBe(d.totals.registrations + dayBeforeFigures.totals.registrations);
    // Active players over a range are distinct members, not a sum of days.
    expect(wide.totals.activePlayers).toBe((await expectedFigures(addDays(yesterday, -1), today)).totals.activePlayers);
    await expectQueuesMatchTables(d.queues);
  });

  it('moves its bet and money figures only at the roll-up pass; a rolled-back round counts for nothing', async () => {
    const p = await newPlayer(t, demo, { fund: 1_000n * UNIT });
    const before = await dashboard(`from=${today}&to=${today}`);
    await table.round(p, 12n * UNIT, 0n);
    // A bet the vendor rolls back: its round is never settled.
    const session = await launchToken(t, p, table.liveGame);
    const betTx = `b-${randomUUID()}`;
    const roundRef = `r-${randomUUID()}`;
    const bet = await table.vendor.call('bet', {
      player_id: String(p.id),
      round_id: roundRef,
      session_token: session,
      tx_id: betTx,
      amount: String(50n * UNIT),
      game_code: 'demo-baccarat',
    });
    expect(bet.json.status, bet.text).toBe('OK');
    const rb = await table.vendor.call('rollback', {
      player_id: String(p.id),
      tx_id: `rb-${randomUUID()}`,
      original_tx_id: betTx,
    });
    expect(rb.json.status, rb.text).toBe('OK');
    const dep = await bankDeposit(p, '777.00');
    expect((await asOwner('POST', `/admin/api/deposits/${dep}/approve`)).json().value.status).toBe('success');
    const unchanged = await dashboard(`from=${today}&to=${today}`);
    expect(unchanged.totals.bets).toBe(before.totals.bets);
    expect(unchanged.totals.deposits).toBe(before.totals.deposits);
    await rollUp();
    const after = await dashboard(`from=${today}&to=${today}`);
    expect(BigInt(after.totals.bets) - BigInt(before.totals.bets)).toBe(12n * UNIT);
    expect(BigInt(after.totals.deposits) - BigInt(before.totals.deposits)).toBe(777n * UNIT);
    expect(after.totals.firstTimeDepositors - before.totals.firstTimeDepositors).toBe(1);
    expect(asExpected(after.totals)).toEqual((await expectedFigures(today, today)).totals);
    // A second pass with nothing new changes nothing.
    await rollUp();
    expect(await dashboard(`from=${today}&to=${today}`)).toEqual(after);
  });

  it('counts the queues waiting now and follows them as items are decided', async () => {
    const settings = await asOwner('PUT', '/admin/api/staff-settings', {
      ipAllowList: [],
      withdrawalSecondApprovalAbove: '5000',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    try {
      const start = (await dashboard(`from=${today}`)).queues;
      const p = await newPlayer(t, demo, { fund: 5_000n * UNIT });
      const big = await withdrawalRequest(p, '60.00');
      let q = (await dashboard(`from=${today}`)).queues;
      expect(q.withdrawalsRequested).toBe(start.withdrawalsRequested + 1);
      await asOwner('POST', `/admin/api/withdrawals/${big}/approve`);
      q = (await dashboard(`from=${today}`)).queues;
      expect(q.withdrawalsRequested).toBe(start.withdrawalsRequested);
      expect(q.withdrawalsAwaitingSecondApproval).toBe(start.withdrawalsAwaitingSecondApproval + 1);
      const second = await createTestAdmin(t, { role: 'finance' });
      const ok = await t.app.inject({
        method: 'POST',
        url: `/admin/api/withdrawals/${big}/approve`,
        headers: bearer(second.token),
      });
      expect(ok.json().value.status, ok.body).toBe('approved');
      q = (await dashboard(`from=${today}`)).queues;
      expect(q.withdrawalsAwaitingSecondApproval).toBe(start.withdrawalsAwaitingSecondApproval);

      const adj = await asOwner('POST', '/admin/api/adjustments', {
        requestId: randomUUID(),
        reason: 'goodwill',
        memberAccount: p.account,
        amount: '5.00',
        direction: 'credit',
      });
      expect(adj.statusCode, adj.body).toBe(200);
      q = (await dashboard(`from=${today}`)).queues;
      expect(q.adjustmentsPending).toBe(start.adjustmentsPending + 1);
      const approve = await t.app.inject({
        method: 'POST',
        url: `/admin/api/adjustments/${adj.json().value.id}/approve`,
        headers: bearer(second.token),
      });
      expect(approve.statusCode, approve.body).toBe(200);
      q = (await dashboard(`from=${today}`)).queues;
      expect(q.adjustmentsPending).toBe(start.adjustmentsPending);
      await expectQueuesMatchTables(q);
    } finally {
      await asOwner('PUT', '/admin/api/staff-settings', { ipAllowList: [], withdrawalSecondApprovalAbove: null });
    }
  });

  it('refuses bad ranges with field errors, defaults to today, and refuses a role without dashboard.view', async () => {
    const bad = async (query: string, field: string) => {
      const res = await asOwner('GET', `/admin/api/dashboard?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().value.fields.map((f: { field: string }) => f.field)).toContain(field);
    };
    await bad('from=2026-02-30', 'from');
    await bad('to=yesterday', 'to');
    await bad(`from=${today}&to=${addDays(today, -1)}`, 'from');
    await bad(`from=${addDays(today, -92)}&to=${today}`, 'to');
    await bad(`from=${addDays(today, -92)}`, 'from');
    const longest = await dashboard(`from=${addDays(today, -91)}&to=${today}`);
    expect(longest.days).toHaveLength(92);
    const plain = await dashboard('');
    expect(plain).toMatchObject({ from: today, to: today, today });
    // days = the last n days up to the merchant's today (the screen's 7 / 30 days); never with from / to.
    const week = await dashboard('days=7');
    expect(week).toMatchObject({ from: addDays(today, -6), to: today });
    expect(week.days.map((d: { day: string }) => d.day)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)),
    );
    await bad('days=0', 'days');
    await bad('days=93', 'days');
    await bad('days=9007199254740993', 'days');
    await bad(`days=7&from=${today}`, 'days');

    expect((await t.app.inject({ method: 'GET', url: '/admin/api/dashboard' })).statusCode).toBe(401);
    const role = await asOwner('POST', '/admin/api/roles', {
      code: 'no-dashboard',
      name: 'Content without the dashboard',
      permissions: ['content.view'],
    });
    expect(role.statusCode, role.body).toBe(200);
    const viewer = await createTestAdmin(t, { role: 'no-dashboard' });
    const refused = await t.app.inject({ method: 'GET', url: '/admin/api/dashboard', headers: bearer(viewer.token) });
    expect(refused.statusCode).toBe(403);
    const content = await createTestAdmin(t, { role: 'content' });
    expect((await dashboard(`from=${today}`, content)).to).toBe(today);
  });

  it('counts a first-time depositor once, on the day of its first credited deposit ever', async () => {
    const q = await newPlayer(t, demo);
    // A deposit's credit time is its change time, so a pass only looks back a few minutes; the deposit moved to
    // yesterday below is recounted by a backfill of both days.
    const ftd = async (query: string) => {
      await t.app.modules.dashboard.rebuildRollup(demo, yesterday, today);
      return (await dashboard(query)).totals.firstTimeDepositors as number;
    };
    const todayBefore = await ftd(`from=${today}&to=${today}`);
    const bothBefore = await ftd(`from=${yesterday}&to=${today}`);
    const first = await bankDeposit(q, '600.00');
    expect((await asOwner('POST', `/admin/api/deposits/${first}/approve`)).json().value.status).toBe('success');
    const second = await bankDeposit(q, '700.00');
    expect((await asOwner('POST', `/admin/api/deposits/${second}/approve`)).json().value.status).toBe('success');
    // The first one credited yesterday (placed there before any roll-up pass saw it): today q is no first-timer.
    await sql`update deposits set completed_at = ${new Date(midnight(today) - 3_600_000)}
               where reference = ${first}`.execute(db());
    expect(await ftd(`from=${today}&to=${today}`)).toBe(todayBefore);
    expect(await ftd(`from=${yesterday}&to=${today}`)).toBe(bothBefore + 1);
    const days = (await dashboard(`from=${yesterday}&to=${today}`)).days;
    const counted = await sql<{ n: string }>`select count(*) as n from deposits
      where member_id = ${q.id} and status = 'success'`.execute(db());
    expect(Number(counted.rows[0]!.n)).toBe(2);
    expect(days[0].firstTimeDepositors + days[1].firstTimeDepositors).toBe(bothBefore + 1);
  });
});
