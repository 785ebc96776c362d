import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { countEventually, errors, open, page, server, useE2E } from '../lib/harness.ts';
import { E2E_CAPTCHA } from '../lib/server.ts';

useE2E('auth');

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const header = () => page.getByRole('banner');

/** SHOTS_DIR=/work/shots/… keeps screenshots of the new-device check and the remembered devices at 390 and 1366 px. */
const SHOTS = process.env.SHOTS_DIR;
async function shots(name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

test('register by username, log out with confirmation, log back in', async () => {
  await open('/register');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Register' }).waitFor();
  await dialog.getByRole('button', { name: 'Register' }).click();
  assert.ok(await dialog.getByText('Please confirm you are 18 or older and accept the terms.').isVisible());
  await dialog.getByLabel('Username').fill('e2eplayer1');
  await dialog.getByLabel(/^Password/).fill('a long password');
  await dialog.getByLabel('Confirm password').fill('a long password');
  await dialog.getByLabel('I am 18 or older').check();
  await dialog.getByRole('button', { name: 'Register' }).click();
  await header().getByRole('link', { name: 'e2eplayer1' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/');

  await header().getByRole('button', { name: 'Sign out' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByText('Are you sure you want to log out?').waitFor();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await header().getByRole('button', { name: 'Log in' }).waitFor();
  assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null);

  // The header's own login form (desktop): an empty submit and a wrong password show the alert.
  await header().getByRole('button', { name: 'Log in' }).click();
  const alert = page.getByRole('dialog');
  await alert.getByText('Incorrect username or password.').waitFor();
  await alert.getByRole('button', { name: 'Close' }).click();
  await header().getByLabel('Username').fill('e2eplayer1');
  await header().getByLabel('Password').fill('wrong password');
  await header().getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('dialog').getByText('Incorrect username or password.').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await header().getByLabel('Password').fill('a long password');
  await header().getByRole('button', { name: 'Log in' }).click();
  await header().getByRole('link', { name: 'e2eplayer1' }).waitFor();
  // Security centre: the previous login is shown and an avatar can be uploaded.
  await page.goto(`${server.baseUrl}/member/securityCenter`);
  await page.getByRole('heading', { name: 'Security centre' }).waitFor();
  await page.getByText(/Previous login:/).waitFor();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
  await page.getByText('Your avatar was saved.').waitFor();
  assert.ok(await page.getByRole('img', { name: 'Your avatar' }).isVisible());
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await page.getByText('Only PNG or JPG images are accepted.').waitFor();
  // The session survives a reload (token in session storage) and a protected page opens.
  await page.goto(`${server.baseUrl}/lottery`);
  await page.getByRole('heading', { name: 'Lottery', level: 1 }).waitFor();
  assert.deepEqual(
    errors.filter((e) => !/\b(401|415)\b/.test(e)),
    [],
  );
});

test('log in with an SMS code read from the dev outbox', async () => {
  await server.createMember({
    account: 'smsplayer',
    password: 'sms player pw',
    countryDialingCode: '63',
    mobile: '9171112222',
  });
  await open('/login');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'SMS code' }).click();
  await dialog.getByLabel('Mobile number').fill('9171112222');
  await dialog.getByRole('img', { name: 'Captcha image' }).waitFor();
  await dialog.getByRole('textbox', { name: 'Captcha' }).fill(E2E_CAPTCHA);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByText('The code was sent by SMS.').waitFor();
  assert.ok(await dialog.getByRole('button', { name: /Resend in \d+ s/ }).isDisabled());
  const sms = await server.lastOutbox('639171112222');
  const code = sms?.match(/(\d{6})/)?.[1];
  assert.ok(code, `no code in ${sms}`);
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await header().getByRole('link', { name: 'smsplayer' }).waitFor();
});

test('a forced password change follows the login, and the new password works', async () => {
  await server.createMember({ account: 'forcedone', password: 'temporary pw 1', mustChangePassword: true });
  await open('/login');
  const login = page.getByRole('dialog');
  await login.getByLabel('Username').fill('forcedone');
  await login.getByLabel('Password').fill('temporary pw 1');
  await login.getByRole('button', { name: 'Log in' }).click();
  const change = page.getByRole('dialog');
  await change.getByRole('heading', { name: 'Change password' }).waitFor();
  await change.getByText('Account: forcedone').waitFor();
  await change.getByLabel(/^Old password/).fill('temporary pw 1');
  await change.getByLabel(/^New password/).fill('my own password');
  await change.getByLabel(/^Confirm new password/).fill('my own password');
  await change.getByRole('button', { name: 'Confirm' }).click();
  await change.waitFor({ state: 'detached' });
  await header().getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await header().getByLabel('Username').fill('forcedone');
  await header().getByLabel('Password').fill('my own password');
  await header().getByRole('button', { name: 'Log in' }).click();
  await header().getByRole('link', { name: 'forcedone' }).waitFor();
  assert.equal(await page.getByRole('dialog').count(), 0);
});

test('forgot password by phone sets a new password and logs in', async () => {
  await server.createMember({
    account: 'lostpw',
    password: 'forgotten pw 1',
    countryDialingCode: '63',
    mobile: '9175553333',
  });
  await open('/');
  await header().getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Forgot password' }).waitFor();
  await dialog.getByRole('tab', { name: 'Mobile number' }).click();
  await dialog.getByLabel('Mobile number').fill('9175553333');
  await dialog.getByRole('img', { name: 'Captcha image' }).waitFor();
  await dialog.getByRole('textbox', { name: 'Captcha' }).fill(E2E_CAPTCHA);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByText('The code was sent by SMS.').waitFor();
  const code = (await server.lastOutbox('639175553333'))?.match(/(\d{6})/)?.[1];
  assert.ok(code);
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByLabel(/^New password/).fill('remembered pw 2');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await header().getByRole('link', { name: 'lostpw' }).waitFor();
});

test('forgot password by e-mail: confirmation, link from the outbox, new password', async () => {
  await server.createMember({ account: 'mailplayer', password: 'mail player pw', email: 'mail.player@example.com' });
  await open('/login');
  await page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Username/).fill('mailplayer');
  await dialog.getByLabel(/^E-mail/).fill('mail.player@example.com');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.getByText(/Submitted\./).waitFor();
  const link = (await server.lastOutbox('mail.player@example.com'))?.match(/(http\S+resetPassword\?token=\S+)/)?.[1];
  assert.ok(link);
  await page.goto(link.replace(/^http:\/\/[^/]+/, server.baseUrl));
  await page.getByLabel(/^New password/).fill('after reset pw');
  await page.getByLabel(/^Confirm new password/).fill('after reset pw');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Your password was changed.', { exact: false }).waitFor();
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('dialog').getByLabel('Username').fill('mailplayer');
  await page.getByRole('dialog').getByLabel('Password').fill('after reset pw');
  await page.getByRole('dialog').getByRole('button', { name: 'Log in' }).click();
  await header().getByRole('link', { name: 'mailplayer' }).waitFor();
});

test('when the merchant requires encryption, the browser sends the login encrypted (WebCrypto) and it works', async () => {
  await server.createMember({ account: 'cryptoplayer', password: 'crypto player pw' });
  await server.setMerchant('demo', { requireEncryption: true });
  try {
    await open('/login');
    const bodies: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/wps/session/login')) bodies.push(r.postData() ?? '');
    });
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('cryptoplayer');
    await dialog.getByLabel('Password').fill('crypto player pw');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await header().getByRole('link', { name: 'cryptoplayer' }).waitFor();
    assert.equal(bodies.length, 1);
    assert.match(bodies[0]!, /"encrypted":\{"keyId"/);
    assert.doesNotMatch(bodies[0]!, /crypto player pw/);
  } finally {
    await server.setMerchant('demo', { requireEncryption: false });
  }
});

test('a login from a new device and network asks for the e-mail code, then logs in; the device is listed', async () => {
  await server.createMember({ account: 'newdevice', password: 'new device pw', email: 'new.device@example.com' });
  await server.setMerchant('demo', { loginCheck: 'email' });
  try {
    // The account's first login (this browser, this network) is known.
    await open('/login', { ip: '198.51.100.80' });
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('newdevice');
    await dialog.getByLabel('Password').fill('new device pw');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await header().getByRole('link', { name: 'newdevice' }).waitFor();

    // A fresh browser (a new device id) on another network: the code step, no session yet.
    await open('/login', { ip: '198.51.100.81' });
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('newdevice');
    await dialog.getByLabel('Password').fill('new device pw');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
    await dialog.getByText('We sent a 6-digit code by e-mail to n•••@example.com.').waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null);
    assert.ok(await dialog.getByRole('button', { name: /New code in \d+ s/ }).isDisabled());
    const code = (await server.lastOutbox('new.device@example.com'))?.match(/(\d{6})/)?.[1];
    assert.ok(code);
    await dialog.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('That is not right. Attempts left: 4.').waitFor();
    await shots('login-check');
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await header().getByRole('link', { name: 'newdevice' }).waitFor();

    // Told by message, and listed in the security centre with the first one.
    await page.goto(`${server.baseUrl}/member/securityCenter`);
    const devices = page.getByRole('region', { name: 'Remembered devices' });
    await devices.getByText('This device').waitFor();
    assert.equal(await countEventually(devices.getByRole('listitem'), 2), 2);
    await shots('devices');
    await page.goto(`${server.baseUrl}/member/messageV2`);
    await page.getByRole('list', { name: 'Your messages' }).getByText('New device login').waitFor();
  } finally {
    await server.setMerchant('demo', { loginCheck: 'off' });
  }
});
