import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drawsBetween } from '../../apps/server/src/modules/lottery/schedules.ts';
import { demo, errors, fundMember, noHorizontalOverflow, page, server, useE2E } from '../lib/harness.ts';
import { loginMember } from '../lib/member-login.ts';

/*
 * A draw days away (Thai: the 1st and the 16th) counts down as "2d 02:33:59", not "50:33:59", on /seaLottery and the
 * game page, at 1366 and 390 px. The app's clock stands 2 days 3 hours 4 minutes before a Thai draw (bets close
 * 30 minutes before it).
 */
const DAY = 86_400_000;
const thai = drawsBetween(
  { timezone: 'Asia/Bangkok', drawTime: '15:30', monthDays: [1, 16] },
  new Date(Date.now() + 3 * DAY),
  new Date(Date.now() + 40 * DAY),
)[0]!;
const offset = thai.getTime() - (2 * DAY + (3 * 60 + 4) * 60_000) - Date.now();
useE2E('lottery-feed-countdown', { clock: () => new Date(Date.now() + offset) });

const PASSWORD = 'lottery countdown e2e 1';
const DAYS = /^2d 02:3[34]:\d\d$/;

for (const width of [1366, 390]) {
  test(`a Thai draw days away counts down in days at ${width} px`, async () => {
    const account = `e2ecount${width}`;
    const member = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
    await fundMember(member.id, 10_000n);
    await loginMember(account, PASSWORD, width);
    await page.goto(`${server.baseUrl}/seaLottery`);
    const card = page.getByRole('listitem', { name: 'Thai Government Lottery' });
    await card.waitFor({ timeout: 30_000 });
    const lobbyTime = card.locator('.lot-countdown__time');
    assert.match((await lobbyTime.textContent())!, DAYS);
    assert.ok(await noHorizontalOverflow(), `the SEA lobby fits at ${width} px`);
    await page.screenshot({ path: `e2e/artifacts/lottery-countdown-lobby-${width}.png`, fullPage: true });
    await card.getByRole('link', { name: 'Play' }).click();
    await page.waitForURL(/\/seaLottery\/thai-gov$/);
    const time = page.getByTestId('current-issue').locator('.lot-countdown__time');
    await time.waitFor({ timeout: 30_000 });
    assert.match((await time.textContent())!, DAYS);
    assert.ok(await noHorizontalOverflow(), `the Thai game page fits at ${width} px`);
    await page.screenshot({ path: `e2e/artifacts/lottery-countdown-game-${width}.png` });
    assert.deepEqual(errors, []);
  });
}
