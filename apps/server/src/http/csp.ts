/**
 * The Content-Security-Policy of every answer. Images, frames and connections are limited to the site itself
 * plus `origins`: the ones the merchant configured (its game vendors' launch and icon hosts) and the CDN of
 * the installation. Our own games and the demo vendor are served from this origin (/play/, /demo-vendor/).
 */
export function contentSecurityPolicy(origins: readonly string[], styleHashes: readonly string[] = []): string {
  const extra = origins.length ? ` ${origins.join(' ')}` : '';
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    `img-src 'self' data: blob:${extra}`,
    `frame-src 'self'${extra}`,
    `connect-src 'self'${extra}`,
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    // A page with inline `<style>` elements of its own (index.html, apps/web/inline-css.ts) names their hashes: then no
    // other `<style>` element may run on it; style attributes stay allowed as everywhere.
    ...(styleHashes.length
      ? [`style-src 'self' https: ${styleHashes.join(' ')}`, "style-src-attr 'unsafe-inline'"]
      : ["style-src 'self' https: 'unsafe-inline'"]),
    'upgrade-insecure-requests',
  ].join('; ');
}

const inlineStyles = new WeakMap<object, readonly string[]>();

/** This answer carries inline `<style>` elements with these CSP hashes (`'sha256-…'`): its policy allows them. */
export function allowInlineStyles(reply: object, hashes: readonly string[]): void {
  if (hashes.length) inlineStyles.set(reply, hashes);
}

/** The hashes `allowInlineStyles` gave this answer (none by default). */
export function inlineStyleHashes(reply: object): readonly string[] {
  return inlineStyles.get(reply) ?? [];
}

/** `https://cdn.example.com/path?x` → `https://cdn.example.com`; undefined for anything that is not http(s). */
export function originOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
    return u.origin;
  } catch {
    return undefined;
  }
}

/** Origins from a list of URLs, without duplicates, only characters a CSP source may hold. */
export function originsOf(urls: Iterable<string | null | undefined>): string[] {
  const out = new Set<string>();
  for (const url of urls) {
    const o = originOf(url);
    if (o && /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(o)) out.add(o);
  }
  return [...out];
}
