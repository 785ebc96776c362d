import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The file beside index.html that names the hashes of its inline `<style>` elements (read by http/spa.ts). */
export const INLINE_STYLES_FILE = 'index.html.styles.json';

/** A CSP hash source of a `<style>` element's text (what the browser hashes: the text as written, UTF-8). */
export const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

interface AssetLike {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}

/**
 * Build step (after preload-app.ts): the entry's stylesheets (global.css: the first paint's banner, the header, the
 * spinner — everything the HTML alone shows) are written into index.html as one `<style>` element instead of
 * `<link rel="stylesheet">`, so the first paint needs the document only, not a second round trip for a
 * render-blocking file. The app chunk's own stylesheet (the home's game rows, …) stays out of the first paint: Vite's
 * loader fetches it with the app chunk and the app mounts only once it has loaded, so nothing shows unstyled
 * (preload-app.ts names it with `rel="prefetch"` so that its fetch starts with the document, at the lowest priority).
 *
 * The server's CSP allows no inline `<style>` but this one: the build writes its hash to index.html.styles.json and
 * http/spa.ts adds it to the page's `style-src`.
 */
export function inlineCss(): Plugin {
  let hashes: string[] = [];
  return {
    name: 'sea-inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('index.html')) return html;
        const assets = new Map(
          Object.values(ctx.bundle)
            .filter((a): a is AssetLike & typeof a => a.type === 'asset')
            .map((a) => [`/${a.fileName}`, a as AssetLike]),
        );
        const entryLinks = [...html.matchAll(/[ \t]*<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">\n?/g)];
        if (entryLinks.length === 0) throw new Error('inlineCss: index.html links no entry stylesheet');
        const css = entryLinks
          .map((m) => {
            const asset = assets.get(m[1]!);
            if (!asset) throw new Error(`inlineCss: no asset for ${m[1]}`);
            return typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
          })
          .join('\n')
          .trim();
        // A `</style` in the CSS would end the element early (none of ours has one; refuse rather than ship it broken).
        if (/<\/style/i.test(css)) throw new Error('inlineCss: the CSS holds "</style"');
        hashes = [styleHash(css)];
        let out = html;
        // Each link stays, disabled (a disabled stylesheet is neither fetched nor applied): Vite's loader, asked for
        // the same file by a lazy chunk that imports from the entry, finds it there and adds nothing, so the global
        // rules are never applied a second time after the app's.
        entryLinks.forEach((m, i) => {
          const marker = `    <link rel="stylesheet" crossorigin href="${m[1]}" disabled>\n`;
          out = out.replace(m[0], i === 0 ? `    <style>${css}</style>\n${marker}` : marker);
        });
        return out;
      },
    },
    writeBundle(options) {
      if (!options.dir) return;
      writeFileSync(join(options.dir, INLINE_STYLES_FILE), `${JSON.stringify({ styleHashes: hashes })}\n`);
    },
  };
}
