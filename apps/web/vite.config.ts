import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress.ts';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/wps': api,
      '/lgw': api,
      '/admin/api': api,
      '/sandbox-gateway': api,
      '/docs': api,
      '/healthz': api,
      '/readyz': api,
    },
  },
  build: { chunkSizeWarningLimit: 400 },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // Popups and pages are lazy chunks: a test's first opening transforms them (the machine is shared and loaded).
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
