/**
 * Remember me (spec §4): the last username and SMS number, in a cookie for one day; unchecking clears it.
 * The password is deliberately not stored (credentials must never be kept on the client).
 */
const COOKIE = 'rememberLogin';

export interface Remembered {
  username?: string;
  countryDialingCode?: string;
  mobileNum?: string;
}

export function readRemembered(): Remembered | null {
  const raw = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  if (!raw) return null;
  try {
    return JSON.parse(decodeURIComponent(raw.slice(COOKIE.length + 1))) as Remembered;
  } catch {
    return null;
  }
}

export function remember(value: Remembered | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = value
    ? `${COOKIE}=${encodeURIComponent(JSON.stringify(value))}; Max-Age=86400; Path=/; SameSite=Lax${secure}`
    : `${COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}
