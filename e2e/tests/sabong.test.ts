import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { openBackOffice, staffMember } from '../lib/admin-api.ts';
import { seriousViolations } from '../lib/axe.ts';
import { tickDealers } from '../lib/table-dealers.ts';
import { browser, demo, errors, fundMember, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

// Two players in one sabong arena (our own SIMULATED fights, issue 27): the odds move when the second bets, both settle.
// The dealer job (pg-boss in main.ts) ticked by this file.
useE2E('sabong', { setup: tickDealers('sabong', () => server.app.modules.sabong.advance()) });

/** Player A's settled fight (its betting-record reference), for the back office's lookup. */
let settledRef: string | undefined;
const FUND = 1_000_00n;

async function seat(account: string): Promise<{ id: bigint; url: string }> {
  await server.createMember({ account, password: 'sabong e2e pw 1' });
  const member = (await server.app.modules.members.findByAccount(demo.id, account))!;
  await fundMember(member.id, FUND);
  const { token } = await server.app.modules.auth.startSession(demo, member, 'member', 'password', {
    ip: '203.0.113.9',
    userAgent: 'e2e',
  });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = await (
    await fetch(`${server.baseUrl}/lgw/games/list?gameType=COCKFIGHT&pageSize=42`, { headers })
  ).json();
  const game = list.value.content.find((g: { gameCode: string }) => g.gameCode === 'sabong');
  assert.ok(game, 'SEA Sabong is in the COCKFIGHT centre');
  const res = await (
    await fetch(`${server.baseUrl}/wps/game/launchGame`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ nodeId: game.nodeId }),
    })
  ).json();
  assert.equal(res.success, true, JSON.stringify(res));
  return { id: member.id, url: res.value.url as string };
}

const waitPhase = (p: Page, phases: string[], timeout = 45_000) =>
  p.waitForFunction(
    (list) => list.includes(document.querySelector('[data-testid="sb-phase"]')?.getAttribute('data-phase') ?? ''),
    phases,
    { timeout },
  );

test('the COCKFIGHT centre lists SEA Sabong next to the vendors’ games (1366 and 390 px)', async () => {
  await open('/cockfight', { width: 1366, height: 900 });
  await page.locator('.game-card', { hasText: 'SEA Sabong' }).waitFor();
  await page.locator('.game-card', { hasText: 'Demo Sabong' }).waitFor();
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: 'e2e/artifacts/sabong-centre-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  assert.equal(await noHorizontalOverflow(), true);
  await page.screenshot({ path: 'e2e/artifacts/sabong-centre-390.png' });
  assert.deepEqual(errors, []);
});

test('two players in one arena: the odds move when the second bets; the simulated fight settles both', async () => {
  const a = await seat('sabongA');
  const b = await seat('sabongB');
  await open(a.url, { width: 1366, height: 900 });
  await page.getByRole('heading', { name: /SEA Sabong/ }).waitFor();
  await page.getByTestId('sb-lobby-phase-ARENA-1').waitFor();
  await page.getByTestId('sb-simulated').waitFor();
  assert.deepEqual(await seriousViolations(), []);
  assert.equal(await noHorizontalOverflow(), true);
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: 'e2e/artifacts/sabong-lobby-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  assert.equal(await noHorizontalOverflow(), true);
  await page.screenshot({ path: 'e2e/artifacts/sabong-lobby-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Enter Arena 1' }).click();
  const pa = page;
  const ctxB = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const pb = await ctxB.newPage();
  try {
    await pb.goto(new URL(`${b.url}&arena=ARENA-1`, server.baseUrl).href);
    // A fight with time enough to bet in (7 s or more left), on both screens.
    await pa.waitForFunction(
      () =>
        document.querySelector('[data-testid="sb-phase"]')?.getAttribute('data-phase') === 'open' &&
        Number(document.querySelector('[data-testid="sb-countdown"]')?.textContent) >= 7,
      undefined,
      { timeout: 45_000 },
    );
    await waitPhase(pb, ['open']);
    // Both pages follow the arena by pushed events (their game session's socket): the odds move at once.
    await Promise.all([pa, pb].map((p) => p.locator('.sb-arena[data-push="on"]').waitFor()));
    assert.equal(await pa.getByTestId('sb-fight-no').textContent(), await pb.getByTestId('sb-fight-no').textContent());

    await pa.getByRole('button', { name: /^Meron,/ }).click();
    await pa.getByText('Yours 20.00').waitFor();
    // Meron alone: its payout would be below the minimum; Wala has none yet.
    assert.equal(await pb.getByTestId('sb-pays-wala').textContent(), 'No bets yet');
    await pb.getByRole('radio', { name: 'Chip 50', exact: true }).click();
    await pb.getByRole('button', { name: /^Wala,/ }).click();
    await pb.getByText('Yours 50.00').waitFor();
    // The second player's bet moves the first player's odds: (20 + 50) × 0.95 / 20 = 332.50 per 100.
    await pa.getByText('Pays 332.50 per 100').waitFor();
    await pb.getByText('Pays 133.00 per 100').waitFor();
    assert.match((await pa.getByTestId('sb-odds-note').textContent())!, /Estimated/);
    assert.equal(await noHorizontalOverflow(), true);
    await pa.screenshot({ path: 'e2e/artifacts/sabong-arena-390-betting.png', fullPage: true });

    await waitPhase(pa, ['fighting']);
    assert.match((await pa.getByTestId('sb-odds-note').textContent())!, /Fixed at close/);
    await waitPhase(pb, ['fighting', 'result']);
    await pb.screenshot({ path: 'e2e/artifacts/sabong-arena-1366-fighting.png', fullPage: true });
    await Promise.all([waitPhase(pa, ['result']), waitPhase(pb, ['result'])]);
    await Promise.all(
      [pa, pb].map((p) =>
        p.waitForFunction(() =>
          /(You got back|No win)/.test(document.querySelector('[data-testid="sb-result"]')?.textContent ?? ''),
        ),
      ),
    );
    const [ra, rb] = await Promise.all([pa, pb].map((p) => p.getByTestId('sb-result').textContent()));
    const winner = ra!.split(' · ')[0];
    assert.equal(rb!.split(' · ')[0], winner);
    await pa.screenshot({ path: 'e2e/artifacts/sabong-arena-390-result.png', fullPage: true });
    await pb.screenshot({ path: 'e2e/artifacts/sabong-arena-1366-result.png', fullPage: true });

    // Settled once through the ledger at the odds fixed at close (the whole 70 less 5 % to the winning side).
    const balance = async (id: bigint) =>
      (await server.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]!.balance;
    const expectA = FUND - 20_00n + (winner === 'Meron wins' ? 66_50n : winner === 'Draw' ? 20_00n : 0n);
    const expectB = FUND - 50_00n + (winner === 'Wala wins' ? 66_50n : winner === 'Draw' ? 50_00n : 0n);
    assert.equal(await balance(a.id), expectA);
    assert.equal(await balance(b.id), expectB);
    const token = new URL(a.url, server.baseUrl).searchParams.get('token')!;
    const history = await (
      await fetch(`${server.baseUrl}/sabong/v1/history`, { headers: { 'x-game-session': token } })
    ).json();
    settledRef = `sb${history.value.fights[0].fightId}`;
    // The next fight: the result joins the board; the member's fights list it.
    await waitPhase(pa, ['open']);
    await pa.getByTestId('sb-history').waitFor();
    assert.equal(await noHorizontalOverflow(), true);
    assert.deepEqual(await seriousViolations(), []);
    await pb.screenshot({ path: 'e2e/artifacts/sabong-arena-1366-next.png', fullPage: true });
    assert.deepEqual(errors, []);
  } finally {
    await ctxB.close();
  }
});

test('the back office finds the fight by its reference: the outcome, the revealed seed and its check (1366 px)', async () => {
  assert.ok(settledRef, 'the arena test settled a fight');
  const staff = await staffMember('sbLookup', 'games');
  await openBackOffice(staff.token, `/games/rounds?ref=${settledRef}`, 1366);
  const rounds = page.getByRole('region', { name: `Round ${settledRef}` });
  await rounds.nth(1).waitFor(); // both players' rounds of that fight
  const fight = rounds.first().getByRole('region', { name: 'Fight proof' });
  await fight.getByText('ARENA-1', { exact: true }).waitFor();
  const checks = fight.getByTestId('round-verification');
  await checks.getByText('The seed decides exactly this outcome.').waitFor();
  await checks.getByText('The revealed fight seed hashes to the commitment published when betting opened.').waitFor();
  assert.equal(await noHorizontalOverflow(), true);
  assert.deepEqual(await seriousViolations(), []);
  await page.screenshot({ path: 'e2e/artifacts/sabong-round-lookup-1366.png', fullPage: true });
  assert.deepEqual(errors, []);
});
