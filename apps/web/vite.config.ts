import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { firstPageDeps } from './first-page-deps.ts';
import { firstPaint } from './first-paint.ts';
import { inlineCss } from './inline-css.ts';
import { precompress } from './precompress.ts';
import { preloadApp } from './preload-app.ts';

const api = 'http://127.0.0.1:3000';
const firstPage = firstPageDeps();

/** zod and the contracts package, except its zod-free modules the first page imports (money-format, game-constants). */
const isSchemaModule = (id: string) =>
  /[\\/]node_modules[\\/]zod[\\/]/.test(id) ||
  (/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id) && !/(money-format|game-constants)\.ts$/.test(id));

/**
 * Modules the player app (App.tsx, loaded on every page of the site) imports and its lazy pages import too; none is
 * used by the game pages' or the back office's entries.
 */
const SHELL_MODULES = [
  'api/content.ts',
  'api/games.ts',
  'api/member-query.ts',
  'state/game-launch.ts',
  'state/ui.ts',
  'lib/game-routes.ts',
  'lib/date-time.ts',
  'components/error-text.ts',
  'components/games/GameIcon.tsx',
  'components/games/game-fallback.svg?no-inline',
];
const isShellModule = (id: string) => {
  const path = id.replace(/\\/g, '/');
  return SHELL_MODULES.some((m) => path.endsWith(`/apps/web/src/${m}`));
};

/** The game pages (/play/<gameCode>) are their own light entry, play.html; the dev server serves it like the server does. */
const playEntry = (): Plugin => ({
  name: 'sea-play-entry',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = req.url ?? '';
      if (url.startsWith('/play/')) req.url = `/play.html${url.includes('?') ? url.slice(url.indexOf('?')) : ''}`;
      next();
    });
  },
});

/**
 * The back office (/admin, /admin/*) is its own entry, admin.html (src/admin/): nothing of it is loaded by the player
 * site. The dev server serves it like the server does; /admin/api/* goes to the API (proxy below).
 */
const adminEntry = (): Plugin => ({
  name: 'sea-admin-entry',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = req.url ?? '';
      const path = url.split('?')[0] ?? '';
      if ((path === '/admin' || path.startsWith('/admin/')) && !path.startsWith('/admin/api/'))
        req.url = `/admin.html${url.includes('?') ? url.slice(url.indexOf('?')) : ''}`;
      next();
    });
  },
});

export default defineConfig({
  plugins: [
    react(),
    playEntry(),
    adminEntry(),
    firstPage.plugin,
    firstPaint(),
    preloadApp(),
    inlineCss(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/wps': api,
      '/house': api,
      '/lgw': api,
      '/admin/api': api,
      '/sandbox-gateway': api,
      '/docs': api,
      '/healthz': api,
      '/readyz': api,
    },
  },
  build: {
    chunkSizeWarningLimit: 400,
    // Every browser the site supports has <link rel="modulepreload">: no polyfill in the first page's script.
    modulePreload: { polyfill: false, resolveDependencies: firstPage.resolveDependencies },
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        play: fileURLToPath(new URL('./play.html', import.meta.url)),
        admin: fileURLToPath(new URL('./admin.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // Otherwise the zod-free modules the contracts re-export (money-format) would follow them into the group.
          includeDependenciesRecursively: false,
          groups: [
            // zod and the contracts' schemas in one chunk of their own, loaded by the forms and money pages only:
            // left to itself the bundler put them in a chunk the home page imports (for a 0.5 KB helper).
            { name: 'contracts', test: (id: string) => isSchemaModule(id) },
            // The small modules the player app's shell shares with its lazy pages, in one chunk: left to itself the
            // bundler gave each its own file, nine requests on the home page (bench:web counts its files).
            { name: 'shell', test: (id: string) => isShellModule(id) },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // Generous: CI shares 2 cores with the database; a slow machine must not fail a correct test.
    testTimeout: 30_000,
    // vitest's default is one worker on a 2-core machine (CPUs − 1): the suite ran single-file at a time.
    maxWorkers: 2,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
