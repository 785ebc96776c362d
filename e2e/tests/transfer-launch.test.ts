import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memberMain, memberVendor } from '../../apps/server/src/modules/ledger/index.ts';
import { demo, errors, fundMember, noHorizontalOverflow, open, page, server, useE2E } from '../lib/harness.ts';

useE2E('transfer-launch');

const PASSWORD = 'transfer e2e pw 1';

const books = async (id: bigint) => {
  const b = await server.app.modules.ledger.balances(demo.id, [memberMain(id), memberVendor(id, 'DEMOT')]);
  return { main: b[memberMain(id)]!.balance, sub: b[memberVendor(id, 'DEMOT')]!.balance };
};

for (const width of [390, 1366]) {
  test(`a transfer-wallet game asks how much to bring, then opens with it (${width} px)`, async () => {
    const account = `tl${width}e2e`;
    const member = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
    await fundMember(member.id, 50_000n);
    await open('/');
    const header = page.getByRole('banner');
    await header.getByLabel('Username').fill(account);
    await header.getByLabel('Password').fill(PASSWORD);
    await header.getByRole('button', { name: 'Log in' }).click();
    await header.getByText('500.00').first().waitFor();
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.goto(`${server.baseUrl}/live`);
    await page
      .locator('.game-card', { hasText: 'Demo vendor (transfer wallet)' })
      .getByRole('button', { name: 'Start now' })
      .click();

    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Bring money to Demo vendor (transfer wallet)' }).waitFor();
    await dialog.getByText('PHP 500.00').waitFor();
    await page.screenshot({ path: `e2e/artifacts/transfer-launch-funding-${width}.png` });
    if (width < 500) assert.ok(await noHorizontalOverflow(), 'the funding step fits at 390 px');

    await dialog.getByLabel('Amount to bring (PHP)').fill('600');
    await dialog.getByRole('button', { name: 'Start the game' }).click();
    await dialog.getByRole('alert').getByText('Your main wallet holds less than that.').waitFor();
    await dialog.getByLabel('Amount to bring (PHP)').fill('120.50');
    await dialog.getByRole('button', { name: 'Start the game' }).click();
    await dialog.locator('iframe').waitFor();
    assert.deepEqual(await books(member.id), { main: 37_950n, sub: 12_050n });
    assert.deepEqual(errors, []);
  });
}
