import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demo, errors, logIn, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

/*
 * Issue 29's commitments on the pages: /fairness shows the member's seed pair with the next server seed's hash,
 * committed before a new client seed is chosen, and checks both promises after the change; /lottery/verify checks a
 * drawn issue's beacon round against the beacon's source and recomputes the draw with it.
 */
useE2E('fairness');

const PASSWORD = 'fairness e2e pw 1';

for (const width of [1366, 390]) {
  test(`/fairness at ${width} px: the next server seed hash, a new client seed, both promises checked`, async () => {
    const account = `e2efair${width}`;
    await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
    await logIn(account, PASSWORD);
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`${server.baseUrl}/fairness`);
    const next = (await page.getByTestId('next-hash').textContent())!;
    assert.match(next, /^[0-9a-f]{64}$/);
    await page.getByRole('heading', { name: 'What we commit to' }).waitFor();
    if (width < 500) assert.ok(await noHorizontalOverflow(), 'the fairness page fits at 390 px');
    await page.screenshot({ path: `e2e/artifacts/fairness-seeds-${width}.png`, fullPage: true });
    await page.getByLabel('New client seed').fill(`my-seed-${width}`);
    await page.getByRole('button', { name: 'Change the seed pair (reveals the current server seed)' }).click();
    const rotated = page.getByTestId('rotated');
    await rotated.getByText('SHA-256 of the revealed server seed equals the hash you were shown.').waitFor();
    await rotated
      .getByText('Your new pair uses the server seed whose hash was committed before you chose your client seed.')
      .waitFor();
    await page.waitForFunction((h) => document.querySelector('[data-testid="current-hash"]')?.textContent === h, next);
    if (width < 500) assert.ok(await noHorizontalOverflow(), 'the fairness page fits at 390 px after the change');
    await page.screenshot({ path: `e2e/artifacts/fairness-rotated-${width}.png`, fullPage: true });
    assert.deepEqual(errors, []);
  });
}

/** A drawn issue of the 1-minute game (the e2e server draws every minute in real time). */
async function drawnIssue(game: string): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const res = await fetch(`${server.baseUrl}/lgw/lottery/games/${game}/results?page=1&pageSize=5`);
    const list = ((await res.json()) as { value: { list: { issueId: string; result: unknown }[] } }).value.list;
    const drawn = list.find((r) => r.result !== null);
    if (drawn) return drawn.issueId;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error('no draw within 150 s');
}

test('/lottery/verify at 1366 and 390 px: the beacon round checked against its source, the draw recomputed with it', async () => {
  const game = 'elott-ssc-1m';
  const issueId = await drawnIssue(game);
  for (const width of [1366, 390]) {
    await open(`/lottery/verify?game=${game}&issue=${issueId}`, { width });
    const verdict = page.getByTestId('verdict');
    await verdict.getByText('Verified').waitFor({ timeout: 30_000 });
    await verdict
      .getByText(/Beacon round \d+, as its source publishes it, has the value mixed into this draw/)
      .waitFor();
    await verdict.getByText('The recomputed result matches the stored result.').waitFor();
    assert.match((await page.getByTestId('beacon-source').textContent())!, /simulated for the demo/);
    if (width < 500) assert.ok(await noHorizontalOverflow(), 'the verifier fits at 390 px');
    await page.screenshot({ path: `e2e/artifacts/lottery-verify-beacon-${width}.png`, fullPage: true });
  }
  assert.deepEqual(errors, []);
});

test('in TY: the seed pair and the beacon check are explained in the other language too', async () => {
  const account = 'e2efairty';
  await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
  await logIn(account, PASSWORD);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/fairness`);
  await page.getByTestId('next-hash').waitFor();
  // The member's own choice (the account keeps it), as the header's selector makes it.
  await page.getByLabel('Language').selectOption('ty');
  await page.getByRole('heading', { name: 'Cặp seed của bạn' }).waitFor();
  await page.getByRole('heading', { name: 'Cam kết của chúng tôi' }).waitFor();
  await page.screenshot({ path: 'e2e/artifacts/fairness-seeds-ty-390.png', fullPage: true });
  const issueId = await drawnIssue('elott-ssc-1m');
  await page.setViewportSize({ width: 1366, height: 844 });
  await page.goto(`${server.baseUrl}/lottery/verify?game=elott-ssc-1m&issue=${issueId}`);
  await page
    .getByTestId('verdict')
    .getByText(/Vòng beacon \d+, theo nguồn công bố, có đúng giá trị/)
    .waitFor({
      timeout: 30_000,
    });
  await page.screenshot({ path: 'e2e/artifacts/lottery-verify-beacon-ty-1366.png', fullPage: true });
  assert.deepEqual(errors, []);
});
