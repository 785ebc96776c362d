const KEY = 'deviceId';
let memo: string | null = null;

/**
 * This browser's device id: random, kept in localStorage and sent with every call (Device-Id header), so that a
 * login from it is known to the member's account (no new-device check). Storage refused: one per page load.
 */
export function deviceId(): string {
  if (memo) return memo;
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return (memo = kept);
  } catch {
    // private mode: not kept
  }
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  memo = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  try {
    localStorage.setItem(KEY, memo);
  } catch {
    // not kept
  }
  return memo;
}
