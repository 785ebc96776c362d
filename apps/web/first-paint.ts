import { join } from 'node:path';
import { type Plugin, runnerImport } from 'vite';
import type { firstSlideTexts } from './src/i18n/first-paint-texts.ts';
import { LANGUAGES } from './src/i18n/languages.ts';

type SlideTexts = { firstSlideTexts: typeof firstSlideTexts };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The CSS that shows the slide's texts in <html lang> only (English when it is none of the others), two rules per
 * language: appended to global.css from the site's languages (src/i18n/languages.ts), so that a new language needs
 * no stylesheet change.
 */
export function firstPaintLanguageCss(htmlLangs: readonly string[]): string {
  const selectors = htmlLangs
    .filter((l) => l !== 'en')
    .flatMap((l) => [
      `html:not([lang='${l}']) .first-paint [lang='${l}']`,
      `html[lang='${l}'] .first-paint [lang='en']`,
    ]);
  return selectors.length ? `\n${selectors.join(',\n')} {\n  display: none;\n}\n` : '';
}

/** The slide's markup in every language (texts read from the locale folders through Vite's module runner). */
async function slideBlock(root: string): Promise<string> {
  const { module } = await runnerImport<SlideTexts>(join(root, 'src/i18n/first-paint-texts.ts'), {
    configFile: false,
    root,
    logLevel: 'error',
  });
  const slide = module.firstSlideTexts
    .map(
      ({ lang, title, text }) =>
        `<h2 lang="${lang}">${escapeHtml(title)}</h2><p lang="${lang}">${escapeHtml(text)}</p>`,
    )
    .join('');
  return (
    `<div id="first-paint" class="first-paint" hidden aria-hidden="true"><div class="first-paint__header"></div>` +
    `<div class="layout__main"><div class="home"><section class="banner"><div class="banner__slide banner__slide--1">` +
    `${slide}</div></section></div></div></div>`
  );
}

/**
 * Build step: the home page's first banner slide, as the app renders it (same classes, texts from the locales in
 * every language), written into index.html before the app's root in place of `<!--first-paint-->`, hidden. The server shows it
 * for the home page only (http/spa.ts removes `hidden` for "/" when the site is open) and sets <html lang> to the
 * visitor's language, which CSS uses to show one of them. While it shows, the loading spinners are hidden (CSS),
 * so it stays the page's content even if the script runs before the first paint; app/first-paint.ts removes it in
 * the commit that mounts the app (or an error or maintenance page). The home's
 * largest paint then needs the HTML and the stylesheet only, not the JavaScript.
 */
export function firstPaint(): Plugin[] {
  let root = process.cwd();
  let block: Promise<string> | undefined;
  const css = firstPaintLanguageCss(LANGUAGES.map((l) => l.html));
  return [
    {
      name: 'sea-first-paint',
      configResolved(config) {
        root = config.root;
      },
      async transformIndexHtml(html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return html;
        if (!html.includes('<!--first-paint-->'))
          throw new Error('firstPaint: index.html has no <!--first-paint--> marker');
        block ??= slideBlock(root);
        const markup = await block;
        return html.replace('<!--first-paint-->', () => markup);
      },
    },
    {
      name: 'sea-first-paint-css',
      enforce: 'pre',
      transform(code, id) {
        return id.split('?')[0]!.endsWith('/src/styles/global.css') ? code + css : undefined;
      },
    },
  ];
}
