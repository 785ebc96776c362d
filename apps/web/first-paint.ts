import type { Plugin } from 'vite';
import { en } from './src/i18n/locales/en.ts';
import { ty } from './src/i18n/locales/ty.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The HTML language of each site language (as i18n/index.ts sets it on <html>). */
const LANGUAGES = [
  { lang: 'en', texts: en },
  { lang: 'vi', texts: ty },
] as const;

/**
 * Build step: the home page's first banner slide, as the app renders it (same classes, texts from the locales in
 * both languages), written into index.html before the app's root in place of `<!--first-paint-->`, hidden. The server shows it
 * for the home page only (http/spa.ts removes `hidden` for "/" when the site is open) and sets <html lang> to the
 * visitor's language, which CSS uses to show one of the two. While it shows, the loading spinners are hidden (CSS),
 * so it stays the page's content even if the script runs before the first paint; app/first-paint.ts removes it in
 * the commit that mounts the app (or an error or maintenance page). The home's
 * largest paint then needs the HTML and the stylesheet only, not the JavaScript.
 */
export function firstPaint(): Plugin {
  const slide = LANGUAGES.map(
    ({ lang, texts }) =>
      `<h2 lang="${lang}">${escapeHtml(texts.home.banner1Title)}</h2><p lang="${lang}">${escapeHtml(texts.home.banner1Text)}</p>`,
  ).join('');
  const block =
    `<div id="first-paint" class="first-paint" hidden aria-hidden="true"><div class="first-paint__header"></div>` +
    `<div class="layout__main"><div class="home"><section class="banner"><div class="banner__slide banner__slide--1">` +
    `${slide}</div></section></div></div></div>`;
  return {
    name: 'sea-first-paint',
    transformIndexHtml(html, ctx) {
      if (!ctx.filename.endsWith('index.html')) return html;
      if (!html.includes('<!--first-paint-->'))
        throw new Error('firstPaint: index.html has no <!--first-paint--> marker');
      return html.replace('<!--first-paint-->', () => block);
    },
  };
}
