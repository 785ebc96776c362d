import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { openBackOffice, staffMember } from '../lib/admin-api.ts';
import { seriousViolations } from '../lib/axe.ts';
import { tickDealers } from '../lib/table-dealers.ts';
import { browser, demo, errors, fundMember, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

// Two players at one baccarat table (our own game, issue 27): the same countdown and result, bets settled, the roads.
// The dealer job (pg-boss in main.ts) ticked by this file.
useE2E('baccarat', { setup: tickDealers('baccarat', () => server.app.modules.baccarat.advance()) });

const FUND = 1_000_00n;
/** Player A's settled round (its betting-record reference), for the back office's lookup. */
let settledRef: string | undefined;

async function seat(account: string): Promise<{ id: bigint; url: string }> {
  await server.createMember({ account, password: 'baccarat e2e pw 1' });
  const member = (await server.app.modules.members.findByAccount(demo.id, account))!;
  await fundMember(member.id, FUND);
  const { token } = await server.app.modules.auth.startSession(demo, member, 'member', 'password', {
    ip: '203.0.113.9',
    userAgent: 'e2e',
  });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = await (await fetch(`${server.baseUrl}/lgw/games/list?vassalage=SEA&pageSize=42`, { headers })).json();
  const game = list.value.content.find((g: { gameCode: string }) => g.gameCode === 'baccarat');
  assert.ok(game, 'SEA Baccarat is in the catalogue');
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
    (list) => list.includes(document.querySelector('[data-testid="bac-phase"]')?.getAttribute('data-phase') ?? ''),
    phases,
    { timeout },
  );
const roadCount = async (p: Page) =>
  (
    (await p
      .getByRole('group', { name: /^Roads/ })
      .first()
      .getAttribute('aria-label')) ?? ''
  )
    .replace(/^Roads: ?/, '')
    .split(' ')
    .filter((x) => /^[PBT]$/.test(x)).length;

test('the LIVE centre lists our baccarat; the lobby shows every table with its countdown', async () => {
  const list = await (await fetch(`${server.baseUrl}/lgw/games/list?vassalage=SEA&pageSize=42`)).json();
  const game = list.value.content.find((g: { gameCode: string }) => g.gameCode === 'baccarat');
  assert.equal(game?.gameType ?? game?.category ?? 'LIVE', 'LIVE');
  const a = await seat('bacLobby1');
  await open(a.url, { width: 1366, height: 900 });
  await page.getByRole('heading', { name: /SEA Baccarat/ }).waitFor();
  await page.getByTestId('bac-lobby-phase-BAC-1').waitFor();
  assert.equal(await page.getByRole('button', { name: /^Play at / }).count(), 3);
  assert.deepEqual(await seriousViolations(), []);
  assert.equal(await noHorizontalOverflow(), true);
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: 'e2e/artifacts/baccarat-lobby-1366.png', fullPage: true });
  await page.getByRole('button', { name: 'Play at Baccarat 1' }).click();
  await page.getByTestId('bac-phase').waitFor();
  assert.deepEqual(errors, []);
});

test('two players at one table: same countdown and result, bets settled, the roads add the result', async () => {
  const a = await seat('bacPlayerA');
  const b = await seat('bacPlayerB');
  await open(`${a.url}&table=BAC-2`, { width: 390, height: 844 });
  const pa = page;
  const ctxB = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const pb = await ctxB.newPage();
  try {
    await pb.goto(new URL(`${b.url}&table=BAC-2`, server.baseUrl).href);
    // A round with time to bet in, on both screens.
    await waitPhase(pa, ['result', 'settled', 'dealing', 'closed']);
    await waitPhase(pa, ['betting']);
    await waitPhase(pb, ['betting']);
    // Both pages follow the table by pushed events (their game session's socket), not only by polling.
    await Promise.all([pa, pb].map((p) => p.locator('.bac-table[data-push="on"]').waitFor()));
    const hand = await pa.getByRole('region').first().getAttribute('aria-label');
    assert.equal(await pb.getByRole('region').first().getAttribute('aria-label'), hand);
    const [ca, cb] = await Promise.all([pa, pb].map((p) => p.getByTestId('bac-countdown').textContent()));
    assert.ok(Math.abs(Number(ca) - Number(cb)) <= 1, `countdowns ${ca} / ${cb}`);
    const roadsBefore = await roadCount(pa);

    await pa.getByRole('button', { name: /^Player 1:1/ }).click();
    await pa.getByText('Yours 10.00').waitFor();
    await pb.getByRole('radio', { name: 'Chip 50', exact: true }).click();
    await pb.getByRole('button', { name: /^Banker 0\.95:1/ }).click();
    await pb.getByText('Yours 50.00').waitFor();
    // Each sees the table's totals, with the other's bet in them.
    await pa.getByText('Table 50.00').waitFor();
    await pa.screenshot({ path: 'e2e/artifacts/baccarat-table-390-betting.png', fullPage: true });

    await Promise.all([waitPhase(pa, ['result']), waitPhase(pb, ['result'])]);
    // The result shows at once; the member's own line once the round is paid (the next poll).
    await Promise.all(
      [pa, pb].map((p) =>
        p.waitForFunction(() =>
          /(You won|No win)/.test(document.querySelector('[data-testid="bac-result"]')?.textContent ?? ''),
        ),
      ),
    );
    const [ra, rb] = await Promise.all([pa, pb].map((p) => p.getByTestId('bac-result').textContent()));
    assert.equal(ra!.split(' · ')[0], rb!.split(' · ')[0]);
    assert.match(ra!, /(You won|No win)/);
    await pa.screenshot({ path: 'e2e/artifacts/baccarat-table-390-result.png', fullPage: true });
    await pb.screenshot({ path: 'e2e/artifacts/baccarat-table-1366-result.png', fullPage: true });

    // Settled once, through the ledger: the stake left and what the hand returned came back.
    const balance = async (id: bigint) =>
      (await server.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]!.balance;
    const winner = ra!.split(' · ')[0];
    const expectA = FUND - 10_00n + (winner === 'Player wins' ? 20_00n : winner === 'Tie' ? 10_00n : 0n);
    const expectB = FUND - 50_00n + (winner === 'Banker wins' ? 97_50n : winner === 'Tie' ? 50_00n : 0n);
    assert.equal(await balance(a.id), expectA);
    assert.equal(await balance(b.id), expectB);
    const token = new URL(a.url, server.baseUrl).searchParams.get('token')!;
    const history = await (
      await fetch(`${server.baseUrl}/baccarat/v1/history`, { headers: { 'x-game-session': token } })
    ).json();
    settledRef = `bk${history.value.rounds[0].roundId}`;

    // A next round: the roads hold the result on both screens.
    await waitPhase(pa, ['betting']);
    await pa.waitForFunction((n) => {
      const label = document.querySelector('[role="group"][aria-label^="Roads"]')?.getAttribute('aria-label') ?? '';
      return label.split(' ').filter((x) => /^[PBT]$/.test(x)).length >= n;
    }, roadsBefore + 1);
    // (a slow machine may have played another round meanwhile: at least one more)
    assert.ok((await roadCount(pb)) >= roadsBefore + 1);
    assert.equal(await noHorizontalOverflow(), true);
    assert.deepEqual(await seriousViolations(), []);
    await pb.screenshot({ path: 'e2e/artifacts/baccarat-table-1366-next.png', fullPage: true });
    assert.deepEqual(errors, []);
  } finally {
    await ctxB.close();
  }
});

test('the back office finds the round by its reference: the hand’s cards and the shoe’s commitment (390 px)', async () => {
  assert.ok(settledRef, 'the table test settled a round');
  const staff = await staffMember('bacLookup', 'games');
  await openBackOffice(staff.token, `/games/rounds?ref=${settledRef}`, 390);
  // Both players played that round: one card each, the same hand and shoe.
  const rounds = page.getByRole('region', { name: `Round ${settledRef}` });
  await rounds.nth(1).waitFor();
  const card = rounds.filter({ hasText: /bacplayera/i });
  await card.getByText('Baccarat').first().waitFor();
  const shoe = card.getByRole('region', { name: 'Shoe proof' });
  await shoe.getByText('BAC-2', { exact: true }).waitFor();
  // The shoe is still in play: its seed is not revealed yet, so the check waits for the shoe's end.
  await shoe.getByText('Not revealed yet (revealed when the shoe ends)').waitFor();
  const cards = (await shoe.locator('code').first().textContent()) ?? '';
  assert.match(cards, /^([2-9TJQKA][SHDC] ?){4,6}$/, cards);
  assert.equal(await noHorizontalOverflow(), true);
  assert.deepEqual(await seriousViolations(), []);
  await page.screenshot({ path: 'e2e/artifacts/baccarat-round-lookup-390.png', fullPage: true });
  assert.deepEqual(errors, []);
});
