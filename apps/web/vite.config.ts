import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // The machine is shared with other builds; one worker keeps test runs lean.
    maxWorkers: 1,
    fileParallelism: false,
    // A test that drives a whole flow takes seconds when the machine is busy; its waits still end at 5 s each.
    testTimeout: 20_000,
    css: false,
  },
});
