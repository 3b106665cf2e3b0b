import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  // The build-time render of public pages (src/prerender.tsx, run by scripts/prerender.mjs) is one bundle that
  // Node runs as it is: every dependency inside it, each resolved in its server form.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  // ... and in their production form, as the browser's bundle has them: the same style names as the app's (emotion
  // labels them with their component's name in development, so the app would find none of the page's styles as its
  // own) and React's production renderer.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
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
    // A second, small entry that starts the workspace's requests before the app's code has arrived; the build-time
    // script (scripts/prerender.mjs) names it in the workspace's page only. What it runs (the early requests with the
    // API client, the time formatter) is one chunk, which the app's entry imports too.
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          input: { index: fileURLToPath(new URL('index.html', import.meta.url)), early: fileURLToPath(new URL('src/early-entry.ts', import.meta.url)) },
          output: { codeSplitting: { groups: [{ name: 'early', test: /[\\/]src[\\/](?:api[\\/]early|time-format)\.ts$/ }] } },
        },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Two files at a time, one per core of the 2-core machines the tests run on, as the jest tiers do (118 -> 69-77 s
    // there); JEST_WORKERS=1 runs them one at a time, as it does the jest tiers.
    maxWorkers: Number(process.env.JEST_WORKERS ?? 2),
    fileParallelism: process.env.JEST_WORKERS !== '1',
    // A test that drives a whole flow takes seconds when the machine is busy; its waits still end at 5 s each.
    testTimeout: 20_000,
    css: false,
  },
}));
