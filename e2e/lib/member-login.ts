import { open, page } from './harness.ts';

/**
 * Logs a member in through the header's login form at the default width (a phone gets a dialog), then takes
 * `width` (844 px high).
 */
export async function loginMember(account: string, password: string, width: number): Promise<void> {
  await open('/');
  const header = page.getByRole('banner');
  await header.getByLabel('Username').fill(account);
  await header.getByLabel('Password').fill(password);
  await header.getByRole('button', { name: 'Log in' }).click();
  await page.waitForFunction(() => Boolean(sessionStorage.getItem('token')), undefined, { timeout: 30_000 });
  if (width !== 1280) await page.setViewportSize({ width, height: 844 });
}
