import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress.ts';

const api = 'http://127.0.0.1:3000';

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

export default defineConfig({
  plugins: [react(), playEntry(), precompress()],
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
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        play: fileURLToPath(new URL('./play.html', import.meta.url)),
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // Generous: CI shares 2 cores with the database; a slow machine must not fail a correct test.
    testTimeout: 30_000,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
