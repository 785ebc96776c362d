import { DEVICE_ID_HEADER, DEVICE_ID_PATTERN } from '@sea/contracts';
import { inEveryLanguage, type SystemText } from '../../lib/translations.ts';

/** Where a login comes from: the client IP, its user agent and the web app's device id (null when it sent none). */
export interface LoginClient {
  ip: string;
  userAgent: string;
  deviceId?: string | null;
}

/** The client of a request: a device id that is not in the expected form counts as none. */
export function clientOf(request: { headers: Record<string, string | string[] | undefined> }, ip: string): LoginClient {
  const raw = request.headers[DEVICE_ID_HEADER];
  const deviceId = typeof raw === 'string' && DEVICE_ID_PATTERN.test(raw) ? raw : null;
  return { ip, userAgent: String(request.headers['user-agent'] ?? ''), deviceId };
}

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdgA?\/|\bEdge\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'], // HeadlessChrome/ too
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on Android" from a user agent; "Unknown device" when it names neither. */
export function deviceLabel(userAgent: string): string {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/** A holder's name as compared: no accents, case or punctuation ("Nguyễn  Văn-An" = "nguyen van an"). */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Where a code went, as the login form shows it. */
export const maskMobile = (cc: string, mobile: string) => `+${cc} •••• ${mobile.slice(-4)}`;
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The new-device message per language (a member's language the site has no text for reads English). */
const NEW_DEVICE_TEXTS: Record<
  'en' | 'ty' | 'tl',
  (d: { label: string; ip: string; when: string }) => { title: string; content: string }
> = {
  en: ({ label, ip, when }) => ({
    title: 'New device login',
    content:
      `<p>Your account was just logged in from a new device: <b>${label}</b>, IP ${ip}, at ${when}.</p>` +
      '<p>If this was not you, change your password now and remove the device in the security centre.</p>',
  }),
  ty: ({ label, ip, when }) => ({
    title: 'Đăng nhập từ thiết bị mới',
    content:
      `<p>Tài khoản của bạn vừa được đăng nhập từ một thiết bị mới: <b>${label}</b>, IP ${ip}, lúc ${when}.</p>` +
      '<p>Nếu không phải bạn, hãy đổi mật khẩu ngay và xóa thiết bị này trong Trung tâm bảo mật.</p>',
  }),
  tl: ({ label, ip, when }) => ({
    title: 'Pag-login mula sa bagong device',
    content:
      `<p>Kaka-login lang sa iyong account mula sa isang bagong device: <b>${label}</b>, IP ${ip}, noong ${when}.</p>` +
      '<p>Kung hindi ikaw ito, palitan agad ang iyong password at alisin ang device sa Security Center.</p>',
  }),
};

/**
 * The in-site message about a login from a new device in every language the site has (en, ty, tl): the default text
 * in the member's language (else en), the others as translations.
 */
export function newDeviceNotice(language: string, d: { label: string; ip: string; at: Date }): SystemText {
  const when = `${d.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const place = { label: escapeHtml(d.label), ip: escapeHtml(d.ip), when };
  return inEveryLanguage(language, ['en', 'ty', 'tl'] as const, 'en', (lang) => NEW_DEVICE_TEXTS[lang](place));
}
