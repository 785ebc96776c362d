const KEY = 'merchantCode';

/** A `?merchant=CODE` link selects a merchant (white label); it is kept in local and session storage. */
export function captureMerchantFromUrl(search: string = window.location.search): void {
  const code = new URLSearchParams(search).get('merchant')?.trim().toLowerCase();
  if (code && /^[a-z0-9][a-z0-9_-]{0,31}$/.test(code)) {
    localStorage.setItem(KEY, code);
    sessionStorage.setItem(KEY, code);
  }
}

export function getMerchantCode(): string | null {
  return sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY);
}
