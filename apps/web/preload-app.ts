import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Build step: index.html names the app chunk (src/app/App.tsx, imported dynamically by Boot so it downloads
 * while the status call runs) and everything it imports statically, as `modulepreload` links, and its styles
 * as prefetches. Without them the browser learns of those files only once the entry has run, one round trip
 * later, and the home page's largest paint waits for it.
 */
export function preloadApp(appModule = '/src/app/App.tsx'): Plugin {
  return {
    name: 'sea-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('index.html')) return html;
        const chunks = Object.values(ctx.bundle).filter((c): c is ChunkLike & typeof c => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c as ChunkLike]));
        const app = chunks.find((c) => c.facadeModuleId?.endsWith(appModule)) as ChunkLike | undefined;
        if (!app) throw new Error(`preloadApp: no chunk for ${appModule}`);
        const files = new Set<string>();
        const css = new Set<string>();
        const visit = (c: ChunkLike) => {
          if (files.has(c.fileName)) return;
          files.add(c.fileName);
          for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
          for (const i of c.imports) {
            const dep = byName.get(i);
            if (dep) visit(dep);
          }
        };
        visit(app);
        const base = '/';
        const links = [
          ...[...files]
            .filter((f) => !html.includes(`${base}${f}"`))
            .map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
          // Not render-blocking: Vite's loader adds the stylesheet with the app chunk and mounts the app once it has
          // loaded (so nothing shows unstyled); the prefetch only starts the fetch early, at the lowest priority.
          ...[...css]
            .filter((f) => !html.includes(`${base}${f}"`))
            .map((f) => `<link rel="prefetch" as="style" crossorigin href="${base}${f}">`),
        ];
        return html.replace(/\n?\s*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}
