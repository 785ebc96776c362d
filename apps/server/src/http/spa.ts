import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allowInlineStyles } from './csp.ts';

const API_PREFIXES = ['/wps/', '/lgw/', '/admin/api/', '/house/', '/wallet/', '/dev/', '/docs', '/healthz', '/readyz'];
/** Our own games' pages (the launch URL /play/<gameCode>?token=…) are their own light entry of the site. */
const PLAY_PREFIX = '/play/';
const PLAY_FILE = 'play.html';
/** The back office (/admin and /admin/*, its API /admin/api/* excepted) is its own entry, admin.html. */
const ADMIN_PATH = '/admin';
const ADMIN_FILE = 'admin.html';
/** Written by the build beside index.html (apps/web/inline-css.ts): the CSP hashes of its inline `<style>` elements. */
const INLINE_STYLES_FILE = 'index.html.styles.json';

/** The hashes the build wrote for index.html's inline styles; none when the file is absent or unreadable. */
function readInlineStyleHashes(distDir: string): string[] {
  try {
    const { styleHashes } = JSON.parse(readFileSync(join(distDir, INLINE_STYLES_FILE), 'utf8')) as {
      styleHashes?: unknown;
    };
    return Array.isArray(styleHashes)
      ? styleHashes.filter((h): h is string => typeof h === 'string' && /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/.test(h))
      : [];
  } catch {
    return [];
  }
}

/**
 * Serves the built SPA, precompressed (brotli or gzip copies made at build time). Hashed assets are immutable;
 * index.html is never cached. Returns the function the not-found handler uses to decide whether a path is a
 * client-side route (HTML fallback): /play/* gets the game pages' entry (play.html), /admin and /admin/* the back
 * office's (admin.html, never indexed), every other page index.html.
 *
 * `bootData`, when given, is written into index.html as a JSON data block (`<script type="application/json"
 * id="boot-status">`, not executed, so the CSP allows it): the site's first call (the system status) answered in the
 * page itself, one round trip less before the first screen. When it fails the page goes out without it and the site
 * makes the call as before.
 *
 * `homeBanners`, when given, answers the home's banner group (w_home) in the visitor's language: on the home page
 * its list is written as a second data block (`id="boot-banners"`), from which the site's first render shows the
 * carousel at once (no empty box, then pop-in), and the first banner's image takes the place of the built-in first
 * slide, so the HTML alone already paints the operator's banner.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string | undefined,
  bootData?: (request: FastifyRequest) => Promise<unknown>,
  homeBanners?: (request: FastifyRequest, language: string) => Promise<{ list: FirstPaintBanner[] }>,
) {
  const indexFile = distDir ? join(distDir, 'index.html') : undefined;
  const enabled = Boolean(indexFile && existsSync(indexFile));
  const playEnabled = Boolean(enabled && distDir && existsSync(join(distDir, PLAY_FILE)));
  const adminEnabled = Boolean(enabled && distDir && existsSync(join(distDir, ADMIN_FILE)));
  const styleHashes = enabled && distDir ? readInlineStyleHashes(distDir) : [];
  if (enabled && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file: sent as the request accepts, never compressed per request.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  /** A GET for a page (not an API path, not an asset, no file extension) gets index.html. */
  return function trySpaFallback(request: FastifyRequest, reply: FastifyReply): boolean {
    if (!enabled || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const path = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))) return false;
    if (path.startsWith('/assets/')) return false;
    const last = path.slice(path.lastIndexOf('/') + 1);
    if (last.includes('.') && path !== '/index.html') return false;
    const isAdmin = adminEnabled && (path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`));
    const file = isAdmin ? ADMIN_FILE : playEnabled && path.startsWith(PLAY_PREFIX) ? PLAY_FILE : 'index.html';
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (isAdmin) reply.header('x-robots-tag', 'noindex, nofollow');
    if (file === 'index.html') allowInlineStyles(reply, styleHashes);
    if (file !== 'index.html' || !bootData || !indexFile) {
      reply.sendFile(file);
      return true;
    }
    // The page as built when it cannot be read here (a missing or moved dist folder): the static plugin answers it.
    void indexWithBootData(indexFile, () => bootData(request), {
      path,
      query: request.query,
      cookie: request.headers.cookie,
      banners: homeBanners && ((language) => homeBanners(request, language)),
    }).then(
      (html) => reply.send(html),
      () => reply.sendFile(file),
    );
    return true;
  };
}

/** index.html as built (read once per process: the dist folder does not change under a running server). */
let indexHtml: { file: string; html: string } | undefined;

interface PageRequest {
  path: string;
  query: unknown;
  cookie: string | undefined;
  banners?: (language: string) => Promise<{ list: FirstPaintBanner[] }>;
}

/** What the first paint needs of a banner (the site's Banner shape, packages/contracts content.ts). */
export interface FirstPaintBanner {
  url: string;
  title: string;
  text: string;
}

async function indexWithBootData(file: string, data: () => Promise<unknown>, page: PageRequest): Promise<string> {
  if (indexHtml?.file !== file) indexHtml = { file, html: readFileSync(file, 'utf8') };
  let { html } = indexHtml;
  let value: unknown;
  try {
    value = await data();
  } catch {
    return html;
  }
  const status = value as { status?: number; defaultLanguage?: string; languages?: string[] };
  const language = pageLanguage(page, status);
  html = html.replace('<html lang="en">', () => `<html lang="${htmlLang(language, status.languages)}">`);
  let blocks = bootDataBlock(value);
  // The home's first banner slide (built into the page hidden, apps/web/first-paint.ts) shows from the HTML alone on
  // the home page of an open site; other pages, maintenance and restricted regions keep the spinner.
  if (page.path === '/' && status.status === 0) {
    html = html.replace('class="first-paint" hidden', 'class="first-paint"');
    const banners = await page.banners?.(language).catch(() => undefined);
    if (banners) {
      blocks += bootDataBlock({ language, list: banners.list }, 'boot-banners');
      const first = banners.list[0];
      if (first) html = html.replace(FIRST_SLIDE, () => firstSlideOf(first));
    }
  }
  return html.replace('</head>', () => `${blocks}</head>`);
}

/** The built first slide (apps/web/first-paint.ts: texts per language) inside the first-paint block. */
const FIRST_SLIDE = /<div class="banner__slide banner__slide--1">[\s\S]*?<\/div><\/section>/;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The operator's first banner as the carousel draws it (BannerCarousel.tsx: same classes), image first. */
export function firstSlideOf(b: FirstPaintBanner): string {
  const caption =
    b.title || b.text
      ? `<span class="banner__caption">${b.title ? `<span class="banner__title">${escapeHtml(b.title)}</span>` : ''}${
          b.text ? `<span class="banner__text">${escapeHtml(b.text)}</span>` : ''
        }</span>`
      : '';
  return (
    `<div class="banner__slide banner__slide--image"><img class="banner__image" src="${escapeHtml(b.url)}" alt="" ` +
    `fetchpriority="high" decoding="async">${caption}</div></section>`
  );
}

/** The site's language for this visitor, as the site picks it: `?lang=`, the kept choice (cookie), the merchant's default. */
export function pageLanguage(
  page: Pick<PageRequest, 'query' | 'cookie'>,
  status: { defaultLanguage?: string; languages?: string[] },
): string {
  const fromUrl = (page.query as { lang?: unknown } | undefined)?.lang;
  if (typeof fromUrl === 'string' && fromUrl) return fromUrl;
  const kept = /(?:^|;\s*)i18nextLng=([A-Za-z-]{2,10})/.exec(page.cookie ?? '')?.[1];
  if (kept) return kept;
  const fallback = status.defaultLanguage;
  return fallback && status.languages?.includes(fallback) ? fallback : 'en';
}

/**
 * The HTML language of a site language the merchant offers, as the web app sets it (apps/web/src/i18n/languages.ts):
 * TY, the spec's name, is Vietnamese; every other code is its own tag (tl); English for a language not offered.
 */
export const htmlLang = (language: string, offered: readonly string[] = []): string => {
  if (!offered.includes(language) || !/^[a-z]{2,3}$/.test(language)) return 'en';
  return language === 'ty' ? 'vi' : language;
};

/** The JSON data block; `<` escaped so that no value can close the script element. */
export function bootDataBlock(value: unknown, id = 'boot-status'): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}
