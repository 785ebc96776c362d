import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
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
    // Generous: CI shares 2 cores with the database; a slow machine must not fail a correct test.
    testTimeout: 30_000,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
